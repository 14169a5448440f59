import { accountByEmail, resetPassword } from '@pitboss/contract';
import { Alert, Button, Form, type FormInstance, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PublicCard } from '../../components/PublicCard';
import { callApi, isApiError } from '../../lib/api';
import { showApiError } from '../../lib/form-errors';
import { mailRules } from '../auth/account-rules';
import { NewPasswordFields } from '../auth/NewPasswordFields';

type Step = { kind: 'mail' } | { kind: 'password'; account: string; name: string } | { kind: 'done'; account: string };

/**
 * `/resetPassword/{token}`: the visitor confirms the address the link was mailed to (so a forwarded
 * or leaked link alone shows nothing), sees whose account it is, and sets a new password. The link
 * works once; afterwards every earlier session of the account has ended.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation(['password-reset', 'auth']);
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const [mailForm] = Form.useForm<{ mail: string }>();
  const [passwordForm] = Form.useForm<{ Password: string; confirm: string }>();
  const [step, setStep] = useState<Step>({ kind: 'mail' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; invalidLink: boolean }>();

  const run = async <V,>(action: () => Promise<void>, form: FormInstance<V>) => {
    setBusy(true);
    setError(undefined);
    try {
      await action();
    } catch (e) {
      const text = showApiError(form, e);
      if (text) setError({ text, invalidLink: isApiError(e) && e.messageCode === 'RESET_TOKEN_INVALID' });
    } finally {
      setBusy(false);
    }
  };

  const confirmMail = ({ mail }: { mail: string }) =>
    run(async () => {
      const answer = await callApi(accountByEmail, { query: { mail: mail.trim() } }, { token });
      setStep({ kind: 'password', account: answer.data.Account, name: answer.data.Name });
    }, mailForm);

  const setPassword = ({ Password }: { Password: string }) =>
    run(async () => {
      const answer = await callApi(resetPassword, { body: { Token: token, Password } });
      setStep({ kind: 'done', account: answer.Account });
    }, passwordForm);

  const toLogin = (forgot = false) => navigate(forgot ? '/login?forgot=1' : '/login', { replace: true });

  return (
    <PublicCard>
      {error && (
        <Alert
          type="error"
          showIcon
          title={error.text}
          style={{ marginBottom: 16 }}
          data-testid="reset-error"
          action={
            error.invalidLink ? (
              <Button size="small" onClick={() => toLogin(true)}>
                {t('reset.askNew')}
              </Button>
            ) : undefined
          }
        />
      )}
      {step.kind === 'mail' && (
        <Form form={mailForm} layout="vertical" requiredMark={false} onFinish={(v) => void confirmMail(v)}>
          <Typography.Paragraph type="secondary">{t('reset.confirmMail')}</Typography.Paragraph>
          <Form.Item name="mail" label={t('reset.mail')} rules={mailRules(t)}>
            <Input type="email" autoComplete="email" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('reset.continue')}
          </Button>
        </Form>
      )}
      {step.kind === 'password' && (
        <Form form={passwordForm} layout="vertical" requiredMark={false} onFinish={(v) => void setPassword(v)}>
          <Typography.Paragraph strong data-testid="reset-account">
            {t('reset.for', { account: step.account, name: step.name })}
          </Typography.Paragraph>
          {/* For password managers: the account the new password belongs to. */}
          <input type="text" autoComplete="username" value={step.account} readOnly hidden />
          <NewPasswordFields
            account={() => step.account}
            label={t('reset.newPassword')}
            confirmLabel={t('reset.confirmPassword')}
          />
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('reset.submit')}
          </Button>
        </Form>
      )}
      {step.kind === 'done' && (
        <Result
          status="success"
          title={t('reset.done', { account: step.account })}
          extra={
            <Button type="primary" onClick={() => toLogin()} data-testid="to-login">
              {t('reset.toLogin')}
            </Button>
          }
        />
      )}
    </PublicCard>
  );
}
