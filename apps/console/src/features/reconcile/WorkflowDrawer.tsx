import { PlusOutlined } from '@ant-design/icons';
import {
  canAdjust,
  type GameFigures,
  RECONCILE_TRANSITIONS,
  type ReconcileAdjustment,
  type ReconcileStatus,
  type ReconcileWorkflowDetail,
} from '@pitboss/contract';
import { Alert, Button, Descriptions, Drawer, Flex, Skeleton, Table, Timeline, Typography, theme } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { formatDateTime } from '../../lib/format';
import { AdjustmentModal } from './AdjustmentModal';
import { formatMoney, formatRate } from './money';
import { useGetWorkflowQuery } from './queries/use-get-workflow-query';
import { StatusModal } from './StatusModal';
import { StatusTag } from './StatusTag';

function gameColumns(t: (key: string) => string, money: (n: number | null) => string): ColumnsType<GameFigures> {
  return [
    { title: t('figures.game'), dataIndex: 'GameID' },
    { title: t('figures.rounds'), dataIndex: 'Rounds', align: 'right' },
    { title: t('figures.players'), dataIndex: 'Players', align: 'right' },
    { title: t('figures.turnover'), dataIndex: 'Turnover', align: 'right', render: money },
    { title: t('figures.payout'), dataIndex: 'Payout', align: 'right', render: money },
    { title: t('figures.ggr'), dataIndex: 'GGR', align: 'right', render: money },
  ];
}

/** Whether anything arrived after the figures were frozen. */
function hasDifference(
  d: ReconcileWorkflowDetail['Difference'],
): d is NonNullable<ReconcileWorkflowDetail['Difference']> {
  return d !== null && (d.Rounds !== 0 || d.Turnover !== 0 || d.Payout !== 0);
}

/**
 * One reconciliation: the figures per game (frozen from waiting confirm on), what arrived since, the
 * adjustments and the history; the status actions the state machine allows, and adding adjustments.
 */
export function WorkflowDrawer({ workflowId, onClose }: { workflowId: number | undefined; onClose: () => void }) {
  const { t, i18n } = useTranslation('reconcile');
  const { token } = theme.useToken();
  const query = useGetWorkflowQuery(workflowId);
  const w = query.data;
  const [change, setChange] = useState<{ id: number; from: ReconcileStatus; to: ReconcileStatus }>();
  const [adjusting, setAdjusting] = useState<number>();
  const money = (n: number | null) => formatMoney(n, w?.Currency ?? 'USD', i18n.language);

  const footer = w && RECONCILE_TRANSITIONS[w.Status].length > 0 && (
    <Flex justify="flex-end" gap="small" wrap>
      {RECONCILE_TRANSITIONS[w.Status].map((to) => (
        <Button
          key={to}
          type={to === '3' ? 'default' : 'primary'}
          danger={to === '3'}
          onClick={() => setChange({ id: w.ID, from: w.Status, to })}
          data-testid={`transition-${to}`}
        >
          {t(`transition.${to}`)}
        </Button>
      ))}
    </Flex>
  );

  const adjustmentColumns: ColumnsType<ReconcileAdjustment> = [
    { title: t('adjustment.adjust'), dataIndex: 'Adjust', render: (a: 0 | 1) => t(`adjust.${a}`) },
    { title: t('adjustment.amountShort'), dataIndex: 'Amount', align: 'right', render: money },
    { title: t('adjustment.reportMonth'), dataIndex: 'ReportMonth', render: (m: 0 | 1) => t(`reportMonth.${m}`) },
    { title: t('adjustment.memo'), dataIndex: 'Memo' },
    { title: t('workflow.by'), dataIndex: 'CreatedBy' },
    { title: t('workflow.at'), dataIndex: 'CreateDate', render: (v: string) => formatDateTime(v) },
  ];

  return (
    <Drawer
      open={workflowId !== undefined}
      onClose={onClose}
      size={960}
      title={w ? t('workflow.detailTitle', { name: w.BusinessName, month: w.Month }) : undefined}
      footer={footer || null}
      data-testid="workflow-detail"
    >
      {query.isPending && workflowId !== undefined && <Skeleton active />}
      {query.isError && <QueryError error={query.error} onRetry={() => void query.refetch()} />}
      {w && (
        <Flex vertical gap={token.marginLG}>
          <Descriptions bordered size="small" column={{ xs: 1, md: 3 }} data-testid="workflow-summary">
            <Descriptions.Item label={t('workflow.status')}>
              <StatusTag status={w.Status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('workflow.currency')}>{w.Currency}</Descriptions.Item>
            <Descriptions.Item label={t('workflow.rate')}>
              <span data-testid="workflow-rate">
                {w.Rate === null
                  ? '—'
                  : w.RateDate === null
                    ? formatRate(w.Currency, w.Rate, w.BaseCurrency, i18n.language)
                    : t('workflow.rateDated', {
                        rate: formatRate(w.Currency, w.Rate, w.BaseCurrency, i18n.language),
                        date: w.RateDate,
                      })}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('workflow.frozenAt')}>
              {w.FrozenAt ? formatDateTime(w.FrozenAt) : t('workflow.live')}
            </Descriptions.Item>
            <Descriptions.Item label={t('figures.rounds')}>{w.Rounds}</Descriptions.Item>
            <Descriptions.Item label={t('figures.players')}>{w.Players}</Descriptions.Item>
            <Descriptions.Item label={t('figures.turnover')}>{money(w.Turnover)}</Descriptions.Item>
            <Descriptions.Item label={t('figures.payout')}>{money(w.Payout)}</Descriptions.Item>
            <Descriptions.Item label={t('figures.ggr')}>{money(w.GGR)}</Descriptions.Item>
            <Descriptions.Item label={t('figures.adjustments')}>{money(w.Adjustments)}</Descriptions.Item>
            <Descriptions.Item label={t('figures.total')}>
              <Typography.Text strong data-testid="workflow-total">
                {money(w.Total)}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('figures.commission')}>
              <Typography.Text strong data-testid="workflow-commission">
                {money(w.CommissionDue)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>

          {w.Rate === null && (
            <Alert
              type="warning"
              showIcon
              title={t('workflow.noRate', { currency: w.Currency, base: w.BaseCurrency, month: w.Month })}
              data-testid="workflow-no-rate"
            />
          )}

          {hasDifference(w.Difference) && (
            <section data-testid="workflow-difference">
              <Alert
                type="warning"
                showIcon
                title={t('difference.title', {
                  rounds: w.Difference.Rounds,
                  ggr: money(w.Difference.GGR),
                  at: formatDateTime(w.FrozenAt),
                })}
                description={t('difference.help')}
              />
              <Table<GameFigures>
                size="small"
                rowKey="GameID"
                pagination={false}
                columns={gameColumns(t, money)}
                dataSource={w.Difference.Games}
                style={{ marginTop: token.marginSM }}
              />
            </section>
          )}

          <section>
            <Typography.Title level={5}>
              {w.FrozenAt ? t('workflow.gamesFrozen') : t('workflow.games')}
            </Typography.Title>
            <Table<GameFigures>
              size="small"
              rowKey="GameID"
              pagination={w.Games.length > 25 ? { pageSize: 25 } : false}
              columns={gameColumns(t, money)}
              dataSource={w.Games}
              locale={{ emptyText: t('workflow.noGames') }}
              data-testid="workflow-games"
              summary={() =>
                w.Games.length > 1 ? (
                  <Table.Summary.Row>
                    <Table.Summary.Cell index={0}>{t('figures.total')}</Table.Summary.Cell>
                    <Table.Summary.Cell index={1} align="right">
                      {w.Rounds}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={2} align="right">
                      {w.Players}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={3} align="right">
                      {money(w.Turnover)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={4} align="right">
                      {money(w.Payout)}
                    </Table.Summary.Cell>
                    <Table.Summary.Cell index={5} align="right">
                      {money(w.GGR)}
                    </Table.Summary.Cell>
                  </Table.Summary.Row>
                ) : null
              }
            />
          </section>

          <section>
            <Flex justify="space-between" align="baseline" wrap>
              <Typography.Title level={5}>{t('adjustment.list')}</Typography.Title>
              {canAdjust(w.Status) && (
                <Button icon={<PlusOutlined />} onClick={() => setAdjusting(w.ID)} data-testid="adjustment-add">
                  {t('adjustment.add')}
                </Button>
              )}
            </Flex>
            <Table<ReconcileAdjustment>
              size="small"
              rowKey="ID"
              pagination={false}
              columns={adjustmentColumns}
              dataSource={w.AdjustmentList}
              locale={{ emptyText: t('adjustment.none') }}
              data-testid="workflow-adjustments"
            />
          </section>

          <section data-testid="workflow-history">
            <Typography.Title level={5}>{t('workflow.history')}</Typography.Title>
            <Timeline
              items={w.History.map((h, i) => ({
                key: `${i}-${h.CreateDate}`,
                color: h.To === '1' ? 'green' : h.To === '3' ? 'gray' : h.To === '2' ? 'orange' : 'blue',
                content: (
                  <Flex vertical>
                    <Flex gap="small" align="center" wrap>
                      {h.From !== null && (
                        <>
                          <StatusTag status={h.From} testId="history-status" />→
                        </>
                      )}
                      <StatusTag status={h.To} testId="history-status" />
                      <Typography.Text type="secondary">
                        {t('workflow.historyBy', { by: h.CreatedBy || '—', at: formatDateTime(h.CreateDate) })}
                      </Typography.Text>
                    </Flex>
                    {h.Memo && <Typography.Text>{h.Memo}</Typography.Text>}
                  </Flex>
                ),
              }))}
            />
          </section>
        </Flex>
      )}
      <StatusModal change={change} onClose={() => setChange(undefined)} />
      <AdjustmentModal workflowId={adjusting} currency={w?.Currency ?? 'USD'} onClose={() => setAdjusting(undefined)} />
    </Drawer>
  );
}
