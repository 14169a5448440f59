import { EditOutlined } from '@ant-design/icons';
import type { BlacklistMember, MemberLockCall } from '@pitboss/contract';
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
import type { DataPage, PageRequest } from '../../lib/list-page';
import { isoInZone } from '../../lib/time-zone';
import { LockStateTags, NoLockingApiWarning } from '../block-api/LockState';
import { fetchLockStatus, useLockStatusQuery } from '../block-api/queries/lock-status';
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

/** A blacklist entry with where the member stands at each block API. */
type BlacklistRow = BlacklistMember & { Lock: MemberLockCall[]; LockingApis: number };

/** One page of the blacklist, with each member's lock outcome (one more call for the whole page). */
async function fetchBlacklistRowsPage(
  filters: BlacklistFilters,
  request: PageRequest,
  signal: AbortSignal,
): Promise<DataPage<BlacklistRow>> {
  const page = await fetchBlacklistMembersPage(filters, request, signal);
  const status = await fetchLockStatus(
    page.rows.map((r) => r.MemberID),
    signal,
  );
  const calls = new Map(status.Members.map((m) => [m.MemberID, m.Calls]));
  return {
    total: page.total,
    rows: page.rows.map((r) => ({ ...r, Lock: calls.get(r.MemberID) ?? [], LockingApis: status.LockingApis })),
  };
}

/** The blacklist's members: search, add (which locks them through the block APIs), edit, remove, export. */
export function BlacklistMembersTab({ onShowLog }: { onShowLog: () => void }) {
  const { t } = useTranslation('blacklist');
  const { canEdit } = useCan();
  const add = useAddBlacklistMembersMutation();
  const remove = useRemoveBlacklistMembersMutation();
  const [editing, setEditing] = useState<BlacklistMember>();

  const lockStatus = useLockStatusQuery([]);
  const columns: ColumnsType<BlacklistRow> = [
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
      title: t('columns.Lock'),
      key: 'Lock',
      render: (_: unknown, row) => <LockStateTags calls={row.Lock} lockingApis={row.LockingApis} />,
    },
  ];

  const describeProblem = (problem: EntryProblem) =>
    problem.code === 'MEMBER_ON_WHITELIST' ? t('onWhitelist') : undefined;

  return (
    <>
      {lockStatus.data?.LockingApis === 0 && (
        <div style={{ marginBottom: 16 }}>
          <NoLockingApiWarning canEdit={canEdit} />
        </div>
      )}
      <MemberListPanel<BlacklistRow, BlacklistFilters>
        testId="blacklist-members"
        queryKey={blacklistMembersQueryKey}
        fetchPage={fetchBlacklistRowsPage}
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
                ) : answer.Added.length > 0 ? (
                  <Typography.Text type="warning" data-testid="not-locked-note">
                    {t('notLocked')}
                  </Typography.Text>
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
