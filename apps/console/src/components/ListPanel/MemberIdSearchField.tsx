import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { MemberIdInput, memberIdSearchRules } from '../MemberIdInput';

/** The `MemberIDs` filter of a search form (spec §7): pasted IDs, checked before they go in the address. */
export function MemberIdSearchField() {
  const { t } = useTranslation('lists');
  return (
    <Form.Item name="MemberIDs" label={t('lists.memberIds')} rules={memberIdSearchRules(t)} style={{ width: 320 }}>
      <MemberIdInput rows={1} maxRows={4} placeholder={t('memberIds.searchPlaceholder')} />
    </Form.Item>
  );
}
