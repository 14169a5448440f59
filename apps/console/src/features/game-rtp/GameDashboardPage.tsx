import type { GameRtpSearchRow } from '@pitboss/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Badge, Card, Col, Empty, Flex, List, Row, Segmented, Select, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { QueryError } from '../../components/QueryError';
import { formatDateTime } from '../../lib/format';
import { companyNow, toInstant } from '../../lib/time-zone';
import { useLiveAlerts } from '../../ws/live';
import { LevelTag } from '../player-alerts/components/AlertTags';
import { RtpChart } from './alerts/RtpChart';
import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  openAlertsByGame,
  periodDays,
  summariseByType,
  type TypeSummary,
  topDeviating,
} from './dashboard/game-dashboard';
import { useGameRtpByTimeQuery } from './queries/use-game-rtp-by-time-query';
import { usePendingGameAlertsQuery } from './queries/use-pending-game-alerts-query';
import { gameDashboardQueryKey, useSearchGameRtpQuery } from './queries/use-search-game-rtp-query';
import { fmtBand, fmtCount, fmtMoney, fmtPoints, fmtRtp } from './search/search-format';

/** The figures refresh on their own this often, and at once when a game alert arrives. */
const REFRESH_MS = 30_000;

/**
 * Game dashboard (`/operation-dashboard`, development-only): for a period, per game type and for the
 * games that deviate most, rounds, players, turnover, payout, GGR, observed against expected RTP with the
 * band, and the open game alerts; a chosen game's RTP over time against its band. Live.
 */
export function GameDashboardPage() {
  const { t } = useTranslation(['game-rtp', 'alerting']);
  const queryClient = useQueryClient();
  const [period, setPeriod] = useState<DashboardPeriod>('today');
  const [chosen, setChosen] = useState<string>();
  const { Start, End } = periodDays(period, companyNow());
  const games = useSearchGameRtpQuery(Start, End, REFRESH_MS);
  const pending = usePendingGameAlertsQuery(toInstant(companyNow().subtract(30, 'day').startOf('day')));
  useLiveAlerts('game', () => void queryClient.invalidateQueries({ queryKey: gameDashboardQueryKey }));

  const rows = games.data?.recordset ?? [];
  const open = useMemo(() => openAlertsByGame(pending.data?.rows ?? []), [pending.data]);
  const types = useMemo(() => summariseByType(rows, open), [rows, open]);
  const top = useMemo(() => topDeviating(rows), [rows]);
  const gameId = chosen ?? top[0]?.GameID;
  const game = rows.find((r) => r.GameID === gameId);
  const bucket = period === 'today' ? 'hour' : 'day';
  const series = useGameRtpByTimeQuery(gameId, Start, End, bucket, REFRESH_MS);
  const totals = games.data?.output.Totals as Record<string, number> | undefined;

  const rtpCells = <R extends { ObservedRTP: number | null; ExpectedRTP: number | null }>(): ColumnsType<R> => [
    { title: t('search.columns.ObservedRTP'), dataIndex: 'ObservedRTP', align: 'right', render: fmtRtp },
    { title: t('search.columns.ExpectedRTP'), dataIndex: 'ExpectedRTP', align: 'right', render: fmtRtp },
  ];
  const typeColumns: ColumnsType<TypeSummary> = [
    { title: t('search.columns.GameType'), dataIndex: 'GameType', render: (v: string) => v || t('settings.noType') },
    { title: t('dashboard.games'), dataIndex: 'Games', align: 'right' },
    { title: t('search.columns.Rounds'), dataIndex: 'Rounds', align: 'right', render: fmtCount },
    { title: t('search.columns.Turnover'), dataIndex: 'Turnover', align: 'right', render: fmtMoney },
    { title: t('search.columns.Payout'), dataIndex: 'Payout', align: 'right', render: fmtMoney },
    { title: t('search.columns.GGR'), dataIndex: 'GGR', align: 'right', render: fmtMoney },
    ...rtpCells<TypeSummary>(),
    { title: t('dashboard.significant'), dataIndex: 'Significant', align: 'right' },
    {
      title: t('dashboard.openAlerts'),
      dataIndex: 'OpenAlerts',
      align: 'right',
      render: (n: number) => (n > 0 ? <Badge count={n} /> : 0),
    },
  ];
  const gameColumns: ColumnsType<GameRtpSearchRow> = [
    {
      title: t('search.columns.GameID'),
      dataIndex: 'GameID',
      render: (id: string, row) => (
        <Flex vertical>
          <Typography.Text strong>{row.GameName}</Typography.Text>
          <Typography.Text type="secondary">
            {id} · {row.GameType || t('settings.noType')}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('search.columns.Rounds'), dataIndex: 'Rounds', align: 'right', render: fmtCount },
    { title: t('search.columns.Players'), dataIndex: 'Players', align: 'right', render: fmtCount },
    { title: t('search.columns.Turnover'), dataIndex: 'Turnover', align: 'right', render: fmtMoney },
    { title: t('search.columns.GGR'), dataIndex: 'GGR', align: 'right', render: fmtMoney },
    ...rtpCells<GameRtpSearchRow>(),
    {
      title: t('search.columns.Deviation'),
      dataIndex: 'Deviation',
      align: 'right',
      render: (v: number | null, row) => (
        <Typography.Text type={row.Significant ? 'danger' : undefined} strong={row.Significant}>
          {fmtPoints(v)}
        </Typography.Text>
      ),
    },
    {
      title: t('dashboard.band'),
      key: 'band',
      align: 'right',
      render: (_, row) => fmtBand(row.BandLow, row.BandHigh),
    },
    {
      title: t('dashboard.openAlerts'),
      key: 'open',
      align: 'right',
      render: (_, row) => {
        const n = open.get(row.GameID) ?? 0;
        return n > 0 ? <Badge count={n} /> : 0;
      },
    },
  ];
  const chartLabels = {
    observed: t('dashboard.chart.observed'),
    expected: t('alerts.chart.expected'),
    bandLow: t('dashboard.chart.bandLow'),
    bandHigh: t('dashboard.chart.bandHigh'),
    label: t('dashboard.chart.label', { game: gameId ?? '' }),
  };
  const points = series.data ?? [];

  return (
    <PageFrame
      description={t('dashboard.description')}
      toolbar={
        <Segmented<DashboardPeriod>
          value={period}
          onChange={setPeriod}
          options={DASHBOARD_PERIODS.map((p) => ({ value: p, label: t(`dashboard.periods.${p}`) }))}
          aria-label={t('dashboard.period')}
          data-testid="dashboard-period"
        />
      }
    >
      {games.isError ? (
        <QueryError error={games.error} onRetry={() => void games.refetch()} />
      ) : (
        <Flex vertical gap="middle">
          <Row gutter={[16, 16]}>
            {(
              [
                ['Rounds', fmtCount],
                ['Players', fmtCount],
                ['Turnover', fmtMoney],
                ['Payout', fmtMoney],
                ['GGR', fmtMoney],
                ['ObservedRTP', fmtRtp],
              ] as const
            ).map(([key, format]) => (
              <Col key={key} xs={12} md={8} xl={4}>
                <Card size="small" title={t(`search.columns.${key}`)}>
                  <Typography.Title level={4} style={{ margin: 0 }} data-testid={`dashboard-total-${key}`}>
                    {format(totals?.[key])}
                  </Typography.Title>
                </Card>
              </Col>
            ))}
          </Row>
          <Row gutter={[16, 16]}>
            <Col xs={24} xl={16}>
              <Card size="small" title={t('dashboard.byType')}>
                <Table<TypeSummary>
                  size="small"
                  rowKey="GameType"
                  loading={games.isPending}
                  dataSource={types}
                  columns={typeColumns}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  data-testid="dashboard-types"
                />
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card
                size="small"
                title={
                  <Flex gap="small" align="center">
                    {t('dashboard.pendingAlerts')}
                    <Badge count={pending.data?.total ?? 0} showZero data-testid="dashboard-pending-count" />
                  </Flex>
                }
                extra={<Link to="/monitor/gameRTP-alert-events">{t('dashboard.allAlerts')}</Link>}
              >
                <List
                  size="small"
                  loading={pending.isPending}
                  dataSource={(pending.data?.rows ?? []).slice(0, 8)}
                  locale={{ emptyText: t('dashboard.noPending') }}
                  data-testid="dashboard-pending"
                  renderItem={(alert) => (
                    <List.Item
                      key={alert.AlertID}
                      onClick={() => setChosen(alert.GameID)}
                      style={{ cursor: 'pointer' }}
                      data-testid={`dashboard-alert-${alert.AlertID}`}
                    >
                      <Flex vertical style={{ minWidth: 0 }}>
                        <Flex gap={4} align="center" wrap>
                          <LevelTag level={alert.Level} />
                          <Typography.Text strong>{alert.GameName || alert.GameID}</Typography.Text>
                          <Tag>{t(`alerts.direction.${alert.Direction}`)}</Tag>
                        </Flex>
                        <Typography.Text type="secondary">
                          {fmtRtp(alert.ObservedRTP)} / {fmtRtp(alert.ExpectedRTP)} ({fmtPoints(alert.Deviation)}) ·{' '}
                          {formatDateTime(alert.HappenedAt)}
                        </Typography.Text>
                      </Flex>
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          </Row>
          <Card size="small" title={t('dashboard.topGames')}>
            <Table<GameRtpSearchRow>
              size="small"
              rowKey="GameID"
              loading={games.isPending}
              dataSource={top}
              columns={gameColumns}
              pagination={false}
              scroll={{ x: 'max-content' }}
              onRow={(row) => ({ onClick: () => setChosen(row.GameID), style: { cursor: 'pointer' } })}
              rowClassName={(row) => (row.GameID === gameId ? 'ant-table-row-selected' : '')}
              data-testid="dashboard-top-games"
            />
          </Card>
          <Card
            size="small"
            title={t('dashboard.chart.title', { game: game ? `${game.GameName} (${game.GameID})` : (gameId ?? '') })}
            extra={
              <Select
                style={{ minWidth: 220 }}
                value={gameId}
                onChange={setChosen}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('dashboard.pickGame')}
                aria-label={t('dashboard.pickGame')}
                options={rows.map((r) => ({ value: r.GameID, label: `${r.GameName} (${r.GameID})` }))}
                data-testid="dashboard-game-select"
              />
            }
          >
            {gameId && points.length > 0 ? (
              <RtpChart
                alert={{
                  points: points.map((p) => ({ At: p.Time, ObservedRTP: p.ObservedRTP })),
                  expected: game?.ExpectedRTP ?? points[0]?.ExpectedRTP ?? null,
                  bandLow: points.map((p) => p.BandLow),
                  bandHigh: points.map((p) => p.BandHigh),
                  color: '#1677ff',
                }}
                labels={chartLabels}
              />
            ) : (
              <Empty description={t('dashboard.noRounds')} />
            )}
          </Card>
        </Flex>
      )}
    </PageFrame>
  );
}
