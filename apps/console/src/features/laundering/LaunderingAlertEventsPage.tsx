import { NotificationOutlined, SearchOutlined } from '@ant-design/icons';
import {
  LAUNDERING_QUERY_KEYS,
  type LaunderingAlertDetail,
  type LaunderingAlertRecord,
  listLaunderingAlerts,
} from '@pitboss/contract';
import { Alert, App, Button, Descriptions, Drawer, Flex, Form, Input, Popconfirm, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type CsvColumn, DataTable, pageFromEnvelope } from '../../components/DataTable';
import { type DateRange, DateRangePicker, rangePresets, rangeToStartEnd } from '../../components/DateRangePicker';
import { MemberIdInput } from '../../components/MemberIdInput';
import { PageFrame } from '../../components/PageFrame';
import { callApi } from '../../lib/api';
import { datedFileName, formatDateTime } from '../../lib/format';
import { isoInZone } from '../../lib/time-zone';
import type { LaunderingAlertFilters } from './live/live-filters';
import { useLiveLaunderingAlerts } from './live/use-live-laundering-alerts';
import { MatchedRoundsTable, money } from './MatchedRoundsTable';
import { useBlacklistMembersMutation } from './queries/use-blacklist-members-mutation';
import { useLaunderingAlertQuery } from './queries/use-laundering-alert-query';
import { useProcessLaunderingAlertsMutation } from './queries/use-process-laundering-alerts-mutation';

interface FilterValues {
  range: DateRange;
  MemberIDs: string[];
  Status?: 0 | 1 | undefined;
}

function columnsOf(t: TFunction<['laundering', 'alerting']>): ColumnsType<LaunderingAlertRecord> {
  return [
    { title: t('alerts.alertId'), dataIndex: 'AlertID', sorter: true },
    {
      title: t('alerts.level'),
      dataIndex: 'Level',
      sorter: true,
      render: (level: number) => <Tag color={level === 3 ? 'red' : level === 2 ? 'orange' : 'gold'}>L{level}</Tag>,
    },
    {
      title: t('alerts.members'),
      dataIndex: 'MemberIDs',
      render: (ids: string[], r) => (
        <Flex gap={4} wrap>
          {r.GroupKind === 'ring' && <Tag color="purple">{t('alerts.ring')}</Tag>}
          {ids.join(', ')}
        </Flex>
      ),
    },
    { title: t('alerts.rounds'), dataIndex: 'Rounds', sorter: true, align: 'right' },
    { title: t('alerts.matchedStake'), dataIndex: 'MatchedStake', sorter: true, align: 'right', render: money },
    { title: t('alerts.netMoved'), dataIndex: 'NetMoved', sorter: true, align: 'right', render: money },
    {
      title: t('alerts.happenedAt'),
      dataIndex: 'HappenedAt',
      sorter: true,
      defaultSortOrder: 'descend',
      render: (at: string) => formatDateTime(at),
    },
    {
      title: t('alerts.detectedAt'),
      dataIndex: 'DetectedAt',
      sorter: true,
      render: (at: string) => formatDateTime(at),
    },
    {
      title: t('alerts.status'),
      dataIndex: 'Status',
      render: (s: number) => <Tag color={s === 0 ? 'orange' : 'green'}>{t(`alerts.statuses.${s}`)}</Tag>,
    },
  ];
}

function csvColumnsOf(): CsvColumn<LaunderingAlertRecord>[] {
  return [
    { title: 'AlertID', value: (r) => r.AlertID },
    { title: 'EventName', value: (r) => r.EventName },
    { title: 'Level', value: (r) => r.Level },
    { title: 'GroupKind', value: (r) => r.GroupKind },
    { title: 'MemberIDs', value: (r) => r.MemberIDs.join(' ') },
    { title: 'Rounds', value: (r) => r.Rounds },
    { title: 'MatchedStake', value: (r) => r.MatchedStake },
    { title: 'NetMoved', value: (r) => r.NetMoved },
    { title: 'HappenedAt', value: (r) => isoInZone(r.HappenedAt) },
    { title: 'DetectedAt', value: (r) => isoInZone(r.DetectedAt) },
    { title: 'Status', value: (r) => r.Status },
    { title: 'Memo', value: (r) => r.Memo },
  ];
}

function Evidence({ alert }: { alert: LaunderingAlertDetail }) {
  const { t } = useTranslation('laundering');
  return (
    <Flex vertical gap="middle">
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('alerts.members')}>
          <Flex gap="small" wrap>
            {alert.MemberIDs.map((id) => (
              <Link
                key={id}
                to={`/monitor/laundering-search?MemberIDs=${encodeURIComponent(id)}`}
                title={t('alerts.searchMember')}
              >
                {id}
              </Link>
            ))}
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('alerts.totalMoved')}>{money(alert.TotalMoved)}</Descriptions.Item>
        <Descriptions.Item label={t('alerts.shared')}>
          {alert.Shared.length === 0
            ? t('alerts.nothingShared')
            : alert.Shared.map(
                (s) => `${s.Kind === 'ip' ? 'IP' : t('alerts.device')} ${s.Value}: ${s.MemberIDs.join(', ')}`,
              ).join('; ')}
        </Descriptions.Item>
        <Descriptions.Item label={t('alerts.bonus')}>
          {alert.Bonus.length === 0
            ? t('alerts.noBonus')
            : alert.Bonus.map(
                (b) =>
                  `${b.MemberID}: ${money(b.BonusPoints)}${b.HedgedShare === null ? '' : ` (${Math.round(b.HedgedShare * 100)} %)`}`,
              ).join('; ')}
        </Descriptions.Item>
      </Descriptions>
      <MatchedRoundsTable rounds={alert.MatchedRounds} testId="matched-rounds" />
    </Flex>
  );
}

/**
 * Opposing-bet alerts (`/monitor/laundering-alert-events`): the pairs and rings raised at ingest, their
 * evidence in a drawer, and their review with a memo.
 */
export function LaunderingAlertEventsPage() {
  const { t } = useTranslation(['laundering', 'alerting']);
  const [form] = Form.useForm<FilterValues>();
  const last7 = rangePresets().find((p) => p.key === 'last7Days')?.value as DateRange;
  const [filters, setFilters] = useState<LaunderingAlertFilters>(() => ({
    ...rangeToStartEnd(last7),
    MemberIDs: [],
  }));
  // `?alert=<id>` opens an alert (links in notices name it).
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('alert')) || undefined;
  const setOpen = (id: number | undefined) => {
    const next = new URLSearchParams(params);
    if (id === undefined) next.delete('alert');
    else next.set('alert', String(id));
    setParams(next);
  };
  const live = useLiveLaunderingAlerts(filters);
  // Remounting the table takes it back to page 1 and the default sort (newest first).
  const [tableGeneration, setTableGeneration] = useState(0);
  const showNewest = () => {
    live.clear();
    setTableGeneration((n) => n + 1);
  };
  const columns = columnsOf(t);
  const first = columns[0];
  if (first && 'dataIndex' in first) {
    first.render = (id: number) => (
      <Flex gap={4} align="center">
        {id}
        {live.newIds.has(id) && (
          <Tag color="processing" style={{ marginInlineEnd: 0 }} data-testid="live-new">
            {t('live.new')}
          </Tag>
        )}
        {!live.newIds.has(id) && live.escalatedIds.has(id) && (
          <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="live-escalated">
            {t('live.escalated')}
          </Tag>
        )}
      </Flex>
    );
  }
  const [memo, setMemo] = useState('');
  const detail = useLaunderingAlertQuery(open);
  const process = useProcessLaunderingAlertsMutation();
  const blacklist = useBlacklistMembersMutation();
  const { message } = App.useApp();

  return (
    <PageFrame description={t('alerts.description')}>
      <Flex vertical gap="small">
        <Form<FilterValues>
          form={form}
          layout="vertical"
          initialValues={{ range: last7, MemberIDs: [] }}
          onFinish={(v) => setFilters({ ...rangeToStartEnd(v.range), MemberIDs: v.MemberIDs, Status: v.Status })}
        >
          <Flex wrap gap="small" align="flex-start">
            <Form.Item name="range" label={t('alerts.period')}>
              <DateRangePicker />
            </Form.Item>
            <Form.Item name="MemberIDs" label={t('alerts.memberIds')} style={{ minWidth: 240 }}>
              <MemberIdInput rows={1} />
            </Form.Item>
            <Form.Item name="Status" label={t('alerts.status')}>
              <Select
                allowClear
                style={{ width: 140 }}
                options={[
                  { value: 0, label: t('alerts.statuses.0') },
                  { value: 1, label: t('alerts.statuses.1') },
                ]}
              />
            </Form.Item>
            <Form.Item label=" " colon={false}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('alerts.search')}
              </Button>
            </Form.Item>
          </Flex>
        </Form>
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
        <DataTable<LaunderingAlertRecord>
          key={`${JSON.stringify(filters)}#${tableGeneration}`}
          queryKey={[LAUNDERING_QUERY_KEYS.alerts, 'list', filters]}
          fetchPage={async (request, signal) =>
            pageFromEnvelope(
              await callApi(
                listLaunderingAlerts,
                {
                  query: {
                    Start: filters.Start,
                    End: filters.End,
                    ...(filters.MemberIDs.length > 0 ? { MemberIDs: filters.MemberIDs.join(',') } : {}),
                    ...(filters.Status === undefined ? {} : { Status: filters.Status }),
                    page: request.page,
                    pageSize: request.pageSize,
                    sort: request.sort,
                  },
                },
                { signal },
              ),
            )
          }
          columns={[
            ...columns,
            {
              title: t('alerts.actions'),
              key: 'actions',
              render: (_, r) => (
                <Button size="small" onClick={() => setOpen(r.AlertID)} data-testid={`open-alert-${r.AlertID}`}>
                  {t('alerts.details')}
                </Button>
              ),
            },
          ]}
          rowKey="AlertID"
          defaultSort="HappenedAt Desc"
          csv={{ fileName: datedFileName('laundering-alerts'), columns: csvColumnsOf() }}
        />
      </Flex>
      <Drawer
        open={open !== undefined}
        onClose={() => setOpen(undefined)}
        width={900}
        title={t('alerts.drawerTitle', { id: open ?? '' })}
        data-testid="laundering-alert-drawer"
      >
        {detail.isError && <Alert type="error" showIcon title={detail.error.message} />}
        {detail.data ? (
          <Flex vertical gap="middle">
            <Evidence alert={detail.data} />
            <Flex>
              <Popconfirm
                title={t('alerts.blacklistConfirm', { members: detail.data.MemberIDs.join(', ') })}
                onConfirm={() =>
                  blacklist.mutate(
                    {
                      MemberIDs: detail.data.MemberIDs,
                      Memo: t('alerts.blacklistMemo', { id: detail.data.AlertID }),
                    },
                    { onSuccess: () => message.success(t('alerts.blacklisted')) },
                  )
                }
              >
                <Button danger loading={blacklist.isPending} data-testid="blacklist-members">
                  {t('alerts.blacklistMembers')}
                </Button>
              </Popconfirm>
            </Flex>
            {detail.data.Status === 0 ? (
              <Flex gap="small" align="flex-end">
                <Form.Item label={t('alerts.memo')} style={{ flex: 1, marginBottom: 0 }}>
                  <Input.TextArea value={memo} maxLength={500} onChange={(e) => setMemo(e.target.value)} rows={2} />
                </Form.Item>
                <Button
                  type="primary"
                  loading={process.isPending}
                  onClick={() =>
                    process.mutate({ AlertIDs: [detail.data.AlertID], Memo: memo }, { onSuccess: () => setMemo('') })
                  }
                >
                  {t('alerts.process')}
                </Button>
              </Flex>
            ) : (
              <Typography.Text type="secondary">
                {t('alerts.processedBy', {
                  by: detail.data.ProcessedBy ?? '',
                  at: detail.data.ProcessedAt ? formatDateTime(detail.data.ProcessedAt) : '',
                  memo: detail.data.Memo,
                })}
              </Typography.Text>
            )}
          </Flex>
        ) : null}
      </Drawer>
    </PageFrame>
  );
}
