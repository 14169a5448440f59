import { CheckOutlined, NotificationOutlined } from '@ant-design/icons';
import { type AlertDetail, type AlertRecord, listAlerts } from '@pitboss/contract';
import { Alert, Button, Flex, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, pageFromEnvelope } from '../../components/DataTable';
import { PageFrame } from '../../components/PageFrame';
import { useCan } from '../../hooks/useCan';
import { callApi } from '../../lib/api';
import { datedFileName } from '../../lib/format';
import { AlertDetailDrawer } from './events/AlertDetailDrawer';
import { AlertFiltersBar } from './events/AlertFiltersBar';
import { alertColumns, alertCsvColumns } from './events/alert-columns';
import {
  type AlertFilters,
  filtersFromParams,
  filtersKey,
  filtersToParams,
  filtersToQuery,
} from './events/alert-filters';
import { BlacklistModal } from './events/BlacklistModal';
import { ProcessAlertsModal } from './events/ProcessAlertsModal';
import { useLiveAlertNotice } from './events/use-live-alert-notice';

/**
 * Player alerts (`/monitor/alert-events`): filter, sort and page what the detectors raised, open one
 * to see its evidence, process one or many, blacklist the member, export; new alerts arrive live.
 */
export function AlertEventsPage() {
  const { t, i18n } = useTranslation(['player-alerts', 'alerting']);
  const { canEdit } = useCan();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const openId = Number(params.get('alert')) || undefined;
  const [selected, setSelected] = useState<AlertRecord[]>([]);
  const [processing, setProcessing] = useState<AlertRecord[]>();
  const [blacklisting, setBlacklisting] = useState<AlertDetail>();
  // Remounting the table takes it back to page 1 and the default sort (newest first).
  const [tableGeneration, setTableGeneration] = useState(0);
  const live = useLiveAlertNotice(filters);

  const setFilters = (next: AlertFilters) => {
    setSelected([]);
    setParams(filtersToParams(next, params));
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

  const key = filtersKey(filters);
  const columns = alertColumns({
    t,
    locale: i18n.language,
    canEdit,
    onOpen: (alert) => setOpen(alert.AlertID),
    onProcess: setProcessing,
  });
  // Mark the rows that arrived live.
  const raisedColumn = columns[0];
  if (raisedColumn && 'render' in raisedColumn && raisedColumn.render) {
    const render = raisedColumn.render;
    raisedColumn.render = (value, alert, index) => (
      <Flex gap={4} align="center">
        {render(value, alert, index) as React.ReactNode}
        {live.newIds.has(alert.AlertID) && (
          <Tag color="processing" style={{ marginInlineEnd: 0 }}>
            {t('live.new')}
          </Tag>
        )}
        {!live.newIds.has(alert.AlertID) && live.escalatedIds.has(alert.AlertID) && (
          <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="live-escalated">
            {t('live.escalated')}
          </Tag>
        )}
      </Flex>
    );
  }

  return (
    <PageFrame description={t('events.description')}>
      <Flex vertical gap="small">
        <AlertFiltersBar value={filters} onChange={setFilters} />
        {live.newIds.size > 0 && (
          <Alert
            type="info"
            showIcon
            icon={<NotificationOutlined />}
            title={t('live.notice', { count: live.newIds.size })}
            data-testid="live-notice"
            action={
              <Flex gap="small">
                <Button size="small" type="primary" onClick={showNewest}>
                  {t('live.showNewest')}
                </Button>
                <Button size="small" onClick={live.clear}>
                  {t('live.dismiss')}
                </Button>
              </Flex>
            }
          />
        )}
        <DataTable<AlertRecord>
          key={`${JSON.stringify(key)}#${tableGeneration}`}
          queryKey={['alerts', 'list', ...key]}
          fetchPage={async (request, signal) =>
            pageFromEnvelope(
              await callApi(
                listAlerts,
                {
                  query: {
                    ...filtersToQuery(filters),
                    page: request.page,
                    pageSize: request.pageSize,
                    sort: request.sort,
                  },
                },
                { signal },
              ),
            )
          }
          columns={columns}
          rowKey="AlertID"
          defaultSort="HappenedAt Desc"
          csv={{ fileName: datedFileName('alerts'), columns: alertCsvColumns(t) }}
          toolbar={
            canEdit && (
              <Button
                icon={<CheckOutlined />}
                disabled={selected.length === 0}
                onClick={() => setProcessing(selected)}
                data-testid="process-selected"
              >
                {t('actions.processSelected', { count: selected.length })}
              </Button>
            )
          }
          rowSelection={
            canEdit
              ? {
                  selectedRowKeys: selected.map((a) => a.AlertID),
                  preserveSelectedRowKeys: true,
                  onChange: (_keys, rows) => setSelected(rows.filter((row): row is AlertRecord => !!row)),
                  getCheckboxProps: (alert) => ({ disabled: alert.Status !== 0 }),
                }
              : undefined
          }
        />
      </Flex>
      <AlertDetailDrawer
        alertId={openId}
        canEdit={canEdit}
        onClose={() => setOpen(undefined)}
        onProcess={setProcessing}
        onBlacklist={setBlacklisting}
      />
      <ProcessAlertsModal
        alerts={processing}
        onClose={() => setProcessing(undefined)}
        onDone={(ids) => setSelected((rows) => rows.filter((a) => !ids.includes(a.AlertID)))}
      />
      <BlacklistModal alert={blacklisting} onClose={() => setBlacklisting(undefined)} />
    </PageFrame>
  );
}
