import type { GameRtpAlertDetail, GameRtpAlertRecord } from '@pitboss/contract';
import { GAME_RTP_MESSAGE_CODES } from '@pitboss/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Skeleton, Table, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { LevelTag, StatusTag } from '../../player-alerts/components/AlertTags';
import { useGetGameRtpAlertQuery } from '../queries/use-get-game-rtp-alert-query';
import { formatPoints, formatRtp } from '../settings/game-rule-form';
import { RtpChart } from './RtpChart';

export interface GameAlertDrawerProps {
  alertId: number | undefined;
  canEdit: boolean;
  onClose: () => void;
  onProcess: (alerts: GameRtpAlertRecord[]) => void;
}

/**
 * A game alert's evidence: the game's cumulative RTP over the window against the expectation and the
 * level's band (chart), the statistics behind it (rounds, turnover, payout, standard error, z, CUSUM), the
 * largest wins in the window, the level history and the processing record.
 */
export function GameAlertDrawer({ alertId, canEdit, onClose, onProcess }: GameAlertDrawerProps) {
  const { t, i18n } = useTranslation(['game-rtp', 'alerting']);
  const query = useGetGameRtpAlertQuery(alertId);
  const alert = query.data;
  const locale = i18n.language;
  const labels = useMemo(
    () => ({
      observed: t('alerts.chart.observed'),
      expected: t('alerts.chart.expected'),
      bandLow: t('alerts.chart.bandLow'),
      bandHigh: t('alerts.chart.bandHigh'),
      label: t('alerts.chart.label'),
    }),
    [t],
  );
  const money = (n: number) => n.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });

  return (
    <Drawer
      open={alertId !== undefined}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={
        alert
          ? t('alerts.drawerTitle', { game: alert.GameName || alert.GameID, id: alert.AlertID })
          : t('alerts.evidence')
      }
      data-testid="game-alert-drawer"
      extra={
        alert &&
        canEdit &&
        alert.Status === 0 && (
          <Button type="primary" onClick={() => onProcess([alert])} data-testid="game-alert-process">
            {t('alerts.process')}
          </Button>
        )
      }
    >
      {query.isPending && alertId !== undefined && <Skeleton active />}
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={
            isApiError(query.error) && query.error.messageCode === GAME_RTP_MESSAGE_CODES.notFound
              ? t('alerts.notFound')
              : query.error.message
          }
        />
      )}
      {alert && <Evidence alert={alert} labels={labels} money={money} />}
    </Drawer>
  );
}

function Evidence({
  alert,
  labels,
  money,
}: {
  alert: GameRtpAlertDetail;
  labels: Parameters<typeof RtpChart>[0]['labels'];
  money: (n: number) => string;
}) {
  const { t, i18n } = useTranslation(['game-rtp', 'alerting']);
  const locale = i18n.language;
  return (
    <Flex vertical gap="middle">
      <Flex gap="small" align="center" wrap>
        <LevelTag level={alert.Level} />
        <StatusTag status={alert.Status} />
        <Typography.Text>
          {t(`alerts.summary.${alert.Direction}`, {
            observed: formatRtp(alert.ObservedRTP, locale),
            expected: formatRtp(alert.ExpectedRTP, locale),
            deviation: formatPoints(alert.Deviation, locale),
            band: alert.Band,
          })}
        </Typography.Text>
      </Flex>
      <div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t('alerts.chart.title')}
        </Typography.Title>
        {alert.Series.length > 0 ? (
          <RtpChart alert={alert} labels={labels} />
        ) : (
          <Typography.Text type="secondary">{t('alerts.chart.empty')}</Typography.Text>
        )}
      </div>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 2 }}
        data-testid="game-alert-stats"
        items={[
          {
            key: 'game',
            label: t('alerts.columns.game'),
            children: `${alert.GameName || alert.GameID} (${alert.GameID})`,
          },
          { key: 'type', label: t('alerts.csv.gameType'), children: alert.GameType || '—' },
          { key: 'provider', label: t('alerts.provider'), children: alert.Provider || '—' },
          { key: 'rule', label: t('alerts.columns.rule'), children: alert.EventName },
          {
            key: 'window',
            label: t('alerts.window'),
            children: `${formatDateTime(alert.WindowStart)} – ${formatDateTime(alert.WindowEnd)}`,
          },
          { key: 'test', label: t('alerts.csv.test'), children: t(`alerts.test.${alert.Test}`) },
          { key: 'observed', label: t('alerts.csv.observed'), children: formatRtp(alert.ObservedRTP, locale, 3) },
          { key: 'expected', label: t('alerts.csv.expected'), children: formatRtp(alert.ExpectedRTP, locale, 3) },
          {
            key: 'band',
            label: t('alerts.bandRange'),
            children: `${formatRtp(alert.BandLow, locale)} – ${formatRtp(alert.BandHigh, locale)}`,
          },
          {
            key: 'confidence',
            label: t('alerts.confidence'),
            children: `${(alert.Confidence * 100).toLocaleString(locale, { maximumFractionDigits: 2 })} %`,
          },
          { key: 'deviation', label: t('alerts.columns.deviation'), children: formatPoints(alert.Deviation, locale) },
          { key: 'se', label: t('alerts.csv.stdError'), children: alert.StdError.toFixed(3) },
          { key: 'z', label: t('alerts.csv.z'), children: alert.ZScore.toFixed(2) },
          { key: 'cusum', label: t('alerts.cusum'), children: alert.Cusum.toFixed(2) },
          {
            key: 'rounds',
            label: t('alerts.columns.rounds'),
            children: t('alerts.roundsOfMin', {
              rounds: alert.Rounds.toLocaleString(locale),
              min: alert.MinRounds.toLocaleString(locale),
            }),
          },
          { key: 'turnover', label: t('alerts.csv.turnover'), children: money(alert.Turnover) },
          { key: 'payout', label: t('alerts.csv.payout'), children: money(alert.Payout) },
          { key: 'detected', label: t('alerts.columns.detectedAt'), children: formatDateTime(alert.DetectedAt) },
        ]}
      />
      <div>
        <Typography.Title level={5}>{t('alerts.topWins')}</Typography.Title>
        <Table
          size="small"
          rowKey="ID"
          pagination={false}
          dataSource={alert.TopWins}
          data-testid="game-alert-top-wins"
          columns={[
            { title: t('alerts.win.member'), dataIndex: 'MemberID' },
            { title: t('alerts.win.at'), dataIndex: 'At', render: (at: string) => formatDateTime(at) },
            { title: t('alerts.win.stake'), dataIndex: 'Stake', align: 'right', render: money },
            { title: t('alerts.win.payout'), dataIndex: 'Payout', align: 'right', render: money },
            { title: t('alerts.win.currency'), dataIndex: 'Currency' },
          ]}
        />
      </div>
      {alert.LevelHistory.length > 1 && (
        <div>
          <Typography.Title level={5}>{t('alerts.levelHistory')}</Typography.Title>
          <Flex vertical gap={4}>
            {alert.LevelHistory.map((step) => (
              <Flex key={`${step.Level}-${step.HappenedAt}`} gap="small" align="center">
                <LevelTag level={step.Level} />
                <span>{formatDateTime(step.HappenedAt)}</span>
              </Flex>
            ))}
          </Flex>
        </div>
      )}
      {alert.Status === 1 && (
        <Descriptions
          size="small"
          column={1}
          items={[
            { key: 'by', label: t('alerts.csv.processedBy'), children: alert.ProcessedBy ?? '—' },
            {
              key: 'at',
              label: t('alerts.csv.processedAt'),
              children: alert.ProcessedAt ? formatDateTime(alert.ProcessedAt) : '—',
            },
            { key: 'memo', label: t('alerts.csv.memo'), children: alert.Memo || '—' },
          ]}
        />
      )}
    </Flex>
  );
}
