import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkAddModalProps } from '../BulkAdd';
import { MEMBER_CSV_COLUMNS, validateMemberEntry } from '../BulkAdd/member-entries';
import { ListPanel, type ListPanelProps } from './ListPanel';
import { MemberIdSearchField } from './MemberIdSearchField';

/** The filters every member list takes (spec §7: `MemberIDs`; plus a keyword); screens add more. */
export interface MemberFilters {
  MemberIDs?: string[];
  Keyword?: string;
}

export interface MemberListPanelProps<T extends { MemberID: string }, F extends MemberFilters>
  extends Omit<ListPanelProps<T, F>, 'rowKey' | 'filterFields' | 'toFilters' | 'addLabel' | 'add' | 'removeWhat'> {
  /** More filter fields after the member IDs and the keyword. */
  extraFilters?: ReactNode;
  add: Pick<BulkAddModalProps, 'title' | 'intro' | 'bodyField' | 'submit' | 'describeProblem'>;
}

/** `ListPanel` for a list of member IDs: search by pasted IDs and keyword, add by ID or CSV file. */
export function MemberListPanel<T extends { MemberID: string }, F extends MemberFilters>({
  extraFilters,
  add,
  ...props
}: MemberListPanelProps<T, F>) {
  const { t } = useTranslation('lists');
  return (
    <ListPanel<T, F>
      {...props}
      rowKey="MemberID"
      filterFields={
        <>
          <MemberIdSearchField />
          <Form.Item name="Keyword" label={t('lists.keyword')} rules={[{ max: 100 }]} style={{ width: 220 }}>
            <Input allowClear placeholder={t('lists.keywordPlaceholder')} />
          </Form.Item>
          {extraFilters}
        </>
      }
      toFilters={(values) => ({
        ...values,
        Keyword: values.Keyword?.trim() || undefined,
        MemberIDs: values.MemberIDs?.length ? values.MemberIDs : undefined,
      })}
      addLabel={t('lists.add')}
      add={{
        ...add,
        keyTitle: t('lists.memberId'),
        pastePlaceholder: t('lists.pastePlaceholder'),
        csv: MEMBER_CSV_COLUMNS,
        csvHint: t('lists.csvHint'),
        validate: validateMemberEntry,
      }}
      removeWhat={(ids) =>
        ids.length === 1 ? t('lists.whatOne', { id: ids[0] }) : t('lists.what', { count: ids.length })
      }
    />
  );
}
