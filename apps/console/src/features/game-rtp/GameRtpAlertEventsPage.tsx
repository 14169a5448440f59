import { CheckOutlined, NotificationOutlined } from '@ant-design/icons';
import type { GameRtpAlertRecord } from '@pitboss/contract';
import { Alert, Button, Flex, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../components/DataTable';
import { PageFrame } from '../../components/PageFrame';
import { useCan } from '../../hooks/useCan';
import { datedFileName } from '../../lib/format';
import { GameAlertDrawer } from './alerts/GameAlertDrawer';
import { GameAlertFiltersBar } from './alerts/GameAlertFiltersBar';
import { gameAlertColumns, gameAlertCsvColumns } from './alerts/game-alert-columns';
import {
  type GameAlertFilters,
  gameFiltersFromParams,
  gameFiltersKey,
  gameFiltersToParams,
} from './alerts/game-alert-filters';
import { ProcessGameAlertsModal } from './alerts/ProcessGameAlertsModal';
import { useLiveGameAlertNotice } from './alerts/use-live-game-alert-notice';
import { fetchGameRtpAlertPage, gameRtpAlertsQueryKey } from './queries/list-game-rtp-alerts';

/**
 * Game alerts (`/monitor/gameRTP-alert-events`): filter, sort and page what the game RTP detector raised,
 * open one to see its evidence (the game's RTP over the window against the band), process one or many
 * with a memo, export; new alerts arrive live. Viewers read only.
 */
export function GameRtpAlertEventsPage() {
  const { t, i18n } = useTranslation(['game-rtp', 'alerting']);
  const { canEdit } = useCan();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => gameFiltersFromParams(params), [params]);
  const openId = Number(params.get('alert')) || undefined;
  const [selected, setSelected] = useState<GameRtpAlertRecord[]>([]);
  const [processing, setProcessing] = useState<GameRtpAlertRecord[]>();
  const [tableGeneration, setTableGeneration] = useState(0);
  const live = useLiveGameAlertNotice(filters);

  const setFilters = (next: GameAlertFilters) => {
    setSelected([]);
    setParams(gameFiltersToParams(next, params));
  };
  const setOpen = (id: number | undefined) => {
    const next = new URLSearchParams(params);
    if (id === undefined) next.delete('alert');
    else next.set('alert', String(id));
    setParams(next);
  };
  const showNewest = () => {
    live.clear();
    setTableGeneration((n) => n + 1);
  };

  const key = gameFiltersKey(filters);
  const columns = gameAlertColumns({
    t,
    locale: i18n.language,
    canEdit,
    onOpen: (alert) => setOpen(alert.AlertID),
    onProcess: setProcessing,
  });
  const first = columns[0];
  if (first && 'render' in first && first.render) {
    const render = first.render;
    first.render = (value, alert, index) => (
      <Flex gap={4} align="center">
        {render(value, alert, index) as React.ReactNode}
        {live.newIds.has(alert.AlertID) && (
          <Tag color="processing" style={{ marginInlineEnd: 0 }} data-testid="game-live-new">
            {t('alerts.live.new')}
          </Tag>
        )}
        {!live.newIds.has(alert.AlertID) && live.escalatedIds.has(alert.AlertID) && (
          <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="game-live-escalated">
            {t('alerts.live.escalated')}
          </Tag>
        )}
      </Flex>
    );
  }

  return (
    <PageFrame description={t('alerts.description')}>
      <Flex vertical gap="small">
        <GameAlertFiltersBar value={filters} onChange={setFilters} />
        {live.newIds.size > 0 && (
          <Alert
            type="info"
            showIcon
            icon={<NotificationOutlined />}
            title={t('alerts.live.notice', { count: live.newIds.size })}
            data-testid="game-live-notice"
            action={
              <Flex gap="small">
                <Button size="small" type="primary" onClick={showNewest}>
                  {t('alerts.live.showNewest')}
                </Button>
                <Button size="small" onClick={live.clear}>
                  {t('alerts.live.dismiss')}
                </Button>
              </Flex>
            }
          />
        )}
        <DataTable<GameRtpAlertRecord>
          key={`${JSON.stringify(key)}#${tableGeneration}`}
          queryKey={[...gameRtpAlertsQueryKey, 'list', ...key]}
          fetchPage={(request, signal) => fetchGameRtpAlertPage(filters, request, signal)}
          columns={columns}
          rowKey="AlertID"
          defaultSort="HappenedAt Desc"
          csv={{ fileName: datedFileName('game-alerts'), columns: gameAlertCsvColumns(t) }}
          testId="game-alerts-table"
          toolbar={
            canEdit && (
              <Button
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                onClick={() => setProcessing(selected)}
                data-testid="game-process-selected"
              >
                {t('alerts.processSelected', { count: selected.length })}
              </Button>
            )
          }
          rowSelection={
            canEdit
              ? {
                  selectedRowKeys: selected.map((a) => a.AlertID),
                  preserveSelectedRowKeys: true,
                  onChange: (_keys, rows) => setSelected(rows.filter((row): row is GameRtpAlertRecord => !!row)),
                  getCheckboxProps: (alert) => ({ disabled: alert.Status !== 0 }),
                }
              : undefined
          }
        />
      </Flex>
      <GameAlertDrawer
        alertId={openId}
        canEdit={canEdit}
        onClose={() => setOpen(undefined)}
        onProcess={setProcessing}
      />
      <ProcessGameAlertsModal
        alerts={processing}
        onClose={() => setProcessing(undefined)}
        onDone={(ids) => setSelected((rows) => rows.filter((a) => !ids.includes(a.AlertID)))}
      />
    </PageFrame>
  );
}
