import { BLOCK_API_LOG_OUTCOMES, type BlockApiLog } from '@pitboss/contract';
import { Badge, Flex, Form, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { MemberIdSearchField } from '../../components/ListPanel/MemberIdSearchField';
import { SearchForm } from '../../components/SearchForm';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import type { PageRequest } from '../../lib/list-page';
import { isoInZone } from '../../lib/time-zone';
import { type BlockApiLogFilters, blockApiLogsQueryKey, fetchBlockApiLogsPage } from './queries/list-block-api-logs';
import { useListBlockApisQuery } from './queries/use-list-block-apis-query';

const OUTCOME_COLOURS: Record<BlockApiLog['Outcome'], string> = {
  sent: 'success',
  retry: 'warning',
  failed: 'error',
  cancelled: 'default',
};

const CSV_COLUMNS: CsvColumn<BlockApiLog>[] = [
  { title: 'CreateDate', value: (r) => isoInZone(r.CreateDate) },
  { title: 'MemberID', value: (r) => r.MemberID },
  { title: 'APIID', value: (r) => r.APIID },
  { title: 'APIName', value: (r) => r.APIName },
  { title: 'Outcome', value: (r) => r.Outcome },
  { title: 'Attempt', value: (r) => r.Attempt },
  { title: 'Memo', value: (r) => r.Memo },
];

/** Every attempt to call a block API, newest first; new attempts appear as they happen (websocket). */
export function BlockApiLogTab() {
  const { t } = useTranslation(['block-api', 'lists']);
  const apis = useListBlockApisQuery();
  const [filters, setFilters] = useState<BlockApiLogFilters>({});
  const fetchPage = useMemo(
    () => (request: PageRequest, signal: AbortSignal) => fetchBlockApiLogsPage(filters, request, signal),
    [filters],
  );

  const columns: ColumnsType<BlockApiLog> = [
    { title: t('log.CreateDate'), dataIndex: 'CreateDate', sorter: true, render: (v: string) => formatDateTime(v) },
    { title: t('log.MemberID'), dataIndex: 'MemberID', sorter: true },
    { title: t('log.APIName'), dataIndex: 'APIName', sorter: true },
    {
      title: t('log.Outcome'),
      dataIndex: 'Outcome',
      render: (outcome: BlockApiLog['Outcome']) => (
        <Tag color={OUTCOME_COLOURS[outcome]}>{t(`outcomes.${outcome}`)}</Tag>
      ),
    },
    { title: t('log.Attempt'), dataIndex: 'Attempt', align: 'right' },
    { title: t('log.Memo'), dataIndex: 'Memo', ellipsis: { showTitle: true }, width: 420 },
  ];

  return (
    <Flex vertical gap="middle" data-testid="block-api-log">
      <SearchForm<BlockApiLogFilters>
        onSearch={(values) =>
          setFilters({ ...values, MemberIDs: values.MemberIDs?.length ? values.MemberIDs : undefined })
        }
      >
        <MemberIdSearchField />
        <Form.Item name="APIID" label={t('log.APIName')} style={{ width: 220 }}>
          <Select
            allowClear
            placeholder={t('allApis')}
            options={(apis.data ?? []).map((api) => ({ value: api.APIID, label: api.Name }))}
          />
        </Form.Item>
        <Form.Item name="Outcome" label={t('log.Outcome')} style={{ width: 180 }}>
          <Select
            allowClear
            placeholder={t('allOutcomes')}
            options={BLOCK_API_LOG_OUTCOMES.map((outcome) => ({ value: outcome, label: t(`outcomes.${outcome}`) }))}
          />
        </Form.Item>
      </SearchForm>
      <DataTable<BlockApiLog>
        queryKey={[...blockApiLogsQueryKey, filters]}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="ID"
        defaultSort="CreateDate Desc"
        csv={{ fileName: datedFileName('block-api-log'), columns: CSV_COLUMNS }}
        toolbar={<Badge status="processing" text={t('live')} />}
      />
    </Flex>
  );
}
