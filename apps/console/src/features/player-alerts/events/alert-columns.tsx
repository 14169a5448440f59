import { DesktopOutlined, GlobalOutlined, StopOutlined, UserOutlined } from '@ant-design/icons';
import type { AlertRecord } from '@pitboss/contract';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { CsvColumn } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/format';
import { isoInZone } from '../../../lib/time-zone';
import { AlertTypeTag, LevelTag, StatusTag } from '../components/AlertTags';
import { measureAgainstThreshold } from '../labels';

export type Subject = Pick<AlertRecord, 'SubjectKind' | 'MemberID' | 'NickName' | 'IP' | 'Device'>;

/** A member (ID, nick name), an IP or a device, with an icon saying which. */
export function SubjectCell({ alert }: { alert: Subject }) {
  if (alert.SubjectKind === 'ip') {
    return (
      <Flex gap={6} align="center">
        <GlobalOutlined />
        <Typography.Text copyable>{alert.IP}</Typography.Text>
      </Flex>
    );
  }
  if (alert.SubjectKind === 'device') {
    return (
      <Flex gap={6} align="center">
        <DesktopOutlined />
        <Typography.Text copyable ellipsis style={{ maxWidth: 200 }}>
          {alert.Device}
        </Typography.Text>
      </Flex>
    );
  }
  return (
    <Flex gap={6} align="center">
      <UserOutlined />
      <Typography.Text copyable={{ text: alert.MemberID }}>{alert.MemberID}</Typography.Text>
      {alert.NickName && <Typography.Text type="secondary">{alert.NickName}</Typography.Text>}
    </Flex>
  );
}

export interface AlertColumnOptions {
  t: TFunction<['player-alerts', 'alerting']>;
  locale: string;
  canEdit: boolean;
  onOpen: (alert: AlertRecord) => void;
  onProcess: (alerts: AlertRecord[]) => void;
}

/** The player-alert list's columns; sortable ones name the server's sort field in `dataIndex`. */
export function alertColumns({ t, locale, canEdit, onOpen, onProcess }: AlertColumnOptions): ColumnsType<AlertRecord> {
  return [
    {
      title: t('columns.happenedAt'),
      dataIndex: 'HappenedAt',
      sorter: true,
      defaultSortOrder: 'descend',
      render: (date: string) => <span data-testid="alert-happened-at">{formatDateTime(date)}</span>,
    },
    {
      title: t('columns.detectedAt'),
      dataIndex: 'DetectedAt',
      sorter: true,
      render: (date: string) => (
        <Typography.Text type="secondary" data-testid="alert-detected-at">
          {formatDateTime(date)}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.type'),
      dataIndex: 'EventType',
      sorter: true,
      render: (_, alert) => (
        <Flex vertical gap={2} align="flex-start">
          <AlertTypeTag type={alert.EventType} />
          {/* The rule's own name, when it says more than the type. */}
          {alert.EventName !== alert.TypeName && alert.EventName !== t(`alerting:types.${alert.EventType}`) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {alert.EventName}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('columns.level'),
      dataIndex: 'Level',
      sorter: true,
      render: (_, a) => (
        <Flex gap={4} align="center">
          <LevelTag level={a.Level} />
          {a.LevelHistory.length > 1 && (
            <Tooltip title={t('columns.escalated', { levels: a.LevelHistory.map((h) => `L${h.Level}`).join(' → ') })}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="alert-escalated">
                {a.LevelHistory.map((h) => h.Level).join('→')}
              </Typography.Text>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: t('columns.subject'),
      dataIndex: 'MemberID',
      sorter: true,
      render: (_, alert) => (
        <Flex gap={6} align="center">
          <SubjectCell alert={alert} />
          {alert.Blacklisted && (
            <Tooltip title={t('columns.blacklisted')}>
              <Tag icon={<StopOutlined />} color="error" style={{ marginInlineEnd: 0 }} data-testid="blacklisted-tag">
                {t('columns.blacklistedShort')}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: t('columns.value'),
      dataIndex: 'Value',
      sorter: true,
      render: (_, a) => (
        <Typography.Text strong>
          {measureAgainstThreshold(a.EventType, a.Value, a.Op, a.Threshold, locale)}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_, alert) =>
        alert.Status === 1 ? (
          <Tooltip
            title={t('columns.processedBy', {
              by: alert.ProcessedBy ?? '',
              at: formatDateTime(alert.ProcessedAt),
              memo: alert.Memo || '—',
            })}
          >
            <span>
              <StatusTag status={1} />
            </span>
          </Tooltip>
        ) : (
          <StatusTag status={0} />
        ),
    },
    {
      title: t('actions.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, alert) => (
        <Flex gap={4}>
          <Button size="small" onClick={() => onOpen(alert)} data-testid={`alert-open-${alert.AlertID}`}>
            {t('actions.details')}
          </Button>
          {canEdit && alert.Status === 0 && (
            <Button size="small" type="primary" ghost onClick={() => onProcess([alert])} data-testid="alert-process">
              {t('actions.process')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}

/** Every field of an alert for the CSV export, with translated headers and type names. */
export function alertCsvColumns(t: TFunction<['player-alerts', 'alerting']>): CsvColumn<AlertRecord>[] {
  return [
    { title: t('csv.alertId'), value: (a) => a.AlertID },
    { title: t('columns.happenedAt'), value: (a) => isoInZone(a.HappenedAt) },
    { title: t('columns.detectedAt'), value: (a) => isoInZone(a.DetectedAt) },
    { title: t('csv.windowStart'), value: (a) => isoInZone(a.WindowStart) },
    { title: t('csv.eventType'), value: (a) => a.EventType },
    { title: t('columns.type'), value: (a) => t(`alerting:types.${a.EventType}`) },
    { title: t('csv.rule'), value: (a) => a.EventName },
    { title: t('columns.level'), value: (a) => a.Level },
    { title: t('csv.subjectKind'), value: (a) => t(`subjects.${a.SubjectKind}`) },
    { title: t('csv.memberId'), value: (a) => a.MemberID },
    { title: t('csv.nickName'), value: (a) => a.NickName },
    { title: t('filters.ip'), value: (a) => a.IP },
    { title: t('csv.device'), value: (a) => a.Device },
    { title: t('csv.value'), value: (a) => a.Value },
    { title: t('csv.levelHistory'), value: (a) => a.LevelHistory.map((h) => h.Level).join(' > ') },
    { title: t('csv.op'), value: (a) => a.Op },
    { title: t('csv.threshold'), value: (a) => a.Threshold ?? '' },
    { title: t('columns.sample'), value: (a) => a.Sample },
    { title: t('csv.minSample'), value: (a) => a.MinSample },
    { title: t('columns.status'), value: (a) => t(`alerting:status.${a.Status}`) },
    { title: t('csv.processedBy'), value: (a) => a.ProcessedBy ?? '' },
    { title: t('csv.processedAt'), value: (a) => isoInZone(a.ProcessedAt) },
    { title: t('csv.memo'), value: (a) => a.Memo },
    { title: t('columns.blacklisted'), value: (a) => (a.Blacklisted ? t('csv.yes') : t('csv.no')) },
  ];
}
