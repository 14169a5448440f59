import { DeleteOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { compileIpList, MAX_ALLOWLIST_ENTRIES, networkIfHostBitsSet, type SystemSetting } from '@pitboss/contract';
import { WhitelistIpValue } from '@pitboss/contract/schemas';
import { Alert, App, Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { forgetSession } from '../../app/session';
import { isApiError } from '../../lib/api';
import { showApiError } from '../../lib/form-errors';
import { socketClient } from '../../ws/socket-client';
import { useIpVerifyMutation } from './queries/use-ip-verify-mutation';
import { useUpdateIpAllowlistMutation } from './queries/use-update-ip-allowlist-mutation';

interface Entry {
  IP: string;
  Memo: string;
}
interface AllowlistForm {
  IPs: Entry[];
}

/**
 * The console IP allowlist: the caller's own address (and `auth/ip-verify`), the list, and a
 * confirmation before saving a list that would lock the caller out (then the session ends).
 */
export function IpAllowlistCard({ setting }: { setting: SystemSetting }) {
  const { t } = useTranslation('settings');
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<AllowlistForm>();
  const save = useUpdateIpAllowlistMutation();
  const verify = useIpVerifyMutation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const entries = Form.useWatch('IPs', form) ?? [];
  const listed = entries.map((e) => e?.IP ?? '').filter((ip) => ip.trim() !== '');
  // For the warning only: the server decides, and asks before saving a list that locks the caller out.
  const mineListed = compileIpList(listed).includes(setting.CurrentIP);
  const mineMissing = listed.length > 0 && !mineListed;

  const submit = async (values: AllowlistForm, confirmLockout = false) => {
    setBusy(true);
    setError(undefined);
    const IPs = (values.IPs ?? []).map((e) => ({ IP: e.IP.trim(), Memo: (e.Memo ?? '').trim() }));
    try {
      await save.mutateAsync({ IPs, ConfirmLockout: confirmLockout || undefined });
      if (confirmLockout) {
        modal.warning({
          title: t('allowlist.lockout.done', { ip: setting.CurrentIP }),
          onOk: () => {
            forgetSession();
            socketClient.reconnect();
            navigate('/login', { replace: true });
          },
        });
        return;
      }
      void message.success(IPs.length ? t('allowlist.saved', { count: IPs.length }) : t('allowlist.cleared'));
    } catch (e) {
      if (isApiError(e) && e.messageCode === 'IP_LOCKOUT') {
        modal.confirm({
          title: t('allowlist.lockout.title'),
          content: t('allowlist.lockout.content', { ip: setting.CurrentIP }),
          okText: t('allowlist.lockout.ok'),
          okButtonProps: { danger: true },
          onOk: () => submit(values, true),
        });
        return;
      }
      setError(showApiError(form, e));
    } finally {
      setBusy(false);
    }
  };

  const ipRules = [
    { required: true, whitespace: true, message: t('allowlist.rules.ip') },
    {
      validator: async (_rule: unknown, value: unknown) => {
        if (typeof value !== 'string' || value.trim() === '') return;
        if (!WhitelistIpValue.safeParse(value).success) {
          const network = networkIfHostBitsSet(value.trim());
          throw new Error(network ? t('allowlist.rules.didYouMean', { network }) : t('allowlist.rules.ip'));
        }
        const same = listed.filter((ip) => ip.trim().toLowerCase() === value.trim().toLowerCase());
        if (same.length > 1) throw new Error(t('allowlist.rules.duplicate'));
      },
    },
  ];

  const verdict = verify.data
    ? !verify.data.restricted
      ? { type: 'info' as const, text: t('allowlist.unrestricted', { ip: verify.data.IP }) }
      : verify.data.allowed
        ? { type: 'success' as const, text: t('allowlist.allowed', { ip: verify.data.IP }) }
        : { type: 'error' as const, text: t('allowlist.notAllowed', { ip: verify.data.IP }) }
    : undefined;

  return (
    <Card
      title={
        <span>
          <SafetyOutlined /> {t('allowlist.title')}
        </span>
      }
      data-testid="ip-allowlist"
    >
      <Flex vertical gap="middle">
        <Typography.Text type="secondary">{t('allowlist.description')}</Typography.Text>
        <Flex align="center" gap="small" wrap>
          <Typography.Text>{t('allowlist.yourAddress')}</Typography.Text>
          <Typography.Text code copyable data-testid="current-ip">
            {setting.CurrentIP}
          </Typography.Text>
          <Button size="small" loading={verify.isPending} onClick={() => verify.mutate()}>
            {t('allowlist.check')}
          </Button>
        </Flex>
        {verdict && <Alert type={verdict.type} showIcon title={verdict.text} data-testid="ip-verdict" />}
        {verify.isError && <Alert type="error" showIcon title={verify.error.message} />}
        {error && <Alert type="error" showIcon title={error} role="alert" />}
        <Form<AllowlistForm>
          form={form}
          initialValues={{ IPs: setting.IPAllowlist.map((e) => ({ IP: e.IP, Memo: e.Memo })) }}
          onFinish={(values) => void submit(values)}
        >
          <Form.List name="IPs">
            {(fields, { add, remove }) => (
              <Flex vertical gap={0}>
                {fields.length === 0 && (
                  <Typography.Paragraph type="secondary">{t('allowlist.empty')}</Typography.Paragraph>
                )}
                {fields.length > 0 && (
                  <Flex gap="small" style={{ marginBottom: 4 }} aria-hidden>
                    <Typography.Text type="secondary" style={{ width: 280 }}>
                      {t('allowlist.ip')}
                    </Typography.Text>
                    <Typography.Text type="secondary">{t('allowlist.memo')}</Typography.Text>
                  </Flex>
                )}
                {fields.map((field) => (
                  <Flex key={field.key} gap="small" align="flex-start" wrap data-testid="allowlist-row">
                    <Form.Item name={[field.name, 'IP']} rules={ipRules} style={{ width: 280, marginBottom: 12 }}>
                      <Input placeholder={t('allowlist.ip')} aria-label={t('allowlist.ip')} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'Memo']}
                      rules={[{ max: 200 }]}
                      style={{ flex: 1, minWidth: 160, marginBottom: 12 }}
                    >
                      <Input placeholder={t('allowlist.memo')} aria-label={t('allowlist.memo')} />
                    </Form.Item>
                    <Button
                      icon={<DeleteOutlined />}
                      aria-label={t('allowlist.remove')}
                      onClick={() => remove(field.name)}
                    />
                  </Flex>
                ))}
                <Flex gap="small" wrap align="center">
                  <Button
                    icon={<PlusOutlined />}
                    disabled={fields.length >= MAX_ALLOWLIST_ENTRIES}
                    onClick={() => add({ IP: '', Memo: '' })}
                  >
                    {t('allowlist.add')}
                  </Button>
                  <Button
                    disabled={fields.length >= MAX_ALLOWLIST_ENTRIES || mineListed}
                    onClick={() => add({ IP: setting.CurrentIP, Memo: '' })}
                  >
                    {t('allowlist.addMine')}
                  </Button>
                  <Typography.Text type="secondary">
                    {t('allowlist.count', { count: fields.length, max: MAX_ALLOWLIST_ENTRIES })}
                  </Typography.Text>
                </Flex>
              </Flex>
            )}
          </Form.List>
          {mineMissing && (
            <Alert
              type="warning"
              showIcon
              title={t('allowlist.mineMissing', { ip: setting.CurrentIP })}
              style={{ marginTop: 12 }}
            />
          )}
          <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 16 }}>
            {t('allowlist.save')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}
