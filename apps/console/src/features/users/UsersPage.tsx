import { Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { MailLogPanel } from '../mail/MailLogPanel';
import { GroupsTab } from './GroupsTab';
import { InvitationsTab } from './InvitationsTab';
import { UsersTab } from './UsersTab';

const TABS = ['users', 'invitations', 'groups', 'mail'] as const;
type TabKey = (typeof TABS)[number];

/**
 * User management (`/setting/users`, admin only): users of the working company, pending invitations,
 * groups and the mail delivery log. `?tab=` opens a tab directly (switching tabs is not a navigation,
 * so it does not run the auth check again).
 */
export function UsersPage() {
  const { t } = useTranslation('users');
  const [params] = useSearchParams();
  const initial = params.get('tab');
  const [tab, setTab] = useState<TabKey>(TABS.includes(initial as TabKey) ? (initial as TabKey) : 'users');
  const [groupFilter, setGroupFilter] = useState<number>();

  return (
    <PageFrame description={t('description')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          // The group filter is set by "show its users" only; the tab bar opens the whole list.
          setGroupFilter(undefined);
          setTab(key as TabKey);
        }}
        destroyOnHidden
        items={[
          { key: 'users', label: t('tabs.users'), children: <UsersTab initialGroupId={groupFilter} /> },
          { key: 'invitations', label: t('tabs.invitations'), children: <InvitationsTab /> },
          {
            key: 'groups',
            label: t('tabs.groups'),
            children: (
              <GroupsTab
                onShowUsers={(groupId) => {
                  setGroupFilter(groupId);
                  setTab('users');
                }}
              />
            ),
          },
          { key: 'mail', label: t('tabs.mailLog'), children: <MailLogPanel /> },
        ]}
      />
    </PageFrame>
  );
}
