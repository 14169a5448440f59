import { KeyOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { forgetSession } from '../app/session';
import { displaySeededName } from '../lib/seeded-names';
import { useGlobalStore } from '../store/global-store';
import { socketClient } from '../ws/socket-client';

const ChangePasswordDialog = lazy(() =>
  import('../features/auth/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
);

/** The user's name and role, changing their own password, and logout. */
export function UserMenu({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useGlobalStore((s) => s.user);
  const role = useGlobalStore((s) => s.session?._role);
  const name = displaySeededName(t, user?.name ?? useGlobalStore.getState().session?.account ?? '');
  const [changing, setChanging] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'who',
              disabled: true,
              label: (
                <div data-testid="user-summary">
                  <div style={{ fontWeight: 600 }}>{name}</div>
                  <div>
                    {user?.account}
                    {role ? ` · ${t(`roles.${role}`)}` : ''}
                  </div>
                </div>
              ),
            },
            { type: 'divider' },
            { key: 'password', icon: <KeyOutlined />, label: t('header.changePassword') },
            { key: 'logout', icon: <LogoutOutlined />, label: t('header.logout'), danger: true },
          ],
          onClick: ({ key }) => {
            if (key === 'password') setChanging(true);
            if (key !== 'logout') return;
            forgetSession();
            socketClient.reconnect();
            navigate('/login', { replace: true });
          },
        }}
      >
        <Button type="text" data-testid="user-menu" aria-label={name} style={{ paddingInline: 4 }}>
          <Avatar size="small" icon={<UserOutlined />} />
          {compact ? null : <span style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis' }}>{name}</span>}
        </Button>
      </Dropdown>
      {changing && (
        <Suspense fallback={null}>
          <ChangePasswordDialog open onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </>
  );
}
