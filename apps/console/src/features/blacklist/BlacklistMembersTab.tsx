import { EditOutlined } from '@ant-design/icons';
import type { BlacklistMember } from '@pitboss/contract';
import { Button, Form, Select, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryProblem } from '../../components/BulkAdd';
import { IconAction } from '../../components/IconAction';
import { MemberListPanel } from '../../components/ListPanel/MemberListPanel';
import { useCan } from '../../hooks/useCan';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import { isoInZone } from '../../lib/time-zone';
import { ENTRY_TYPES, entryTypeName } from './alert-types';
import { EditBlacklistMemberModal } from './EditBlacklistMemberModal';
import {
  type BlacklistFilters,
  blacklistMembersQueryKey,
  fetchBlacklistMembersPage,
} from './queries/list-blacklist-members';
import { useAddBlacklistMembersMutation } from './queries/use-add-blacklist-members-mutation';
import { useRemoveBlacklistMembersMutation } from './queries/use-remove-blacklist-members-mutation';

/** Exported with the API's field names, so the file imports back and scripts can read it. */
const CSV_COLUMNS: CsvColumn<BlacklistMember>[] = [
  { title: 'MemberID', value: (r) => r.MemberID },
  { title: 'NickName', value: (r) => r.NickName },
  { title: 'VIPLevel', value: (r) => r.VIPLevel },
  { title: 'TypeName', value: (r) => r.TypeName },
  { title: 'Memo', value: (r) => r.Memo },
  { title: 'CreateDate', value: (r) => isoInZone(r.CreateDate) },
  { title: 'EventType', value: (r) => r.EventType },
  { title: 'CreatedBy', value: (r) => r.CreatedBy },
  { title: 'UpdateDate', value: (r) => isoInZone(r.UpdateDate) },
  { title: 'UpdatedBy', value: (r) => r.UpdatedBy },
];

/** The blacklist's members: search, add (which locks them through the block APIs), edit, remove, export. */
export function BlacklistMembersTab({ onShowLog }: { onShowLog: () => void }) {
  const { t } = useTranslation('blacklist');
  const { canEdit } = useCan();
  const add = useAddBlacklistMembersMutation();
  const remove = useRemoveBlacklistMembersMutation();
  const [editing, setEditing] = useState<BlacklistMember>();

  const columns: ColumnsType<BlacklistMember> = [
    { title: t('columns.MemberID'), dataIndex: 'MemberID', sorter: true },
    { title: t('columns.NickName'), dataIndex: 'NickName', sorter: true },
    { title: t('columns.VIPLevel'), dataIndex: 'VIPLevel', sorter: true, align: 'right' },
    {
      title: t('columns.TypeName'),
      dataIndex: 'TypeName',
      render: (_: string, row) => (
        <Tag color={row.EventType ? 'volcano' : 'default'}>{entryTypeName(t, row.EventType)}</Tag>
      ),
    },
    {
      title: t('columns.Memo'),
      dataIndex: 'Memo',
      ellipsis: { showTitle: true },
      width: 240,
    },
    {
      title: t('columns.CreateDate'),
      dataIndex: 'CreateDate',
      sorter: true,
      render: (value: string, row) => (
        <Tooltip
          title={t('addedBy', {
            account: row.CreatedBy || '—',
            updated: formatDateTime(row.UpdateDate),
            by: row.UpdatedBy || '—',
          })}
        >
          <span>{formatDateTime(value)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('columns.EventType'),
      dataIndex: 'EventType',
      sorter: true,
      align: 'right',
      render: (value: number | null) => value ?? <Typography.Text type="secondary">—</Typography.Text>,
    },
  ];

  const describeProblem = (problem: EntryProblem) =>
    problem.code === 'MEMBER_ON_WHITELIST' ? t('onWhitelist') : undefined;

  return (
    <>
      <MemberListPanel<BlacklistMember, BlacklistFilters>
        testId="blacklist-members"
        queryKey={blacklistMembersQueryKey}
        fetchPage={fetchBlacklistMembersPage}
        columns={columns}
        defaultSort="CreateDate Desc"
        csv={{ fileName: datedFileName('blacklist'), columns: CSV_COLUMNS }}
        canEdit={canEdit}
        extraFilters={
          <Form.Item name="EventTypes" label={t('columns.TypeName')} style={{ width: 240 }}>
            <Select
              mode="multiple"
              allowClear
              maxTagCount="responsive"
              placeholder={t('allTypes')}
              options={ENTRY_TYPES.map((type) => ({ value: type, label: entryTypeName(t, type) }))}
            />
          </Form.Item>
        }
        add={{
          title: t('addTitle'),
          intro: t('addIntro'),
          bodyField: 'BlackMember_UDT',
          describeProblem,
          submit: async (entries) => {
            const answer = await add.mutateAsync(entries.map((e) => ({ MemberID: e.key, Memo: e.memo })));
            return {
              added: answer.Added,
              alreadyListed: answer.AlreadyListed,
              note:
                answer.BlockCallsQueued > 0 ? (
                  <>
                    {t('callsQueued', { count: answer.BlockCallsQueued })}{' '}
                    <Button type="link" size="small" onClick={onShowLog} style={{ padding: 0 }}>
                      {t('showLog')}
                    </Button>
                  </>
                ) : undefined,
            };
          },
        }}
        remove={(ids) => remove.mutateAsync(ids)}
        removeDetails={<Typography.Text type="warning">{t('removeDetails')}</Typography.Text>}
        rowActions={(row) => (
          <IconAction
            icon={<EditOutlined />}
            title={t('common:actions.edit')}
            target={row.MemberID}
            onClick={() => setEditing(row)}
          />
        )}
      />
      {canEdit && <EditBlacklistMemberModal member={editing} onClose={() => setEditing(undefined)} />}
    </>
  );
}
