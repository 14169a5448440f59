import { AlertOutlined, ClockCircleOutlined, FireOutlined, TeamOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Flex, Row, Statistic, theme } from 'antd';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { PeriodPicker } from '../player-alerts/components/PeriodPicker';
import { type Period, periodFromParams, periodToParams } from '../player-alerts/period';
import { useGetRiskDashboardQuery } from './queries/use-get-risk-dashboard-query';
import { ChartCanvas } from './risk/ChartCanvas';
import { byLevelConfig, byTypeConfig, trendConfig } from './risk/chart-configs';
import { LatestAlertsList } from './risk/LatestAlertsList';
import { TopMembersTable } from './risk/TopMembersTable';

/** Player alerts of the period, filtered further by `extra` (e.g. `Status=0`). */
function alertsLink(period: Period, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  periodToParams(period, params);
  return `/monitor/alert-events?${params}`;
}

/** The alert overview check tool over the same period. */
function overviewLink(period: Period): string {
  const params = new URLSearchParams();
  periodToParams(period, params);
  return `/check-tool/alert?${params}`;
}

function StatCard(props: {
  title: string;
  value: number | undefined;
  icon: ReactNode;
  color: string;
  to: string;
  testId: string;
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Link to={props.to} style={{ color: 'inherit' }} data-testid={props.testId}>
        <Statistic
          title={props.title}
          value={props.value ?? '—'}
          prefix={<span style={{ color: props.color, marginInlineEnd: 4 }}>{props.icon}</span>}
        />
      </Link>
    </Card>
  );
}

/**
 * Risk dashboard (`/dashboard`): alert totals, counts by type and level, the trend, the most-alerted
 * members and the latest alerts for a period; the server's `invalidate` after each batch of new
 * alerts refreshes it live. Chart.js is imported here
 * only, so it stays in this screen's chunk.
 */
export function RiskDashboardPage() {
  const { t } = useTranslation(['risk-dashboard', 'alerting']);
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const period = useMemo(() => periodFromParams(params, { preset: '24h' }), [params]);
  const query = useGetRiskDashboardQuery(period);
  const data = query.data;
  const tAlerts = useTranslation('alerting').t;

  const charts = useMemo(() => {
    if (!data) return undefined;
    const colors = { text: token.colorTextSecondary, grid: token.colorSplit };
    return {
      trend: trendConfig(data, tAlerts, colors),
      byType: byTypeConfig(data, tAlerts, colors),
      byLevel: byLevelConfig(data, tAlerts, token.colorBgContainer),
    };
  }, [data, tAlerts, token]);
  const severe = data?.ByLevel.find((l) => l.Level === 3)?.Count ?? (data ? 0 : undefined);
  const setPeriod = (next: Period) => {
    const search = new URLSearchParams();
    periodToParams(next, search);
    setParams(search);
  };

  return (
    <PageFrame description={t('description')} toolbar={<PeriodPicker value={period} onChange={setPeriod} />}>
      {query.isError && (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed')}
          description={query.error.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              {t('actions.retry')}
            </Button>
          }
          style={{ marginBottom: token.margin }}
        />
      )}
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={12} lg={6}>
          <StatCard
            title={t('totals.alerts')}
            value={data?.Totals.Alerts}
            icon={<AlertOutlined />}
            color={token.colorPrimary}
            to={alertsLink(period)}
            testId="total-alerts"
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            title={t('totals.pending')}
            value={data?.Totals.Pending}
            icon={<ClockCircleOutlined />}
            color={token.colorWarning}
            to={alertsLink(period, { Status: '0' })}
            testId="total-pending"
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            title={t('totals.subjects')}
            value={data?.Totals.Subjects}
            icon={<TeamOutlined />}
            color={token.colorInfo}
            to={overviewLink(period)}
            testId="total-subjects"
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            title={t('totals.severe')}
            value={severe}
            icon={<FireOutlined />}
            color={token.colorError}
            to={alertsLink(period, { Levels: '3' })}
            testId="total-severe"
          />
        </Col>
        <Col xs={24} xl={16}>
          <Card size="small" title={t('trend', { bucket: t(`bucket.${data?.Bucket ?? 'hour'}`) })}>
            {charts && data?.Trend.length ? (
              <ChartCanvas config={charts.trend} height={280} label={t('trend', { bucket: '' })} testId="trend-chart" />
            ) : (
              <ChartEmpty loading={query.isPending} height={280} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={8}>
          <Card size="small" title={t('byLevel')}>
            {charts && data?.Totals.Alerts ? (
              <ChartCanvas config={charts.byLevel} height={280} label={t('byLevel')} testId="level-chart" />
            ) : (
              <ChartEmpty loading={query.isPending} height={280} />
            )}
          </Card>
        </Col>
        <Col xs={24} md={12} xl={10}>
          <Card size="small" title={t('byType')} data-testid="by-type">
            {charts && data?.Totals.Alerts ? (
              <ChartCanvas config={charts.byType} height={260} label={t('byType')} testId="type-chart" />
            ) : (
              <ChartEmpty loading={query.isPending} height={260} />
            )}
            {data && (
              <Flex wrap gap="small" style={{ marginTop: token.marginXS }} data-testid="type-counts">
                {[...data.ByType]
                  .sort((a, b) => a.EventType - b.EventType)
                  .map((row) => (
                    <Link key={row.EventType} to={alertsLink(period, { EventTypes: String(row.EventType) })}>
                      <span data-testid={`type-count-${row.EventType}`}>
                        {tAlerts(`types.${row.EventType}`)}: {row.Count}
                        {row.Pending > 0 && ` (${t('pendingShort', { count: row.Pending })})`}
                      </span>
                    </Link>
                  ))}
              </Flex>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('topMembers')}>
            <TopMembersTable rows={data?.TopMembers ?? []} period={period} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card size="small" title={t('latest')} extra={<Link to={alertsLink(period)}>{t('allAlerts')}</Link>}>
            <LatestAlertsList alerts={data?.Latest ?? []} />
          </Card>
        </Col>
      </Row>
    </PageFrame>
  );
}

function ChartEmpty({ loading, height }: { loading: boolean; height: number }) {
  return <div style={{ height, display: 'grid', placeItems: 'center' }}>{loading ? null : <EmptyState />}</div>;
}
