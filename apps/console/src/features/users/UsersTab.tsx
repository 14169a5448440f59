import { MailOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Tag, User } from '@pitboss/contract';
import { App, Button, Flex, Input, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { useGlobalStore } from '../../store/global-store';
import { CreateUserModal } from './CreateUserModal';
import { EditUserModal } from './EditUserModal';
import { GroupSelect } from './GroupSelect';
import { InviteModal } from './InviteModal';
import { fetchUsersPage, listUsersKey, type UserFilter } from './queries/list-users';
import { useDeleteUserMutation } from './queries/use-delete-user-mutation';
import { useInviteUserMutation } from './queries/use-invite-user-mutation';
import { useUpdateUserMutation } from './queries/use-update-user-mutation';
import { useLastAdminRefusal } from './use-refusal';
import { useUserColumns } from './user-columns';
import { RoleSelect } from './user-labels';

/** The users of the working company: search, filters, add, invite, edit, disable, delete, bulk group. */
export function UsersTab({ initialGroupId }: { initialGroupId?: number | undefined }) {
  const { t } = useTranslation('users');
  const { message, modal } = App.useApp();
  const self = useGlobalStore((s) => s.session?.account);
  const [filter, setFilter] = useState<UserFilter>({ search: '', groupId: initialGroupId });
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User>();
  const [selected, setSelected] = useState<User[]>([]);
  const [bulkGroup, setBulkGroup] = useState<number | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const update = useUpdateUserMutation();
  const remove = useDeleteUserMutation();
  const invite = useInviteUserMutation();
  const confirmDelete = useConfirmDelete();
  const lastAdmin = useLastAdminRefusal();

  const showFailure = (error: unknown) => {
    if (!lastAdmin(error)) void message.error((error as Error).message);
  };

  const columns = useUserColumns({
    self,
    onEdit: setEditing,
    onToggle: (user) => {
      const enable = user.Status === 0;
      const run = () =>
        update
          .mutateAsync({ aid: user.AID, body: { Status: enable ? 1 : 0 } })
          .then(
            () => void message.success(t(enable ? 'toggle.enabled' : 'toggle.disabled', { account: user.Account })),
            showFailure,
          );
      if (enable) void run();
      else
        modal.confirm({
          title: t('toggle.disableConfirm', { account: user.Account }),
          okText: t('actions.disable'),
          okButtonProps: { danger: true },
          cancelText: t('common:actions.cancel'),
          onOk: run,
        });
    },
    onResend: (user) =>
      modal.confirm({
        title: t('resend.confirm', { account: user.Account }),
        okText: t('actions.resend'),
        cancelText: t('common:actions.cancel'),
        onOk: () =>
          invite
            .mutateAsync({ AID: user.AID })
            .then(() => void message.success(t('resend.done', { mail: user.Mail })), showFailure),
      }),
    onDelete: (user) =>
      confirmDelete({
        what: t('deleteWhat', { account: user.Account }),
        // A refusal (the last administrator) stays in the dialog for the admin to read.
        onConfirm: () => remove.mutateAsync(user.AID),
      }),
  });

  const applyBulkGroup = async () => {
    setBulkBusy(true);
    let done = 0;
    try {
      for (const user of selected) {
        await update.mutateAsync({ aid: user.AID, body: { GroupID: bulkGroup } });
        done += 1;
      }
      void message.success(t('bulk.done', { count: done }));
      setSelected([]);
    } catch (error) {
      const account = selected[done]?.Account ?? '';
      void message.error(
        t('bulk.partly', { done, count: selected.length, account, message: (error as Error).message }),
      );
    } finally {
      setBulkBusy(false);
    }
  };

  const fetchPage = useMemo(() => fetchUsersPage(filter), [filter]);
  const toolbar = (
    <Flex wrap gap="small">
      <Input.Search
        allowClear
        placeholder={t('search')}
        aria-label={t('search')}
        style={{ width: 240 }}
        onSearch={(search) => setFilter((f) => ({ ...f, search: search.trim() }))}
      />
      <RoleSelect
        allowClear
        placeholder={t('columns.tags')}
        style={{ width: 140 }}
        value={filter.tags}
        onChange={(tags?: Tag) => setFilter((f) => ({ ...f, tags }))}
      />
      <GroupSelect
        allowClear
        placeholder={t('columns.group')}
        style={{ width: 160 }}
        value={filter.groupId}
        onChange={(groupId) => setFilter((f) => ({ ...f, groupId: groupId ?? undefined }))}
      />
      <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
        {t('add')}
      </Button>
      <Button icon={<MailOutlined />} onClick={() => setInviting(true)}>
        {t('invite')}
      </Button>
    </Flex>
  );

  return (
    <Flex vertical gap="small">
      {toolbar}
      {selected.length > 0 && (
        <Flex gap="small" align="center" wrap data-testid="bulk-bar">
          <Typography.Text>{t('bulk.selected', { count: selected.length })}</Typography.Text>
          <GroupSelect
            allowNone
            style={{ width: 180 }}
            value={bulkGroup}
            onChange={(groupId) => setBulkGroup(groupId ?? null)}
            aria-label={t('bulk.setGroup')}
          />
          <Button loading={bulkBusy} onClick={() => void applyBulkGroup()}>
            {t('bulk.setGroup')}
          </Button>
        </Flex>
      )}
      <DataTable<User>
        // A new filter starts again at page 1.
        key={JSON.stringify(filter)}
        queryKey={listUsersKey(filter)}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="AID"
        rowSelection={{
          selectedRowKeys: selected.map((u) => u.AID),
          onChange: (_keys, rows) => setSelected(rows),
          preserveSelectedRowKeys: true,
        }}
      />
      <CreateUserModal open={adding} onClose={() => setAdding(false)} />
      <InviteModal open={inviting} onClose={() => setInviting(false)} />
      <EditUserModal user={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}
