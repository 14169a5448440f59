import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { GroupSelect } from './GroupSelect';
import { RoleSelect } from './user-labels';

/** The role (`Tags`, required) and group (`GroupID`, may be none) of a user or an invitation. */
export function RoleGroupFields() {
  const { t } = useTranslation('users');
  return (
    <>
      <Form.Item name="Tags" label={t('fields.tags')} rules={[{ required: true }]}>
        <RoleSelect />
      </Form.Item>
      <Form.Item name="GroupID" label={t('fields.group')}>
        <GroupSelect allowNone />
      </Form.Item>
    </>
  );
}
