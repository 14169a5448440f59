import type { WhitelistMember } from '@pitboss/contract';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { EntryProblem } from '../../components/BulkAdd';
import { type MemberFilters, MemberListPanel } from '../../components/ListPanel/MemberListPanel';
import { useCan } from '../../hooks/useCan';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import { isoInZone } from '../../lib/time-zone';
import { fetchWhitelistMembersPage, whitelistMembersQueryKey } from './queries/list-whitelist-members';
import { useAddWhitelistMembersMutation } from './queries/use-add-whitelist-members-mutation';
import { useRemoveWhitelistMembersMutation } from './queries/use-remove-whitelist-members-mutation';

/** Exported with the API's field names, so the file imports back and scripts can read it. */
const CSV_COLUMNS: CsvColumn<WhitelistMember>[] = [
  { title: 'MemberID', value: (r) => r.MemberID },
  { title: 'NickName', value: (r) => r.NickName },
  { title: 'VIPLevel', value: (r) => r.VIPLevel },
  { title: 'Memo', value: (r) => r.Memo },
  { title: 'CreateDate', value: (r) => isoInZone(r.CreateDate) },
  { title: 'CreatedBy', value: (r) => r.CreatedBy },
];

/** Whitelisted members raise no player alerts: search, add, remove, export. */
export function WhitelistMembersTab() {
  const { t } = useTranslation('whitelist');
  const { canEdit } = useCan();
  const add = useAddWhitelistMembersMutation();
  const remove = useRemoveWhitelistMembersMutation();

  const columns: ColumnsType<WhitelistMember> = [
    { title: t('columns.MemberID'), dataIndex: 'MemberID', sorter: true },
    { title: t('columns.NickName'), dataIndex: 'NickName', sorter: true },
    { title: t('columns.VIPLevel'), dataIndex: 'VIPLevel', sorter: true, align: 'right' },
    { title: t('columns.Memo'), dataIndex: 'Memo', ellipsis: { showTitle: true }, width: 320 },
    { title: t('columns.CreateDate'), dataIndex: 'CreateDate', sorter: true, render: (v: string) => formatDateTime(v) },
    { title: t('columns.CreatedBy'), dataIndex: 'CreatedBy' },
  ];

  const describeProblem = (problem: EntryProblem) =>
    problem.code === 'MEMBER_ON_BLACKLIST' ? t('onBlacklist') : undefined;

  return (
    <MemberListPanel<WhitelistMember, MemberFilters>
      testId="whitelist-members"
      queryKey={whitelistMembersQueryKey}
      fetchPage={fetchWhitelistMembersPage}
      columns={columns}
      defaultSort="CreateDate Desc"
      csv={{ fileName: datedFileName('whitelist'), columns: CSV_COLUMNS }}
      canEdit={canEdit}
      add={{
        title: t('addTitle'),
        intro: t('addIntro'),
        bodyField: 'WhiteMember_UDT',
        describeProblem,
        submit: async (entries) => {
          const answer = await add.mutateAsync(entries.map((e) => ({ MemberID: e.key, Memo: e.memo })));
          return { added: answer.Added, alreadyListed: answer.AlreadyListed };
        },
      }}
      remove={(ids) => remove.mutateAsync(ids)}
    />
  );
}
