import { RESET_TOKEN_TTL_MINUTES, sendResetMail } from '@pitboss/contract';
import { Alert, Button, Form } from 'antd';
import Input from 'antd/es/input/Input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../lib/api';
import { resetRequestFor } from './reset-request';

/**
 * "Forgot password" on the login page (loaded only when asked for). The answer is the same whether
 * or not an account matches, so the page never tells whether someone has an account.
 */
export function ForgotPasswordForm({ initial, onBack }: { initial?: string | undefined; onBack: () => void }) {
  const { t } = useTranslation('password-reset');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async ({ who }: { who: string }) => {
    setBusy(true);
    setError(undefined);
    try {
      await callApi(sendResetMail, { body: resetRequestFor(who) });
      setSent(true);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="forgot-password">
      <h2 style={{ fontSize: 16, marginTop: 0 }}>{t('forgot.title')}</h2>
      {sent ? (
        <Alert
          type="success"
          showIcon
          title={t('forgot.sent', { minutes: RESET_TOKEN_TTL_MINUTES })}
          data-testid="forgot-sent"
        />
      ) : (
        <>
          <p style={{ marginTop: 0, opacity: 0.75 }}>{t('forgot.help')}</p>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
          <Form<{ who: string }>
            layout="vertical"
            requiredMark={false}
            initialValues={{ who: initial ?? '' }}
            onFinish={submit}
          >
            <Form.Item name="who" label={t('forgot.who')} rules={[{ required: true, whitespace: true, max: 254 }]}>
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('forgot.submit')}
            </Button>
          </Form>
        </>
      )}
      <Button type="link" block onClick={onBack} style={{ marginTop: 8 }} data-testid="forgot-back">
        {t('forgot.back')}
      </Button>
    </div>
  );
}
