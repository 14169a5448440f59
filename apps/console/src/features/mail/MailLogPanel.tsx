import { ReloadOutlined } from '@ant-design/icons';
import { MAIL_STATUSES, type MailLogEntry, type MailStatus } from '@pitboss/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Form, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../components/DataTable';
import { SearchForm } from '../../components/SearchForm';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import type { PageRequest } from '../../lib/list-page';
import { isoInZone } from '../../lib/time-zone';
import { fetchMailLogPage, type MailLogFilters, mailLogKey } from './queries/list-mail-log';
import { useResendMailMutation } from './queries/use-resend-mail-mutation';

const STATUS_COLORS: Record<MailStatus, string> = {
  pending: 'default',
  sending: 'processing',
  sent: 'success',
  failed: 'error',
  unsent: 'warning',
};

/** Never the body: it may hold a sign-up or reset link. */
const CSV_COLUMNS: CsvColumn<MailLogEntry>[] = [
  { title: 'CreateDate', value: (m) => isoInZone(m.CreateDate) },
  { title: 'To', value: (m) => m.To },
  { title: 'Subject', value: (m) => m.Subject },
  { title: 'Status', value: (m) => m.Status },
  { title: 'Attempts', value: (m) => m.Attempts },
  { title: 'LastError', value: (m) => m.LastError },
  { title: 'SentDate', value: (m) => isoInZone(m.SentDate) },
];

/** The mail delivery log (admins): what went out, what waits, what failed or was never sent; send again. */
export function MailLogPanel() {
  const { t } = useTranslation('mail');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const resend = useResendMailMutation();
  const [filters, setFilters] = useState<MailLogFilters>({});
  const [hasUnsent, setHasUnsent] = useState(false);
  const fetchPage = useMemo(
    () => async (request: PageRequest, signal: AbortSignal) => {
      const page = await fetchMailLogPage(filters, request, signal);
      setHasUnsent(page.rows.some((m) => m.Status === 'unsent'));
      return page;
    },
    [filters],
  );

  const columns: ColumnsType<MailLogEntry> = [
    { title: t('columns.created'), dataIndex: 'CreateDate', render: (v: string) => formatDateTime(v) },
    { title: t('columns.to'), dataIndex: 'To' },
    { title: t('columns.subject'), dataIndex: 'Subject' },
    {
      title: t('columns.status'),
      dataIndex: 'Status',
      render: (s: MailStatus) => <Tag color={STATUS_COLORS[s]}>{t(`status.${s}`)}</Tag>,
    },
    { title: t('columns.attempts'), dataIndex: 'Attempts', align: 'right' },
    {
      title: t('columns.error'),
      dataIndex: 'LastError',
      render: (v: string | null) =>
        v && (
          <Typography.Text type="secondary" ellipsis={{ tooltip: v }} style={{ maxWidth: 280 }}>
            {v}
          </Typography.Text>
        ),
    },
    { title: t('columns.sent'), dataIndex: 'SentDate', render: (v: string | null) => formatDateTime(v) },
    {
      title: t('columns.actions'),
      key: 'actions',
      render: (_: unknown, m) =>
        (m.Status === 'unsent' || m.Status === 'failed') && (
          <Button
            size="small"
            type="link"
            onClick={() =>
              resend.mutateAsync(m.ID).then(
                () => void message.success(t('resent', { to: m.To })),
                (error: Error) => void message.error(error.message),
              )
            }
          >
            {t('resend')}
          </Button>
        ),
    },
  ];

  return (
    <Flex vertical gap="small" data-testid="mail-log">
      <Typography.Text type="secondary">{t('description')}</Typography.Text>
      {hasUnsent && <Alert type="warning" showIcon title={t('unsentHint')} />}
      <SearchForm<MailLogFilters> onSearch={setFilters}>
        <Form.Item name="Status" label={t('columns.status')} style={{ width: 180 }}>
          <Select<MailStatus>
            allowClear
            placeholder={t('all')}
            options={MAIL_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
        </Form.Item>
      </SearchForm>
      <DataTable<MailLogEntry>
        queryKey={[...mailLogKey, filters]}
        fetchPage={fetchPage}
        columns={columns}
        rowKey="ID"
        csv={{ fileName: datedFileName('mail-log'), columns: CSV_COLUMNS }}
        toolbar={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: mailLogKey })}
          >
            {t('refresh')}
          </Button>
        }
      />
    </Flex>
  );
}
