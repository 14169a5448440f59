import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { REPORT_FREQUENCIES, type ReportPreview, type Subscription } from '@pitboss/contract';
import { App, Button, Flex, Form, Input, Modal, Select, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CsvExportButton } from '../../components/DataTable/CsvExportButton';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { EmptyState } from '../../components/EmptyState';
import { FormModal } from '../../components/FormModal';
import { IconAction } from '../../components/IconAction';
import { PageFrame } from '../../components/PageFrame';
import { QueryError } from '../../components/QueryError';
import { LANGUAGE_NAMES, SELECTABLE_LANGUAGES } from '../../i18n/languages';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import { isoInZone, zoneOffsetLabel } from '../../lib/time-zone';
import { useListRecipientsQuery } from './queries/use-list-recipients-query';
import {
  type SubscriptionForm,
  useDeleteSubscriptionMutation,
  useSaveSubscriptionMutation,
  useSendSubscriptionNowMutation,
  useSubscriptionsQuery,
} from './queries/use-subscriptions';

const HOURS = Array.from({ length: 24 }, (_, h) => h);
const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7];
/** The form's "recipient's own language" choice (the API's null). */
const OWN_LANGUAGE = 'own';

type FormValues = Omit<SubscriptionForm, 'Language'> & { Language: string };

const CSV_COLUMNS: CsvColumn<Subscription>[] = [
  { title: 'Name', value: (r) => r.Name },
  { title: 'Frequency', value: (r) => r.Frequency },
  { title: 'WeekDay', value: (r) => (r.Frequency === 'weekly' ? r.WeekDay : '') },
  { title: 'Hour', value: (r) => r.Hour },
  { title: 'Mails', value: (r) => r.Mails.join(' ') },
  { title: 'Language', value: (r) => r.Language ?? '' },
  { title: 'Channel', value: (r) => r.Channel },
  { title: 'Enabled', value: (r) => (r.Enabled ? 'Y' : 'N') },
  { title: 'NextSendDate', value: (r) => isoInZone(r.NextSendDate) },
  { title: 'LastSentDate', value: (r) => isoInZone(r.LastSentDate) },
];

/**
 * Subscription setting (spec §2 notice group, issue 23 item 5): daily, weekly or monthly risk reports
 * mailed at an hour of the company's time zone, and "send now" to see one at once.
 */
export function SubscriptionSettingPage() {
  const { t } = useTranslation(['notifications', 'lists']);
  const { message } = App.useApp();
  const subscriptions = useSubscriptionsQuery();
  const recipients = useListRecipientsQuery();
  const save = useSaveSubscriptionMutation();
  const remove = useDeleteSubscriptionMutation();
  const sendNow = useSendSubscriptionNowMutation();
  const [form] = Form.useForm<FormValues>();
  const frequency = Form.useWatch('Frequency', form);
  const [modal, setModal] = useState<{ open: boolean; editing?: Subscription }>({ open: false });
  const [preview, setPreview] = useState<ReportPreview>();

  const rows = subscriptions.data ?? [];
  const zone = zoneOffsetLabel();
  const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
  const whenLabel = (s: Subscription) =>
    s.Frequency === 'weekly'
      ? `${t(`subscriptions.frequency.${s.Frequency}`)} · ${t(`subscriptions.weekDays.${s.WeekDay}`)}`
      : t(`subscriptions.frequency.${s.Frequency}`);

  const submit = async (values: FormValues) => {
    await save.mutateAsync({
      ...values,
      Name: values.Name.trim(),
      Mails: values.Mails.map((m) => m.trim()),
      Language: values.Language === OWN_LANGUAGE ? null : (values.Language as SubscriptionForm['Language']),
      Channel: 'Email',
      id: modal.editing?.ID,
    });
    void message.success(t('saved'));
    setModal((m) => ({ ...m, open: false }));
  };
  const send = async (row: Subscription) => {
    try {
      setPreview(await sendNow.mutateAsync(row.ID));
      void message.success(t('subscriptions.sent', { count: row.Mails.length }));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  const columns: ColumnsType<Subscription> = [
    { title: t('subscriptions.Name'), dataIndex: 'Name', sorter: (a, b) => a.Name.localeCompare(b.Name) },
    {
      title: t('subscriptions.Frequency'),
      dataIndex: 'Frequency',
      sorter: (a, b) => REPORT_FREQUENCIES.indexOf(a.Frequency) - REPORT_FREQUENCIES.indexOf(b.Frequency),
      render: (_: unknown, row) => whenLabel(row),
    },
    {
      title: t('subscriptions.Hour', { zone }),
      dataIndex: 'Hour',
      sorter: (a, b) => a.Hour - b.Hour,
      render: (hour: number) => hourLabel(hour),
    },
    {
      title: t('subscriptions.Mails'),
      dataIndex: 'Mails',
      render: (mails: string[]) => (
        <Flex wrap gap={4}>
          {mails.map((m) => (
            <Tag key={m}>{m}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('subscriptions.Language'),
      dataIndex: 'Language',
      render: (language: Subscription['Language']) =>
        language ? LANGUAGE_NAMES[language] : t('subscriptions.ownLanguage'),
    },
    {
      title: t('subscriptions.Enabled'),
      dataIndex: 'Enabled',
      sorter: (a, b) => Number(a.Enabled) - Number(b.Enabled),
      render: (on: boolean) =>
        on ? <Tag color="success">{t('subscriptions.on')}</Tag> : <Tag>{t('subscriptions.off')}</Tag>,
    },
    {
      title: t('subscriptions.NextSendDate'),
      dataIndex: 'NextSendDate',
      sorter: (a, b) => (a.NextSendDate ?? '').localeCompare(b.NextSendDate ?? ''),
      render: (v: string | null) => formatDateTime(v),
    },
    {
      title: t('subscriptions.LastSentDate'),
      dataIndex: 'LastSentDate',
      sorter: (a, b) => (a.LastSentDate ?? '').localeCompare(b.LastSentDate ?? ''),
      render: (v: string | null) => formatDateTime(v),
    },
    {
      title: t('lists:lists.actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <EditDeleteActions
          target={row.Name}
          onEdit={() => setModal({ open: true, editing: row })}
          onDelete={() => remove.mutateAsync(row.ID)}
        >
          <IconAction
            icon={<SendOutlined />}
            title={t('subscriptions.sendNow')}
            target={row.Name}
            onClick={() => void send(row)}
          />
        </EditDeleteActions>
      ),
    },
  ];

  const editing = modal.editing;
  return (
    <PageFrame>
      <Flex vertical gap="middle" data-testid="subscriptions">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('subscriptions.intro', { zone })}
        </Typography.Paragraph>
        <Flex justify="space-between">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setModal({ open: true })}
            data-testid="add-subscription"
          >
            {t('subscriptions.add')}
          </Button>
          <CsvExportButton<Subscription>
            fetchPage={async (request) => ({
              rows: rows.slice((request.page - 1) * request.pageSize, request.page * request.pageSize),
              total: rows.length,
            })}
            sort={undefined}
            fileName={datedFileName('subscriptions')}
            columns={CSV_COLUMNS}
            disabled={rows.length === 0}
          />
        </Flex>
        {subscriptions.error && <QueryError error={subscriptions.error} onRetry={() => void subscriptions.refetch()} />}
        <Table<Subscription>
          columns={columns}
          rowKey="ID"
          dataSource={rows}
          loading={subscriptions.isPending}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          locale={{ emptyText: <EmptyState description={t('subscriptions.empty')} /> }}
          size="middle"
          scroll={{ x: 'max-content' }}
        />
      </Flex>
      <FormModal<FormValues>
        open={modal.open}
        title={editing ? t('subscriptions.edit') : t('subscriptions.add')}
        form={form}
        initialValues={
          editing
            ? { ...editing, Language: editing.Language ?? OWN_LANGUAGE }
            : { Frequency: 'daily', Hour: 8, WeekDay: 1, Language: OWN_LANGUAGE, Enabled: true, Mails: [] }
        }
        onSubmit={submit}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        testId="subscription-modal"
      >
        <Form.Item name="Name" label={t('subscriptions.Name')} rules={[{ required: true, message: t('required') }]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="Frequency"
          label={t('subscriptions.Frequency')}
          extra={t('subscriptions.frequencyHelp')}
          rules={[{ required: true, message: t('required') }]}
        >
          <Select
            options={REPORT_FREQUENCIES.map((value) => ({ value, label: t(`subscriptions.frequency.${value}`) }))}
          />
        </Form.Item>
        {frequency === 'weekly' && (
          <Form.Item name="WeekDay" label={t('subscriptions.WeekDay')} rules={[{ required: true }]}>
            <Select options={WEEK_DAYS.map((d) => ({ value: d, label: t(`subscriptions.weekDays.${d}`) }))} />
          </Form.Item>
        )}
        <Form.Item name="Hour" label={t('subscriptions.Hour', { zone })} rules={[{ required: true }]}>
          <Select options={HOURS.map((h) => ({ value: h, label: hourLabel(h) }))} />
        </Form.Item>
        <Form.Item name="Mails" label={t('subscriptions.Mails')} rules={[{ required: true, message: t('required') }]}>
          <Select
            mode="tags"
            tokenSeparators={[',', ';', ' ']}
            placeholder={t('mail.placeholder')}
            options={(recipients.data ?? []).map((r) => ({
              value: r.Mail.toLowerCase(),
              label: `${r.Name} <${r.Mail}>`,
            }))}
          />
        </Form.Item>
        <Form.Item name="Language" label={t('subscriptions.Language')}>
          <Select
            options={[
              { value: OWN_LANGUAGE, label: t('subscriptions.ownLanguage') },
              ...SELECTABLE_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] })),
            ]}
          />
        </Form.Item>
        <Form.Item label={t('subscriptions.Channel')}>
          <Typography.Text>{t('channels.Email')}</Typography.Text>
        </Form.Item>
        <Form.Item name="Enabled" label={t('subscriptions.Enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
      <Modal
        open={preview !== undefined}
        title={t('subscriptions.previewTitle')}
        onCancel={() => setPreview(undefined)}
        footer={null}
        width={720}
        data-testid="report-preview"
      >
        {preview && (
          <Flex vertical gap="small">
            <Typography.Text type="secondary">
              {t('subscriptions.previewPeriod', {
                start: formatDateTime(preview.PeriodStart),
                end: formatDateTime(preview.PeriodEnd),
              })}
            </Typography.Text>
            <Typography.Text type="secondary">
              {t('subscriptions.previewTo', { to: preview.Recipients.join(', ') })}
            </Typography.Text>
            <Typography.Title level={5} style={{ margin: 0 }}>
              {preview.Subject}
            </Typography.Title>
            <pre style={{ whiteSpace: 'pre-wrap', margin: 0 }} data-testid="report-preview-text">
              {preview.Text}
            </pre>
          </Flex>
        )}
      </Modal>
    </PageFrame>
  );
}
