import { Button, Flex, Segmented, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkEntry, BulkSummary, EntryProblem } from './bulk-entries';

export type EntryStatus = 'toSend' | 'skipped' | 'added' | 'alreadyListed' | 'refused';

export function statusOf(entry: BulkEntry): EntryStatus {
  if (entry.outcome) return entry.outcome;
  return entry.problem ? 'skipped' : 'toSend';
}

const STATUS_COLOURS: Record<EntryStatus, string> = {
  toSend: 'processing',
  skipped: 'warning',
  added: 'success',
  alreadyListed: 'default',
  refused: 'error',
};

export interface BulkPreviewProps {
  entries: BulkEntry[];
  summary: BulkSummary;
  keyTitle: string;
  commonMemo: string;
  describe: (problem: EntryProblem) => string;
  /** A corrected value the user may take instead (e.g. the network of a CIDR range). */
  suggestionOf?: (problem: EntryProblem) => string | undefined;
  onUseSuggestion?: (key: string, suggestion: string) => void;
}

/**
 * What a bulk add will send or has sent, entry by entry: to add, skipped (and why), added, already
 * listed or refused by the server (and why), with a filter by status.
 */
export function BulkPreview({ entries, summary, keyTitle, commonMemo, describe, ...fix }: BulkPreviewProps) {
  const { t } = useTranslation('lists');
  const [filter, setFilter] = useState<EntryStatus | 'all'>('all');
  const statuses = (['toSend', 'skipped', 'added', 'alreadyListed', 'refused'] as const).filter((s) => summary[s] > 0);
  const shown = useMemo(
    () => (filter === 'all' ? entries : entries.filter((e) => statusOf(e) === filter)),
    [entries, filter],
  );
  const positions = useMemo(() => new Map(entries.map((entry, index) => [entry, index])), [entries]);
  const columns: ColumnsType<BulkEntry> = [
    { title: t('bulkAdd.line'), dataIndex: 'line', width: 64 },
    {
      title: keyTitle,
      dataIndex: 'key',
      width: 200,
      ellipsis: true,
      render: (key: string) => key || <Typography.Text type="secondary">—</Typography.Text>,
    },
    {
      title: t('bulkAdd.memo'),
      dataIndex: 'memo',
      width: 180,
      ellipsis: true,
      render: (memo: string) => memo || <Typography.Text type="secondary">{commonMemo}</Typography.Text>,
    },
    {
      title: t('bulkAdd.status'),
      key: 'status',
      render: (_: unknown, entry) => {
        const status = statusOf(entry);
        const suggestion = entry.problem && fix.suggestionOf?.(entry.problem);
        return (
          <Flex wrap gap={4} align="center" data-testid={`bulk-status-${status}`}>
            <Tag color={STATUS_COLOURS[status]}>{t(`bulkAdd.statuses.${status}`)}</Tag>
            {entry.problem && <Typography.Text type="secondary">{describe(entry.problem)}</Typography.Text>}
            {suggestion && fix.onUseSuggestion && !entry.outcome && (
              <Button size="small" type="link" onClick={() => fix.onUseSuggestion?.(entry.key, suggestion)}>
                {t('bulkAdd.useSuggestion', { value: suggestion })}
              </Button>
            )}
          </Flex>
        );
      },
    },
  ];
  return (
    <Flex vertical gap="small" data-testid="bulk-preview">
      {statuses.length > 1 && (
        <Segmented
          size="small"
          value={filter}
          onChange={(value) => setFilter(value as EntryStatus | 'all')}
          options={[
            { value: 'all', label: `${t('bulkAdd.all')} ${summary.total}` },
            ...statuses.map((s) => ({ value: s, label: `${t(`bulkAdd.statuses.${s}`)} ${summary[s]}` })),
          ]}
        />
      )}
      <Table<BulkEntry>
        size="small"
        columns={columns}
        dataSource={shown}
        rowKey={(entry) => String(positions.get(entry))}
        pagination={{ pageSize: 8, showSizeChanger: false, hideOnSinglePage: true, size: 'small' }}
        tableLayout="fixed"
        scroll={{ x: 640 }}
      />
    </Flex>
  );
}
