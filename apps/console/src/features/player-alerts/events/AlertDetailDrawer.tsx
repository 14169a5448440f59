import { CheckOutlined, StopOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { AlertDetail, AlertRecord } from '@pitboss/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Skeleton, Tag, Timeline, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { displayRuleName } from '../../../lib/seeded-names';
import { wallClock } from '../../../lib/time-zone';
import { MembersLockState } from '../../block-api/LockState';
import { AlertTypeTag, LevelTag, StatusTag } from '../components/AlertTags';
import { measureAgainstThreshold } from '../labels';
import { useGetAlertQuery } from '../queries/use-get-alert-query';
import { SubjectCell } from './alert-columns';
import { alertMembers } from './BlacklistModal';
import { EvidenceEventsTable } from './EvidenceEventsTable';
import { alertErrorText } from './error-text';
import { MemberActivityPanel } from './MemberActivityPanel';

export interface AlertDetailDrawerProps {
  alertId: number | undefined;
  canEdit: boolean;
  onClose: () => void;
  onProcess: (alerts: AlertRecord[]) => void;
  onBlacklist: (alert: AlertDetail) => void;
}

/** A window's length in words: "1 day 2 hours". */
function windowLength(start: string, end: string, t: TFunction<'player-alerts'>): string {
  const minutes = Math.max(0, dayjs(end).diff(dayjs(start), 'minute'));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days ? t('detail.days', { count: days }) : '',
    hours ? t('detail.hours', { count: hours }) : '',
    rest || (!days && !hours) ? t('detail.minutes', { count: rest }) : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * One alert and why it was raised: value against threshold, window, the events behind it, the
 * member's last 7 days and other alerts; process it or blacklist its member from here.
 */
export function AlertDetailDrawer({ alertId, canEdit, onClose, onProcess, onBlacklist }: AlertDetailDrawerProps) {
  const { t, i18n } = useTranslation(['player-alerts', 'alerting']);
  const { token } = theme.useToken();
  const query = useGetAlertQuery(alertId);
  const alert = query.data;
  const members = alert ? alertMembers(alert) : [];
  const allBlacklisted = alert?.SubjectKind === 'member' && alert.Blacklisted;

  const footer = alert && canEdit && (
    <Flex justify="flex-end" gap="small" wrap>
      {members.length > 0 && (
        <Button
          danger
          icon={<StopOutlined />}
          disabled={allBlacklisted}
          onClick={() => onBlacklist(alert)}
          data-testid="alert-blacklist"
        >
          {allBlacklisted ? t('blacklist.already') : t('blacklist.add')}
        </Button>
      )}
      {alert.Status === 0 && (
        <Button type="primary" icon={<CheckOutlined />} onClick={() => onProcess([alert])} data-testid="detail-process">
          {t('actions.process')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Drawer
      open={alertId !== undefined}
      onClose={onClose}
      size={900}
      title={alertId !== undefined ? t('detail.title', { id: alertId }) : undefined}
      footer={footer || null}
      data-testid="alert-detail"
    >
      {query.isPending && <Skeleton active />}
      {query.isError && <Alert type="error" showIcon title={alertErrorText(query.error, t)} />}
      {alert && (
        <Flex vertical gap={token.marginLG}>
          <Flex gap="small" align="center" wrap>
            <AlertTypeTag type={alert.EventType} />
            <LevelTag level={alert.Level} />
            <StatusTag status={alert.Status} />
            {alert.Blacklisted && <Tag color="error">{t('columns.blacklisted')}</Tag>}
            {alert.Blacklisted && <MembersLockState memberIds={alertMembers(alert)} />}
            <Typography.Text type="secondary">{t(`alerting:typeHelp.${alert.EventType}`)}</Typography.Text>
          </Flex>
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} data-testid="alert-evidence">
            <Descriptions.Item label={t('detail.rule')}>
              {displayRuleName(t, alert.EventName, alert.EventType)}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.subject')}>
              <SubjectCell alert={alert} />
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.value')}>
              <Typography.Text strong data-testid="evidence-value">
                {measureAgainstThreshold(alert.EventType, alert.Value, alert.Op, alert.Threshold, i18n.language)}
              </Typography.Text>
              {alert.Op === 'any' && <Typography.Text type="secondary"> ({t('alerting:ops.any')})</Typography.Text>}
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.sample')}>
              {t('columns.sampleValue', { sample: alert.Sample.toLocaleString(i18n.language), min: alert.MinSample })}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.window')} span={2}>
              {formatDateTime(alert.WindowStart)} → {formatDateTime(alert.WindowEnd)} (
              {windowLength(alert.WindowStart, alert.WindowEnd, t)})
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.happenedAt')}>
              <span data-testid="detail-happened-at">{formatDateTime(alert.HappenedAt)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.detectedAt')}>
              <span data-testid="detail-detected-at">{formatDateTime(alert.DetectedAt)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('columns.status')}>
              {alert.Status === 1
                ? t('detail.processedBy', { by: alert.ProcessedBy ?? '', at: formatDateTime(alert.ProcessedAt) })
                : t('alerting:status.0')}
            </Descriptions.Item>
            {alert.Status === 1 && (
              <Descriptions.Item label={t('process.memo')} span={2}>
                <span data-testid="detail-memo">{alert.Memo || '—'}</span>
              </Descriptions.Item>
            )}
          </Descriptions>

          {alert.LevelHistory.length > 1 && (
            <section data-testid="level-history">
              <Typography.Title level={5}>{t('detail.levelHistory')}</Typography.Title>
              <Typography.Paragraph type="secondary">{t('detail.levelHistoryHelp')}</Typography.Paragraph>
              <Timeline
                items={alert.LevelHistory.map((step) => ({
                  key: `${step.Level}-${step.DetectedAt}`,
                  color: step.Level === 3 ? 'red' : step.Level === 2 ? 'orange' : 'blue',
                  content: (
                    <Flex gap="small" wrap align="center">
                      <LevelTag level={step.Level} />
                      <Typography.Text strong>
                        {measureAgainstThreshold(alert.EventType, step.Value, alert.Op, step.Threshold, i18n.language)}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {t('detail.levelStep', {
                          happened: formatDateTime(step.HappenedAt),
                          detected: formatDateTime(step.DetectedAt),
                        })}
                      </Typography.Text>
                    </Flex>
                  ),
                }))}
              />
            </section>
          )}

          <section>
            <Typography.Title level={5}>
              {t('detail.events', { shown: alert.Events.length, count: alert.EventCount })}
            </Typography.Title>
            <EvidenceEventsTable events={alert.Events} showMember={alert.SubjectKind !== 'member'} />
          </section>

          {alert.Member && (
            <section>
              <Flex justify="space-between" align="baseline" wrap>
                <Typography.Title level={5}>{t('detail.activity')}</Typography.Title>
                <Link data-testid="alert-member-overview" to={memberOverviewPath(alert, alert.Member.MemberID)}>
                  {alert.Member.MemberID}
                </Link>
                <Link to={`/monitor/alert-events?period=30d&MemberIDs=${encodeURIComponent(alert.Member.MemberID)}`}>
                  <UnorderedListOutlined /> {t('detail.otherAlerts', { count: alert.Member.OtherAlerts })}
                </Link>
              </Flex>
              <MemberActivityPanel member={alert.Member} />
            </section>
          )}

          {alert.SubjectKind !== 'member' && (
            <section data-testid="subject-members">
              <Typography.Title level={5}>{t('detail.members', { count: alert.Members.length })}</Typography.Title>
              <Flex wrap gap={4}>
                {alert.Members.map((id) => (
                  <Link key={id} to={`/monitor/alert-events?period=30d&MemberIDs=${encodeURIComponent(id)}`}>
                    <Tag>{id}</Tag>
                  </Link>
                ))}
              </Flex>
            </section>
          )}
        </Flex>
      )}
    </Drawer>
  );
}

/** The member in member overview over the alert's range: the company-zone days of its evidence. */
function memberOverviewPath(alert: AlertDetail, memberId: string): string {
  const times = [...alert.Events.map((e) => e.At), alert.HappenedAt].sort();
  const day = (at: string) => wallClock(at).format('YYYY-MM-DD');
  const range = `Start=${day(times[0] ?? alert.HappenedAt)}&End=${day(times[times.length - 1] ?? alert.HappenedAt)}`;
  return `/check-tool/member-overview?MemberIDs=${encodeURIComponent(memberId)}&${range}`;
}
