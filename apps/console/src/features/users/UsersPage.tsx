import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TabbedScreen } from '../../components/TabbedScreen';
import { MailLogPanel } from '../mail/MailLogPanel';
import { GroupsTab } from './GroupsTab';
import { InvitationsTab } from './InvitationsTab';
import { UsersTab } from './UsersTab';

type TabKey = 'users' | 'invitations' | 'groups' | 'mail';

/**
 * User management (`/setting/users`, admin only): users of the working company, pending invitations,
 * groups and the mail delivery log; `?tab=` opens a tab directly.
 */
export function UsersPage() {
  const { t } = useTranslation('users');
  const [groupFilter, setGroupFilter] = useState<number>();
  return (
    <TabbedScreen<TabKey>
      description={t('description')}
      // The group filter is set by "show its users" only; the tab bar opens the whole list.
      onTabClick={() => setGroupFilter(undefined)}
      tabs={[
        { key: 'users', label: t('tabs.users'), render: () => <UsersTab initialGroupId={groupFilter} /> },
        { key: 'invitations', label: t('tabs.invitations'), render: () => <InvitationsTab /> },
        {
          key: 'groups',
          label: t('tabs.groups'),
          render: (open) => (
            <GroupsTab
              onShowUsers={(groupId) => {
                setGroupFilter(groupId);
                open('users');
              }}
            />
          ),
        },
        { key: 'mail', label: t('tabs.mailLog'), render: () => <MailLogPanel /> },
      ]}
    />
  );
}
