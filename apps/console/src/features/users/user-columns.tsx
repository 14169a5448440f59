import { MoreOutlined } from '@ant-design/icons';
import type { User } from '@pitboss/contract';
import { Button, Dropdown, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { RoleTag, UserStatusBadge } from './user-labels';

export interface UserActions {
  /** The logged-in admin's own account, marked "you". */
  self: string | undefined;
  onEdit: (user: User) => void;
  onToggle: (user: User) => void;
  onResend: (user: User) => void;
  /** Starts a password reset for an active user with a password. */
  onResetLink: (user: User) => void;
  onDelete: (user: User) => void;
}

const isSelf = (user: User, self: string | undefined) => !!self && user.Account.toLowerCase() === self.toLowerCase();

/** The user table's columns (spec §3 user: Name, Account, Tags, Status, Mail, plus group and actions). */
export function useUserColumns(actions: UserActions): ColumnsType<User> {
  const { t } = useTranslation('users');
  return [
    { title: t('columns.name'), dataIndex: 'Name' },
    {
      title: t('columns.account'),
      dataIndex: 'Account',
      render: (account: string, user) => (
        <Flex gap={6} align="center">
          <Typography.Text strong>{account}</Typography.Text>
          {isSelf(user, actions.self) && <Tag variant="filled">{t('you')}</Tag>}
        </Flex>
      ),
    },
    { title: t('columns.tags'), dataIndex: 'Tags', render: (tag: User['Tags']) => <RoleTag tag={tag} /> },
    {
      title: t('columns.status'),
      dataIndex: 'Status',
      render: (status: User['Status']) => <UserStatusBadge status={status} />,
    },
    { title: t('columns.mail'), dataIndex: 'Mail' },
    { title: t('columns.mobile'), dataIndex: 'Mobile' },
    { title: t('columns.group'), dataIndex: 'GroupName' },
    { title: t('columns.joined'), dataIndex: 'CreateDate', render: (v: string) => formatDateTime(v) },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, user) => (
        <Flex gap={2} align="center" data-testid={`user-actions-${user.Account}`}>
          <Button size="small" type="link" onClick={() => actions.onEdit(user)}>
            {t('actions.edit')}
          </Button>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                user.Status === 0
                  ? { key: 'enable', label: t('actions.enable') }
                  : { key: 'disable', label: t('actions.disable') },
                ...(user.Status === 2 && user.Tags !== 'Mail' ? [{ key: 'resend', label: t('actions.resend') }] : []),
                ...(user.Status === 1 && user.Tags !== 'Mail' && user.Tags !== ''
                  ? [{ key: 'reset', label: t('actions.resetPassword') }]
                  : []),
                { type: 'divider' as const },
                { key: 'delete', label: t('actions.delete'), danger: true },
              ],
              onClick: ({ key }) => {
                if (key === 'delete') actions.onDelete(user);
                else if (key === 'resend') actions.onResend(user);
                else if (key === 'reset') actions.onResetLink(user);
                else actions.onToggle(user);
              },
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<MoreOutlined />}
              aria-label={t('actions.more', { account: user.Account })}
            />
          </Dropdown>
        </Flex>
      ),
    },
  ];
}
