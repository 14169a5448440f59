import type { Invitation } from '@pitboss/contract';
import { App, Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { formatDateTime } from '../../lib/format';
import type { PageRequest } from '../../lib/list-page';
import { fetchInvitationsPage, listInvitationsKey } from './queries/list-invitations';
import { useInviteUserMutation } from './queries/use-invite-user-mutation';
import { useRevokeInvitationMutation } from './queries/use-revoke-invitation-mutation';
import { showUnsentLink } from './unsent-link';
import { RoleTag } from './user-labels';

const KIND_COLORS: Record<Invitation['Kind'], string> = { user: 'blue', mail: 'geekblue', link: 'gold' };

/** Who an invitation is for: the invited account, the invited address, or anyone holding the link. */
export function useInvitee(): (invitation: Invitation) => string {
  const { t } = useTranslation('users');
  return (i) => (i.Kind === 'user' ? `${i.Account ?? ''} <${i.Mail ?? ''}>` : (i.Mail ?? t('invitations.anyone')));
}

/** The user-management tab: every pending invitation and registration link. */
export function InvitationsTab() {
  const { t } = useTranslation('users');
  return (
    <Flex vertical gap="small">
      <Typography.Text type="secondary">{t('invitations.description')}</Typography.Text>
      <InvitationsTable />
    </Flex>
  );
}

/**
 * Pending invitations and registration links, of one kind or all: withdraw one, or mail an invited
 * address a fresh link. With `kind` the kind and invitee columns are left out (the generator's list).
 */
export function InvitationsTable({ kind }: { kind?: Invitation['Kind'] }) {
  const { t } = useTranslation('users');
  const { message, modal } = App.useApp();
  const confirmDelete = useConfirmDelete();
  const revoke = useRevokeInvitationMutation();
  const invite = useInviteUserMutation();
  const invitee = useInvitee();
  const fetchPage = useMemo(
    () => (request: PageRequest, signal: AbortSignal) => fetchInvitationsPage(kind, request, signal),
    [kind],
  );

  const sendAgain = async (i: Invitation) => {
    if (!i.Mail || i.Tags === '') return;
    try {
      const answer = await invite.mutateAsync({ Mail: i.Mail, Tags: i.Tags });
      await revoke.mutateAsync(i.ID);
      if (answer.InvitationLink) {
        showUnsentLink(modal, t, {
          title: t('unsentLink.invitation', { account: i.Mail }),
          url: answer.InvitationLink,
          expires: answer.expired,
        });
      } else void message.success(t('invitations.sentAgain', { mail: i.Mail }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const whoColumns: ColumnsType<Invitation> = [
    {
      title: t('invitations.columns.kind'),
      dataIndex: 'Kind',
      render: (kind: Invitation['Kind']) => <Tag color={KIND_COLORS[kind]}>{t(`invitations.kind.${kind}`)}</Tag>,
    },
    {
      title: t('invitations.columns.who'),
      key: 'who',
      render: (_: unknown, i) => <Typography.Text>{invitee(i)}</Typography.Text>,
    },
  ];
  const columns: ColumnsType<Invitation> = [
    ...(kind ? [] : whoColumns),
    {
      title: t('invitations.columns.tags'),
      dataIndex: 'Tags',
      render: (tag: Invitation['Tags']) => <RoleTag tag={tag} />,
    },
    { title: t('invitations.columns.expires'), dataIndex: 'Expired', render: (v: string) => formatDateTime(v) },
    { title: t('invitations.columns.createdBy'), dataIndex: 'CreatedBy' },
    { title: t('invitations.columns.created'), dataIndex: 'CreateDate', render: (v: string) => formatDateTime(v) },
    {
      title: t('invitations.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, i) => (
        <Flex gap={4}>
          {i.Kind === 'mail' && (
            <Popconfirm title={t('resend.confirm', { account: i.Mail })} onConfirm={() => sendAgain(i)}>
              <Button size="small" type="link">
                {t('invitations.sendAgain')}
              </Button>
            </Popconfirm>
          )}
          <Button
            size="small"
            type="link"
            danger
            onClick={() =>
              confirmDelete({
                what: t('invitations.withdrawWhat', { who: invitee(i) }),
                onConfirm: () => revoke.mutateAsync(i.ID),
              })
            }
          >
            {t('invitations.withdraw')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <DataTable<Invitation> queryKey={listInvitationsKey(kind)} fetchPage={fetchPage} columns={columns} rowKey="ID" />
  );
}
