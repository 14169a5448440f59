import { SearchOutlined } from '@ant-design/icons';
import { type LaunderingCounterpart, searchLaundering } from '@pitboss/contract';
import { Button, Drawer, Flex, Form, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type CsvColumn, DataTable, type PageRequest } from '../../components/DataTable';
import { type DateRange, DateRangePicker, rangePresets, rangeToStartEnd } from '../../components/DateRangePicker';
import { MemberIdInput } from '../../components/MemberIdInput';
import { PageFrame } from '../../components/PageFrame';
import { callApi } from '../../lib/api';
import { datedFileName, formatDateTime } from '../../lib/format';
import { isoInZone } from '../../lib/time-zone';
import { MatchedRoundsTable } from './MatchedRoundsTable';

interface SearchValues {
  MemberIDs: string[];
  range: DateRange;
}

type Row = LaunderingCounterpart & { Key: string };

const money = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

function columnsOf(t: TFunction<'laundering'>): ColumnsType<Row> {
  return [
    { title: t('search.member'), dataIndex: 'MemberID', sorter: true },
    { title: t('search.counterpart'), dataIndex: 'Counterpart', sorter: true },
    { title: t('search.rounds'), dataIndex: 'Rounds', sorter: true, align: 'right' },
    { title: t('search.matchedStake'), dataIndex: 'MatchedStake', sorter: true, align: 'right', render: money },
    { title: t('search.netFlow'), dataIndex: 'NetFlow', sorter: true, align: 'right', render: money },
    {
      title: t('search.direction'),
      dataIndex: 'Direction',
      render: (d: Row['Direction']) => (
        <Tag color={d === 'in' ? 'green' : d === 'out' ? 'red' : undefined}>{t(`direction.${d}`)}</Tag>
      ),
    },
    {
      title: t('search.shared'),
      key: 'shared',
      render: (_, r) => (
        <Flex gap={4}>
          {r.SharedIP && <Tag color="orange">{t('search.sharedIp')}</Tag>}
          {r.SharedDevice && <Tag color="orange">{t('search.sharedDevice')}</Tag>}
        </Flex>
      ),
    },
    { title: t('search.firstAt'), dataIndex: 'FirstAt', render: (at: string) => formatDateTime(at) },
    { title: t('search.lastAt'), dataIndex: 'LastAt', sorter: true, render: (at: string) => formatDateTime(at) },
  ];
}

function csvColumnsOf(t: TFunction<'laundering'>): CsvColumn<Row>[] {
  return [
    { title: 'MemberID', value: (r) => r.MemberID },
    { title: 'Counterpart', value: (r) => r.Counterpart },
    { title: 'Rounds', value: (r) => r.Rounds },
    { title: 'MatchedStake', value: (r) => r.MatchedStake },
    { title: 'NetFlow', value: (r) => r.NetFlow },
    { title: 'Direction', value: (r) => t(`direction.${r.Direction}`) },
    { title: 'SharedIP', value: (r) => (r.SharedIP ? 1 : 0) },
    { title: 'SharedDevice', value: (r) => (r.SharedDevice ? 1 : 0) },
    { title: 'FirstAt', value: (r) => isoInZone(r.FirstAt) },
    { title: 'LastAt', value: (r) => isoInZone(r.LastAt) },
  ];
}

/** Sorts and pages the search's answer (the server answers every counterpart at once). */
function pageOf(rows: Row[], request: PageRequest) {
  const [field = 'Rounds', order = 'Desc'] = (request.sort ?? 'Rounds Desc').split(' ');
  const sign = order === 'Asc' ? 1 : -1;
  const sorted = [...rows].sort((a, b) => {
    const x = a[field as keyof Row];
    const y = b[field as keyof Row];
    return (x === y ? 0 : (x ?? '') < (y ?? '') ? -1 : 1) * sign;
  });
  const from = (request.page - 1) * request.pageSize;
  return { rows: sorted.slice(from, from + request.pageSize), total: rows.length };
}

/**
 * Opposing-bet search (`/monitor/laundering-search`): for members, every counterpart that bet an
 * opposite side of the same rounds in a period — below any alert threshold too — with the rounds
 * together, the matched stake, the net flow and its direction, and shared IPs or devices; exports to CSV.
 */
export function LaunderingSearchPage() {
  const { t } = useTranslation('laundering');
  const [form] = Form.useForm<SearchValues>();
  const last7 = rangePresets().find((p) => p.key === 'last7Days')?.value as DateRange;
  // `?MemberIDs=` (from an alert's members) searches the last 7 days at once.
  const [params] = useSearchParams();
  const linked = (params.get('MemberIDs') ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const [search, setSearch] = useState<{ MemberIDs: string[]; Start: string; End: string } | null>(() =>
    linked.length > 0 ? { MemberIDs: linked, ...rangeToStartEnd(last7) } : null,
  );
  const [drill, setDrill] = useState<Row>();
  const columns: ColumnsType<Row> = [
    ...columnsOf(t),
    {
      title: t('search.roundList'),
      key: 'drill',
      render: (_, r) => (
        <Button size="small" onClick={() => setDrill(r)} data-testid={`drill-${r.Counterpart}`}>
          {t('search.showRounds', { count: r.RoundList.length })}
        </Button>
      ),
    },
  ];

  return (
    <PageFrame description={t('search.description')}>
      <Flex vertical gap="small">
        <Form<SearchValues>
          form={form}
          layout="vertical"
          initialValues={{ MemberIDs: linked, range: last7 }}
          onFinish={(values) => setSearch({ MemberIDs: values.MemberIDs, ...rangeToStartEnd(values.range) })}
          data-testid="laundering-search-form"
        >
          <Flex wrap gap="small" align="flex-start">
            <Form.Item
              name="MemberIDs"
              label={t('search.memberIds')}
              rules={[{ required: true, type: 'array', min: 1, message: t('search.memberIdsRequired') }]}
              style={{ minWidth: 280 }}
            >
              <MemberIdInput rows={2} />
            </Form.Item>
            <Form.Item name="range" label={t('search.period')} rules={[{ required: true }]}>
              <DateRangePicker />
            </Form.Item>
            <Form.Item label=" " colon={false}>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="laundering-search">
                {t('search.search')}
              </Button>
            </Form.Item>
          </Flex>
        </Form>
        {search === null ? null : (
          <DataTable<Row>
            key={JSON.stringify(search)}
            queryKey={['laundering-search', search]}
            fetchPage={async (request, signal) => {
              const answer = await callApi(searchLaundering, { query: search }, { signal });
              const rows = answer.data.recordset.map((r) => ({ ...r, Key: `${r.MemberID}\u0001${r.Counterpart}` }));
              return pageOf(rows, request);
            }}
            columns={columns}
            rowKey="Key"
            defaultSort="Rounds Desc"
            csv={{ fileName: datedFileName('laundering-search'), columns: csvColumnsOf(t) }}
          />
        )}
      </Flex>
      <Drawer
        open={drill !== undefined}
        onClose={() => setDrill(undefined)}
        width={900}
        title={drill ? t('search.roundsTitle', { member: drill.MemberID, counterpart: drill.Counterpart }) : ''}
        data-testid="laundering-rounds-drawer"
      >
        {drill && <MatchedRoundsTable rounds={drill.RoundList} testId="counterpart-rounds" />}
      </Drawer>
    </PageFrame>
  );
}
