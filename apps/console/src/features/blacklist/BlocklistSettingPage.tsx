import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { useTabParam } from '../../hooks/useTabParam';
import { BlockApiLogTab } from '../block-api/BlockApiLogTab';
import { BlockApisTab } from '../block-api/BlockApisTab';
import { BlockApiTokenTab } from '../block-api/BlockApiTokenTab';
import { BlacklistMembersTab } from './BlacklistMembersTab';

const TABS = ['members', 'apis', 'token', 'log'] as const;

/**
 * `/monitor/blocklist-setting`: the player blacklist, the block APIs that lock its members on the
 * platform, their token, and the log of every call. Viewers see it all without edit controls.
 */
export function BlocklistSettingPage() {
  const { t } = useTranslation(['blacklist', 'block-api']);
  const [tab, setTab] = useTabParam(TABS, 'members');
  return (
    <PageFrame description={t('description')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as (typeof TABS)[number])}
        destroyOnHidden
        items={[
          {
            key: 'members',
            label: t('tabs.members'),
            children: <BlacklistMembersTab onShowLog={() => setTab('log')} />,
          },
          { key: 'apis', label: t('tabs.apis'), children: <BlockApisTab onShowToken={() => setTab('token')} /> },
          { key: 'token', label: t('tabs.token'), children: <BlockApiTokenTab /> },
          { key: 'log', label: t('tabs.log'), children: <BlockApiLogTab /> },
        ]}
      />
    </PageFrame>
  );
}
