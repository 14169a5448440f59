import { MailOutlined, UserAddOutlined } from '@ant-design/icons';
import type { User } from '@pitboss/contract';
import { App, Button, Flex, Form, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { SearchForm } from '../../components/SearchForm';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName } from '../../lib/format';
import type { PageRequest } from '../../lib/list-page';
import { isoInZone } from '../../lib/time-zone';
import { useGlobalStore } from '../../store/global-store';
import { CreateUserModal } from './CreateUserModal';
import { EditUserModal } from './EditUserModal';
import { GroupSelect } from './GroupSelect';
import { InviteModal } from './InviteModal';
import { fetchUsersPage, listUsersKey, type UserFilters } from './queries/list-users';
import { useDeleteUserMutation } from './queries/use-delete-user-mutation';
import { useInviteUserMutation } from './queries/use-invite-user-mutation';
import { useResetLinkMutation } from './queries/use-reset-link-mutation';
import { useUpdateUserMutation } from './queries/use-update-user-mutation';
import { showUnsentLink } from './unsent-link';
import { useLastAdminRefusal } from './use-refusal';
import { useUserColumns } from './user-columns';
import { RoleSelect } from './user-labels';

/** The users' columns in a CSV export: the API's field names, so a file reads back into scripts. */
const CSV_COLUMNS: CsvColumn<User>[] = [
  { title: 'Account', value: (u) => u.Account },
  { title: 'Name', value: (u) => u.Name },
  { title: 'Mail', value: (u) => u.Mail },
  { title: 'Tags', value: (u) => u.Tags },
  { title: 'Status', value: (u) => u.Status },
  { title: 'GroupName', value: (u) => u.GroupName },
  { title: 'CreateDate', value: (u) => isoInZone(u.CreateDate) },
];

/** The users of the working company: search, filters, add, invite, edit, disable, delete, bulk group, export. */
export function UsersTab({ initialGroupId }: { initialGroupId?: number | undefined }) {
  const { t } = useTranslation('users');
  const { message, modal } = App.useApp();
  const self = useGlobalStore((s) => s.session?.account);
  const [filters, setFilters] = useState<UserFilters>({ GroupID: initialGroupId });
  const [adding, setAdding] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<User>();
  const [bulkGroup, setBulkGroup] = useState<number | null>(null);
  const [bulkBusy, setBulkBusy] = useState(false);
  const update = useUpdateUserMutation();
  const remove = useDeleteUserMutation();
  const invite = useInviteUserMutation();
  const resetLink = useResetLinkMutation();
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
          invite.mutateAsync({ AID: user.AID }).then((answer) => {
            if (answer.InvitationLink) {
              showUnsentLink(modal, t, {
                title: t('unsentLink.invitation', { account: user.Account }),
                url: answer.InvitationLink,
                expires: answer.expired,
              });
            } else void message.success(t('resend.done', { mail: user.Mail }));
          }, showFailure),
      }),
    onResetLink: (user) =>
      modal.confirm({
        title: t('resetLink.confirm', { account: user.Account }),
        okText: t('actions.resetPassword'),
        cancelText: t('common:actions.cancel'),
        onOk: () =>
          resetLink.mutateAsync(user.AID).then((answer) => {
            if (answer.ResetLink) {
              showUnsentLink(modal, t, {
                title: t('unsentLink.reset', { account: user.Account }),
                url: answer.ResetLink,
                expires: answer.expired,
              });
            } else void message.success(t('resetLink.mailed', { mail: user.Mail }));
          }, showFailure),
      }),
    onDelete: (user) =>
      confirmDelete({
        what: t('deleteWhat', { account: user.Account }),
        // A refusal (the last administrator) stays in the dialog for the admin to read.
        onConfirm: () => remove.mutateAsync(user.AID),
      }),
  });

  const applyBulkGroup = async (selected: User[], clear: () => void) => {
    setBulkBusy(true);
    let done = 0;
    try {
      for (const user of selected) {
        await update.mutateAsync({ aid: user.AID, body: { GroupID: bulkGroup } });
        done += 1;
      }
      void message.success(t('bulk.done', { count: done }));
      clear();
    } catch (error) {
      const account = selected[done]?.Account ?? '';
      void message.error(
        t('bulk.partly', { done, count: selected.length, account, message: (error as Error).message }),
      );
    } finally {
      setBulkBusy(false);
    }
  };

  const fetchPage = useMemo(
    () => (request: PageRequest, signal: AbortSignal) => fetchUsersPage(filters, request, signal),
    [filters],
  );

  return (
    <Flex vertical gap="middle">
      <SearchForm<UserFilters>
        initialValues={{ GroupID: initialGroupId }}
        onSearch={(values) => setFilters({ ...values, Account: values.Account?.trim() || undefined })}
      >
        <Form.Item name="Account" label={t('filters.account')} style={{ width: 220 }}>
          <Input allowClear placeholder={t('search')} />
        </Form.Item>
        <Form.Item name="Tags" label={t('columns.tags')} style={{ width: 160 }}>
          <RoleSelect allowClear placeholder={t('filters.allRoles')} />
        </Form.Item>
        <Form.Item name="GroupID" label={t('columns.group')} style={{ width: 180 }}>
          <GroupSelect allowClear placeholder={t('filters.allGroups')} />
        </Form.Item>
      </SearchForm>
      <DataTable<User>
        queryKey={[...listUsersKey, filters]}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="AID"
        csv={{ fileName: datedFileName('users'), columns: CSV_COLUMNS }}
        toolbar={
          <>
            <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
            <Button icon={<MailOutlined />} onClick={() => setInviting(true)}>
              {t('invite')}
            </Button>
          </>
        }
        selection={{
          actions: (selected, clear) => (
            <Flex gap="small" align="center" data-testid="bulk-bar">
              <GroupSelect
                allowNone
                style={{ width: 180 }}
                value={bulkGroup}
                onChange={(groupId) => setBulkGroup(groupId ?? null)}
                aria-label={t('bulk.setGroup')}
              />
              <Button loading={bulkBusy} onClick={() => void applyBulkGroup(selected, clear)}>
                {t('bulk.setGroup')}
              </Button>
            </Flex>
          ),
        }}
      />
      <CreateUserModal open={adding} onClose={() => setAdding(false)} />
      <InviteModal open={inviting} onClose={() => setInviting(false)} />
      <EditUserModal user={editing} onClose={() => setEditing(undefined)} />
    </Flex>
  );
}
