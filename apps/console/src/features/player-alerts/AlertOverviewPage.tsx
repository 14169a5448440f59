import { SearchOutlined } from '@ant-design/icons';
import { type AlertOverviewRow, getAlertOverview } from '@pitboss/contract';
import { Button, Flex, Form, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type CsvColumn, DataTable, pageFromEnvelope } from '../../components/DataTable';
import { MemberIdInput } from '../../components/MemberIdInput';
import { PageFrame } from '../../components/PageFrame';
import { callApi } from '../../lib/api';
import { datedFileName, formatDateTime } from '../../lib/format';
import { isoInZone } from '../../lib/time-zone';
import { AlertFilterFields } from './components/AlertFilterFields';
import { LevelTag } from './components/AlertTags';
import { SubjectCell } from './events/alert-columns';
import { ALERT_TYPE_IDS, TYPE_TAG_COLORS } from './labels';
import {
  type OverviewFilters,
  overviewFiltersFromParams,
  overviewFiltersToParams,
  overviewKey,
  overviewQuery,
} from './overview/overview-filters';
import { periodToParams } from './period';

/** The player alerts of one subject in the same period: the link behind each row. */
function alertsLink(row: AlertOverviewRow, filters: OverviewFilters): string {
  const params = new URLSearchParams();
  periodToParams(filters.period, params);
  if (row.SubjectKind === 'member') params.set('MemberIDs', row.MemberID);
  else if (row.SubjectKind === 'ip') params.set('IP', row.IP);
  if (filters.EventTypes.length) params.set('EventTypes', filters.EventTypes.join(','));
  if (filters.Levels.length) params.set('Levels', filters.Levels.join(','));
  return `/monitor/alert-events?${params}`;
}

/** A row with a key of its own: the subject (kind and id) is unique in the answer. */
type OverviewRow = AlertOverviewRow & { Key: string };

function columnsOf(t: TFunction<['player-alerts', 'alerting']>, filters: OverviewFilters): ColumnsType<OverviewRow> {
  return [
    {
      title: t('columns.subject'),
      dataIndex: 'MemberID',
      sorter: true,
      render: (_, row) => <SubjectCell alert={row} />,
    },
    {
      title: t('overview.alerts'),
      dataIndex: 'Alerts',
      sorter: true,
      defaultSortOrder: 'descend',
      align: 'right',
      render: (count: number, row) =>
        row.SubjectKind === 'device' ? count : <Link to={alertsLink(row, filters)}>{count}</Link>,
    },
    { title: t('overview.pending'), dataIndex: 'Pending', align: 'right' },
    {
      title: t('overview.maxLevel'),
      dataIndex: 'MaxLevel',
      sorter: true,
      render: (_, r) => <LevelTag level={r.MaxLevel} />,
    },
    {
      title: t('overview.byType'),
      key: 'byType',
      render: (_, row) => (
        <Flex wrap gap={4}>
          {ALERT_TYPE_IDS.filter((type) => (row.ByType[String(type)] ?? 0) > 0).map((type) => (
            <Tag key={type} color={TYPE_TAG_COLORS[type]} style={{ marginInlineEnd: 0 }}>
              {t(`alerting:types.${type}`)} × {row.ByType[String(type)]}
            </Tag>
          ))}
        </Flex>
      ),
    },
    { title: t('overview.firstAt'), dataIndex: 'FirstAt', render: (at: string) => formatDateTime(at) },
    { title: t('overview.lastAt'), dataIndex: 'LastAt', sorter: true, render: (at: string) => formatDateTime(at) },
  ];
}

function csvColumnsOf(t: TFunction<['player-alerts', 'alerting']>): CsvColumn<AlertOverviewRow>[] {
  return [
    { title: t('csv.subjectKind'), value: (r) => t(`subjects.${r.SubjectKind}`) },
    { title: t('csv.memberId'), value: (r) => r.MemberID },
    { title: t('csv.nickName'), value: (r) => r.NickName },
    { title: t('filters.ip'), value: (r) => r.IP },
    { title: t('csv.device'), value: (r) => r.Device },
    { title: t('overview.alerts'), value: (r) => r.Alerts },
    { title: t('overview.pending'), value: (r) => r.Pending },
    { title: t('overview.maxLevel'), value: (r) => r.MaxLevel },
    ...ALERT_TYPE_IDS.map((type) => ({
      title: t(`alerting:types.${type}`),
      value: (r: AlertOverviewRow) => r.ByType[String(type)] ?? 0,
    })),
    { title: t('overview.firstAt'), value: (r) => isoInZone(r.FirstAt) },
    { title: t('overview.lastAt'), value: (r) => isoInZone(r.LastAt) },
  ];
}

/**
 * Alert overview check tool (`/check-tool/alert`): who was alerted in a period — members, IPs and
 * devices — with the count per type, pending alerts and the highest level; exports to CSV.
 */
export function AlertOverviewPage() {
  const { t } = useTranslation(['player-alerts', 'alerting']);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => overviewFiltersFromParams(params), [params]);
  const [form] = Form.useForm<OverviewFilters>();
  useEffect(() => form.setFieldsValue(filters), [filters, form]);
  const key = overviewKey(filters);

  return (
    <PageFrame description={t('overview.description')}>
      <Flex vertical gap="small">
        <Form<OverviewFilters>
          form={form}
          layout="vertical"
          initialValues={filters}
          onFinish={(values) => setParams(overviewFiltersToParams(values))}
          data-testid="overview-filters"
        >
          <Flex wrap gap="small" align="flex-start">
            <AlertFilterFields />
            <Form.Item name="MemberIDs" label={t('filters.members')} style={{ marginBottom: 8, minWidth: 240 }}>
              <MemberIdInput rows={1} />
            </Form.Item>
            <Form.Item label=" " colon={false} style={{ marginBottom: 8 }}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="filter-search">
                {t('actions.search')}
              </Button>
            </Form.Item>
          </Flex>
        </Form>
        <DataTable<OverviewRow>
          key={JSON.stringify(key)}
          queryKey={['alerts', 'overview', ...key]}
          fetchPage={async (request, signal) => {
            const page = pageFromEnvelope(
              await callApi(
                getAlertOverview,
                {
                  query: {
                    ...overviewQuery(filters),
                    page: request.page,
                    pageSize: request.pageSize,
                    sort: request.sort,
                  },
                },
                { signal },
              ),
            );
            return {
              total: page.total,
              rows: page.rows.map((row) => ({
                ...row,
                Key: `${row.SubjectKind}:${row.MemberID}${row.IP}${row.Device}`,
              })),
            };
          }}
          columns={columnsOf(t, filters)}
          rowKey="Key"
          defaultSort="Alerts Desc"
          csv={{ fileName: datedFileName('alert-overview'), columns: csvColumnsOf(t) }}
        />
      </Flex>
    </PageFrame>
  );
}
