import type { GameRtpAlertRecord } from '@pitboss/contract';
import { Button, Flex, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import type { CsvColumn } from '../../../components/DataTable';
import { formatDateTime } from '../../../lib/format';
import { isoInZone } from '../../../lib/time-zone';
import { LevelTag, StatusTag } from '../../player-alerts/components/AlertTags';
import { formatPoints, formatRtp } from '../settings/game-rule-form';

export interface GameAlertColumnOptions {
  t: TFunction<['game-rtp', 'alerting']>;
  locale: string;
  canEdit: boolean;
  onOpen: (alert: GameRtpAlertRecord) => void;
  onProcess: (alerts: GameRtpAlertRecord[]) => void;
}

/** The game-alert list's columns; sortable ones name the server's sort field in `dataIndex`. */
export function gameAlertColumns({
  t,
  locale,
  canEdit,
  onOpen,
  onProcess,
}: GameAlertColumnOptions): ColumnsType<GameRtpAlertRecord> {
  return [
    {
      title: t('alerts.columns.happenedAt'),
      dataIndex: 'HappenedAt',
      sorter: true,
      defaultSortOrder: 'descend',
      render: (date: string) => <span data-testid="game-alert-happened-at">{formatDateTime(date)}</span>,
    },
    {
      title: t('alerts.columns.detectedAt'),
      dataIndex: 'DetectedAt',
      sorter: true,
      render: (date: string) => <Typography.Text type="secondary">{formatDateTime(date)}</Typography.Text>,
    },
    {
      title: t('alerts.columns.game'),
      dataIndex: 'GameID',
      sorter: true,
      render: (_, alert) => (
        <Flex vertical gap={0}>
          <Typography.Text strong>{alert.GameName || alert.GameID}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {alert.GameID}
            {alert.GameType ? ` · ${alert.GameType}` : ''}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('alerts.columns.level'),
      dataIndex: 'Level',
      sorter: true,
      render: (_, alert) => (
        <Flex gap={4} align="center">
          <LevelTag level={alert.Level} />
          <Tag color={alert.Direction === 'above' ? 'volcano' : 'geekblue'} style={{ marginInlineEnd: 0 }}>
            {t(`alerts.direction.${alert.Direction}`)}
          </Tag>
        </Flex>
      ),
    },
    {
      title: t('alerts.columns.observed'),
      dataIndex: 'ObservedRTP',
      sorter: true,
      align: 'right',
      render: (_, alert) => (
        <Flex vertical gap={0} align="flex-end">
          <span>{formatRtp(alert.ObservedRTP, locale)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('alerts.expectedShort', { rtp: formatRtp(alert.ExpectedRTP, locale) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('alerts.columns.deviation'),
      dataIndex: 'Deviation',
      sorter: true,
      align: 'right',
      render: (_, alert) => (
        <Flex vertical gap={0} align="flex-end">
          <span>{formatPoints(alert.Deviation, locale)}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('alerts.zShort', { z: alert.ZScore.toFixed(2) })}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('alerts.columns.rounds'),
      dataIndex: 'Rounds',
      sorter: true,
      align: 'right',
      render: (n: number) => n.toLocaleString(locale),
    },
    {
      title: t('alerts.columns.rule'),
      dataIndex: 'EventName',
      render: (name: string, alert) => (
        <Flex vertical gap={0}>
          <span>{name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t(`alerts.test.${alert.Test}`)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('alerts.columns.status'),
      dataIndex: 'Status',
      render: (_, alert) => (
        <Flex vertical gap={0}>
          <StatusTag status={alert.Status} />
          {alert.ProcessedBy && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {alert.ProcessedBy}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('alerts.columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, alert) => (
        <Flex gap={4}>
          <Button size="small" onClick={() => onOpen(alert)} data-testid={`game-alert-open-${alert.AlertID}`}>
            {t('alerts.evidence')}
          </Button>
          {canEdit && alert.Status === 0 && (
            <Button size="small" onClick={() => onProcess([alert])}>
              {t('alerts.process')}
            </Button>
          )}
        </Flex>
      ),
    },
  ];
}

/** The export for people: translated headers, times ISO 8601 with the company's offset, RTPs in percent. */
export function gameAlertCsvColumns(t: GameAlertColumnOptions['t']): CsvColumn<GameRtpAlertRecord>[] {
  const pct = (fraction: number) => Math.round(fraction * 1e6) / 1e4;
  return [
    { title: t('alerts.csv.alertId'), value: (a) => a.AlertID },
    { title: t('alerts.columns.happenedAt'), value: (a) => isoInZone(a.HappenedAt) },
    { title: t('alerts.columns.detectedAt'), value: (a) => isoInZone(a.DetectedAt) },
    { title: t('alerts.csv.gameId'), value: (a) => a.GameID },
    { title: t('alerts.csv.gameName'), value: (a) => a.GameName },
    { title: t('alerts.csv.gameType'), value: (a) => a.GameType },
    { title: t('alerts.columns.level'), value: (a) => a.Level },
    { title: t('alerts.csv.direction'), value: (a) => t(`alerts.direction.${a.Direction}`) },
    { title: t('alerts.csv.test'), value: (a) => t(`alerts.test.${a.Test}`) },
    { title: t('alerts.csv.observed'), value: (a) => pct(a.ObservedRTP) },
    { title: t('alerts.csv.expected'), value: (a) => pct(a.ExpectedRTP) },
    { title: t('alerts.columns.deviation'), value: (a) => a.Deviation },
    { title: t('alerts.csv.stdError'), value: (a) => a.StdError },
    { title: t('alerts.csv.z'), value: (a) => a.ZScore },
    { title: t('alerts.csv.band'), value: (a) => a.Band },
    { title: t('alerts.columns.rounds'), value: (a) => a.Rounds },
    { title: t('alerts.csv.turnover'), value: (a) => a.Turnover },
    { title: t('alerts.csv.payout'), value: (a) => a.Payout },
    { title: t('alerts.columns.rule'), value: (a) => a.EventName },
    { title: t('alerts.columns.status'), value: (a) => t(`alerting:status.${a.Status}`) },
    { title: t('alerts.csv.processedBy'), value: (a) => a.ProcessedBy ?? '' },
    { title: t('alerts.csv.processedAt'), value: (a) => (a.ProcessedAt ? isoInZone(a.ProcessedAt) : '') },
    { title: t('alerts.csv.memo'), value: (a) => a.Memo },
  ];
}
