import { BLOCK_API_TOKEN_MAX_LENGTH } from '@pitboss/contract';
import { Alert, App, Button, Descriptions, Flex, Form, Input, Popconfirm, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { useCan } from '../../hooks/useCan';
import { showApiError } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { useBlockApiTokenQuery } from './queries/use-block-api-token-query';
import { useSetBlockApiTokenMutation } from './queries/use-set-block-api-token-mutation';

/** Printable ASCII without spaces: the token travels in an HTTP header (the contract's rule). */
const TOKEN_PATTERN = /^[\x21-\x7e]+$/;

/**
 * The token sent to every block API as `Authorization: Bearer <token>`. The console never sees it
 * again after saving: only whether one is set and, for long ones, its last 4 characters.
 */
export function BlockApiTokenTab() {
  const { t } = useTranslation('block-api');
  const { message } = App.useApp();
  const { canEdit } = useCan();
  const status = useBlockApiTokenQuery();
  const setToken = useSetBlockApiTokenMutation();
  const [form] = Form.useForm<{ Token: string }>();
  const [error, setError] = useState<string>();
  const isSet = status.data?.IsSet ?? false;

  const save = async () => {
    const { Token } = await form.validateFields();
    setError(undefined);
    try {
      await setToken.mutateAsync(Token.trim());
      form.resetFields();
      void message.success(t('tokenSaved'));
    } catch (failure) {
      setError(showApiError(form, failure));
    }
  };

  if (status.isError) return <QueryError error={status.error} onRetry={() => void status.refetch()} />;
  if (!status.data) return <Spin />;
  return (
    <Flex vertical gap="large" style={{ maxWidth: 720 }} data-testid="block-api-token">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('tokenIntro')}
      </Typography.Paragraph>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'status',
            label: t('tokenStatus'),
            children: isSet ? (
              <Flex gap="small" align="center" data-testid="token-status">
                <Tag color="success">{t('tokenSet')}</Tag>
                {status.data.Last4 && <Typography.Text code>{`••••${status.data.Last4}`}</Typography.Text>}
              </Flex>
            ) : (
              <Tag color="warning" data-testid="token-status">
                {t('tokenNotSet')}
              </Tag>
            ),
          },
          {
            key: 'updated',
            label: t('tokenUpdated'),
            children: status.data.UpdateDate
              ? t('tokenUpdatedBy', {
                  date: formatDateTime(status.data.UpdateDate),
                  account: status.data.UpdatedBy || '—',
                })
              : '—',
          },
        ]}
      />
      {canEdit && (
        <Form form={form} layout="vertical" onFinish={() => void save()} requiredMark={false}>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Form.Item
            name="Token"
            label={isSet ? t('newToken') : t('token')}
            extra={t('tokenHelp')}
            rules={[
              { required: true, whitespace: true },
              { max: BLOCK_API_TOKEN_MAX_LENGTH },
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value?.trim() && !TOKEN_PATTERN.test(value.trim())) throw new Error(t('tokenPattern'));
                },
              },
            ]}
          >
            <Input.Password autoComplete="new-password" spellCheck={false} data-testid="token-input" />
          </Form.Item>
          {isSet ? (
            <Popconfirm
              title={t('replaceConfirm')}
              okText={t('replaceToken')}
              cancelText={t('common:actions.cancel')}
              onConfirm={() => form.submit()}
            >
              <Button type="primary" loading={setToken.isPending} data-testid="save-token">
                {t('replaceToken')}
              </Button>
            </Popconfirm>
          ) : (
            <Button type="primary" htmlType="submit" loading={setToken.isPending} data-testid="save-token">
              {t('saveToken')}
            </Button>
          )}
        </Form>
      )}
    </Flex>
  );
}
