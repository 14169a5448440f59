import type { MemberLockCall, LockState as State } from '@pitboss/contract';
import { Alert, Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { useLockStatusQuery } from './queries/lock-status';

const COLORS: Record<State, string> = {
  queued: 'processing',
  retrying: 'warning',
  locked: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** Where a blacklisted member stands on the platform: one tag per block API, its reason on hover. */
export function LockStateTags({ calls, lockingApis }: { calls: readonly MemberLockCall[]; lockingApis: number }) {
  const { t } = useTranslation('block-api');
  if (calls.length === 0) {
    return (
      <Tag color={lockingApis === 0 ? 'warning' : 'default'} data-testid="lock-state">
        {lockingApis === 0 ? t('lock.noApi') : t('lock.none')}
      </Tag>
    );
  }
  return (
    <Space size={4} wrap>
      {calls.map((call) => (
        <Tooltip
          key={call.APIName}
          title={[
            call.APIName,
            formatDateTime(call.UpdatedAt),
            call.Attempts > 0 ? t('lock.attempts', { count: call.Attempts }) : undefined,
            call.Detail,
          ]
            .filter(Boolean)
            .join(' · ')}
        >
          <Tag color={COLORS[call.State]} data-testid="lock-state">
            {t(`lock.states.${call.State}`, { api: call.APIName })}
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** Said plainly where members are blacklisted: with no block API locking, nobody is locked on the platform. */
export function NoLockingApiWarning({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('block-api');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="no-locking-api"
      title={t('lock.notLockedTitle')}
      description={
        <>
          {t('lock.notLockedBody')}{' '}
          {canEdit ? <Link to="/monitor/blocklist-setting?tab=apis">{t('lock.setUp')}</Link> : t('lock.askAdmin')}
        </>
      }
    />
  );
}

/** The lock outcome of each member given, live (refreshed as the block-API log moves). */
export function MembersLockState({ memberIds }: { memberIds: readonly string[] }) {
  const query = useLockStatusQuery(memberIds, memberIds.length > 0);
  if (!query.data) return null;
  const { LockingApis, Members } = query.data;
  return (
    <Space size={4} wrap data-testid="members-lock-state">
      {Members.map((m) => (
        <Space key={m.MemberID} size={4}>
          {Members.length > 1 && <span>{m.MemberID}</span>}
          <LockStateTags calls={m.Calls} lockingApis={LockingApis} />
        </Space>
      ))}
    </Space>
  );
}
