import type { Invitation } from '@pitboss/contract';
import { Button, Card, Flex, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { formatDateTime } from '../../lib/format';
import { fetchInvitationsPage, listInvitationsKey } from '../users/queries/list-invitations';
import { useRevokeInvitationMutation } from '../users/queries/use-revoke-invitation-mutation';
import { RoleTag } from '../users/user-labels';

/** The working company's registration links that are still usable; withdraw one. */
export function PendingLinksTable() {
  const { t } = useTranslation('registration');
  const confirmDelete = useConfirmDelete();
  const revoke = useRevokeInvitationMutation();
  const fetchPage = useMemo(() => fetchInvitationsPage('link'), []);
  const columns: ColumnsType<Invitation> = [
    {
      title: t('generator.columns.tags'),
      dataIndex: 'Tags',
      render: (tag: Invitation['Tags']) => <RoleTag tag={tag} />,
    },
    { title: t('generator.columns.expires'), dataIndex: 'Expired', render: (v: string) => formatDateTime(v) },
    { title: t('generator.columns.createdBy'), dataIndex: 'CreatedBy' },
    { title: t('generator.columns.created'), dataIndex: 'CreateDate', render: (v: string) => formatDateTime(v) },
    {
      title: t('generator.columns.actions'),
      key: 'actions',
      render: (_: unknown, link) => (
        <Button
          size="small"
          type="link"
          danger
          onClick={() =>
            confirmDelete({
              what: t('generator.withdrawWhat', { created: formatDateTime(link.CreateDate) }),
              onConfirm: () => revoke.mutateAsync(link.ID),
            })
          }
        >
          {t('generator.withdraw')}
        </Button>
      ),
    },
  ];
  return (
    <Card title={t('generator.pending')} data-testid="pending-links">
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('generator.pendingHelp')}</Typography.Text>
        <DataTable<Invitation>
          queryKey={listInvitationsKey('link')}
          fetchPage={fetchPage}
          columns={columns}
          rowKey="ID"
        />
      </Flex>
    </Card>
  );
}
