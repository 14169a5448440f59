import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import type { Language, TelegramChat } from '@pitboss/contract';
import { App, Button, Card, Flex, Form, Input, Select, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditDeleteActions } from '../../components/EditDeleteActions';
import { EmptyState } from '../../components/EmptyState';
import { FormModal } from '../../components/FormModal';
import { IconAction } from '../../components/IconAction';
import { PageFrame } from '../../components/PageFrame';
import { QueryError } from '../../components/QueryError';
import { LANGUAGE_NAMES, SELECTABLE_LANGUAGES } from '../../i18n/languages';
import { showApiError } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { useListNoticeEventsQuery } from './queries/use-list-notice-events-query';
import { useTelegramBotQuery } from './queries/use-telegram-bot-query';
import { useTelegramChatsQuery } from './queries/use-telegram-chats-query';
import {
  type TelegramChatForm,
  useDeleteTelegramChatMutation,
  useSaveTelegramBotMutation,
  useSaveTelegramChatMutation,
  useTestTelegramMutation,
} from './queries/use-telegram-mutations';
import { LEVELS } from './SettingModal';

const languageOptions = SELECTABLE_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }));

/** Telegram bot setting (spec §2 notice group, issue 23 item 3): the bot token and the chats alerts go to. */
export function TelegramBotSettingPage() {
  return (
    <PageFrame>
      <Flex vertical gap="middle">
        <BotCard />
        <ChatsCard />
      </Flex>
    </PageFrame>
  );
}

interface BotForm {
  Token?: string;
  Enabled: boolean;
}

function BotCard() {
  const { t } = useTranslation('notifications');
  const { message } = App.useApp();
  const bot = useTelegramBotQuery();
  const save = useSaveTelegramBotMutation();
  const test = useTestTelegramMutation();
  const [form] = Form.useForm<BotForm>();
  const [testForm] = Form.useForm<{ ChatID: string }>();
  const [error, setError] = useState<string>();

  const submit = async (values: BotForm) => {
    setError(undefined);
    try {
      await save.mutateAsync({ Token: values.Token?.trim() || undefined, Enabled: values.Enabled });
      form.setFieldValue('Token', '');
      void message.success(t('saved'));
    } catch (e) {
      setError(showApiError(form, e));
    }
  };
  const sendTest = async ({ ChatID }: { ChatID: string }) => {
    try {
      await test.mutateAsync({ ChatID: ChatID.trim() });
      void message.success(t('telegram.testSent'));
    } catch (e) {
      const text = showApiError(testForm, e);
      if (text) void message.error(text);
    }
  };

  return (
    <Card title={t('telegram.botTitle')} data-testid="telegram-bot">
      <Typography.Paragraph type="secondary">{t('telegram.intro')}</Typography.Paragraph>
      {bot.error && <QueryError error={bot.error} onRetry={() => void bot.refetch()} />}
      {bot.data && (
        <Form<BotForm>
          form={form}
          layout="vertical"
          initialValues={{ Enabled: bot.data.Enabled, Token: '' }}
          onFinish={submit}
          style={{ maxWidth: 560 }}
        >
          <Form.Item label={t('telegram.currentToken')}>
            <Typography.Text code data-testid="telegram-token">
              {bot.data.HasToken ? bot.data.Token : t('telegram.noToken')}
            </Typography.Text>
          </Form.Item>
          <Form.Item
            name="Token"
            label={bot.data.HasToken ? t('telegram.newToken') : t('telegram.token')}
            extra={t('telegram.tokenHelp')}
          >
            <Input.Password autoComplete="off" placeholder="123456789:AA…" />
          </Form.Item>
          <Form.Item name="Enabled" label={t('telegram.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common:actions.save')}
          </Button>
        </Form>
      )}
      <Form<{ ChatID: string }>
        form={testForm}
        layout="inline"
        onFinish={sendTest}
        style={{ marginTop: 24 }}
        data-testid="telegram-test"
      >
        <Form.Item name="ChatID" label={t('telegram.ChatID')} rules={[{ required: true, message: t('required') }]}>
          <Input placeholder="-1001234567890" />
        </Form.Item>
        <Button htmlType="submit" icon={<SendOutlined />} loading={test.isPending} disabled={!bot.data?.HasToken}>
          {t('telegram.test')}
        </Button>
      </Form>
    </Card>
  );
}

function ChatsCard() {
  const { t } = useTranslation(['notifications', 'lists']);
  const { message } = App.useApp();
  const chats = useTelegramChatsQuery();
  const events = useListNoticeEventsQuery();
  const save = useSaveTelegramChatMutation();
  const remove = useDeleteTelegramChatMutation();
  const test = useTestTelegramMutation();
  const [form] = Form.useForm<TelegramChatForm>();
  const [modal, setModal] = useState<{ open: boolean; editing?: TelegramChat }>({ open: false });

  const submit = async (values: TelegramChatForm) => {
    await save.mutateAsync({ ...values, id: modal.editing?.ID });
    void message.success(t('saved'));
    setModal((m) => ({ ...m, open: false }));
  };
  const sendTest = async (chat: TelegramChat) => {
    try {
      await test.mutateAsync({ ChatID: chat.ChatID, Language: chat.Language });
      void message.success(t('telegram.testSent'));
    } catch (e) {
      void message.error(e instanceof Error ? e.message : String(e));
    }
  };

  const columns: ColumnsType<TelegramChat> = [
    { title: t('telegram.ChatID'), dataIndex: 'ChatID', sorter: (a, b) => a.ChatID.localeCompare(b.ChatID) },
    {
      title: t('telegram.Language'),
      dataIndex: 'Language',
      sorter: (a, b) => a.Language.localeCompare(b.Language),
      render: (language: Language) => LANGUAGE_NAMES[language],
    },
    {
      title: t('columns.EventName'),
      dataIndex: 'EventNames',
      render: (names: string[], row) => (
        <Flex wrap gap={4}>
          {names.map((name, i) => (
            <Tag key={row.EventIDs[i]}>{`${name} (#${row.EventIDs[i]})`}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('columns.Level'),
      dataIndex: 'Levels',
      render: (levels: number[]) => levels.map((level) => t('level', { level })).join(', '),
    },
    {
      title: t('telegram.CreateDate'),
      dataIndex: 'CreateDate',
      sorter: (a, b) => a.CreateDate.localeCompare(b.CreateDate),
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('lists:lists.actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <EditDeleteActions
          target={row.ChatID}
          onEdit={() => setModal({ open: true, editing: row })}
          onDelete={() => remove.mutateAsync(row.ID)}
        >
          <IconAction
            icon={<SendOutlined />}
            title={t('telegram.test')}
            target={row.ChatID}
            onClick={() => void sendTest(row)}
          />
        </EditDeleteActions>
      ),
    },
  ];

  const editing = modal.editing;
  return (
    <Card title={t('telegram.chatsTitle')} data-testid="telegram-chats">
      <Flex vertical gap="middle">
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('telegram.chatsIntro')}
        </Typography.Paragraph>
        <Flex>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setModal({ open: true })}
            data-testid="add-chat"
          >
            {t('telegram.addChat')}
          </Button>
        </Flex>
        {chats.error && <QueryError error={chats.error} onRetry={() => void chats.refetch()} />}
        <Table<TelegramChat>
          columns={columns}
          rowKey="ID"
          dataSource={chats.data ?? []}
          loading={chats.isPending}
          pagination={{ pageSize: 25, hideOnSinglePage: true }}
          locale={{ emptyText: <EmptyState description={t('telegram.empty')} /> }}
          size="middle"
          scroll={{ x: 'max-content' }}
        />
      </Flex>
      <FormModal<TelegramChatForm>
        open={modal.open}
        title={editing ? t('telegram.editChat') : t('telegram.addChat')}
        form={form}
        initialValues={
          editing
            ? { ChatID: editing.ChatID, Language: editing.Language, EventIDs: editing.EventIDs, Levels: editing.Levels }
            : { Language: 'zh' }
        }
        onSubmit={submit}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        testId="telegram-chat-modal"
      >
        <Form.Item
          name="ChatID"
          label={t('telegram.ChatID')}
          extra={t('telegram.chatIdHelp')}
          rules={[{ required: true, message: t('required') }]}
        >
          <Input placeholder="-1001234567890" />
        </Form.Item>
        <Form.Item name="Language" label={t('telegram.Language')} rules={[{ required: true, message: t('required') }]}>
          <Select options={languageOptions} />
        </Form.Item>
        <Form.Item name="EventIDs" label={t('columns.EventName')} rules={[{ required: true, message: t('required') }]}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={(events.data ?? []).map((e) => ({
              value: e.EventID,
              label: `${e.EventName} (${e.TypeName}, #${e.EventID})`,
            }))}
          />
        </Form.Item>
        <Form.Item name="Levels" label={t('columns.Level')} rules={[{ required: true, message: t('required') }]}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            options={LEVELS.map((level) => ({ value: level, label: t('level', { level }) }))}
          />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
