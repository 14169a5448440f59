import { Flex, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { QueryError } from '../../components/QueryError';
import { IngestKeysCard } from '../ingest-keys/IngestKeysCard';
import { GeneralSettingsCard } from './GeneralSettingsCard';
import { IpAllowlistCard } from './IpAllowlistCard';
import { useSystemSettingQuery } from './queries/use-system-setting-query';

/** System parameters (`/setting/system-setting`, admin only): general, console IP allowlist, ingest keys. */
export function SystemSettingPage() {
  const { t } = useTranslation('settings');
  const setting = useSystemSettingQuery();
  return (
    <PageFrame description={t('description')}>
      {setting.isPending && <Skeleton active />}
      {setting.isError && <QueryError error={setting.error} onRetry={() => void setting.refetch()} />}
      {setting.data && (
        // Keyed by the saved values, so the forms start again from what the server holds after a save.
        <Flex vertical gap="middle">
          <GeneralSettingsCard key={`${setting.data.BaseCurrency} ${setting.data.TimeZone}`} setting={setting.data} />
          <IpAllowlistCard key={setting.data.IPAllowlist.map((e) => e.IP).join(',')} setting={setting.data} />
          <IngestKeysCard />
        </Flex>
      )}
    </PageFrame>
  );
}
