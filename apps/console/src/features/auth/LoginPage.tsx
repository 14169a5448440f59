import { MoonOutlined, SafetyCertificateFilled, SunOutlined } from '@ant-design/icons';
import { ipVerify, type Language, login, updateUserPreference } from '@pitboss/contract';
import { Alert, Button, Flex, Form, theme } from 'antd';
// Direct imports: the `Input` barrel would also bring TextArea, Search and OTP to the login page.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LanguageButtons } from '../../components/LanguageButtons';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { callApi, isApiError } from '../../lib/api';
import { storeToken } from '../../lib/session-cookies';
import { safeRedirectTarget } from '../../routes/guard';
import { useGlobalStore } from '../../store/global-store';
import { socketClient } from '../../ws/socket-client';

// Loaded only when asked for: the login page stays within its size budget.
const ForgotPasswordForm = lazy(() =>
  import('../password-reset/ForgotPasswordForm').then((m) => ({ default: m.ForgotPasswordForm })),
);

interface LoginForm {
  Account: string;
  Password: string;
}

/**
 * The login page. Deliberately light (no card, select or layout components): it is the first thing
 * every user downloads, and spec'd at ≤ 250 KB of gzipped JavaScript with everything it loads.
 */
export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  // "Forgot password" replaces the form; it starts with what was typed as the account.
  const [forgot, setForgot] = useState<{ initial?: string } | undefined>(params.get('forgot') === '1' ? {} : undefined);
  const [form] = Form.useForm<LoginForm>();
  const chosenLanguage = useRef<Language>(undefined);
  const dark = useGlobalStore((s) => s.dark);
  const setDark = useGlobalStore((s) => s.setDark);
  useDocumentTitle(undefined);

  const submit = async (values: LoginForm) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await callApi(login, { body: values });
      storeToken(answer.token);
      // A language picked here becomes the user's preference.
      if (chosenLanguage.current) {
        await callApi(updateUserPreference, { body: { language: chosenLanguage.current } }).catch(() => undefined);
      }
      socketClient.reconnect();
      navigate(safeRedirectTarget(params.get('redirect')), { replace: true });
    } catch (e) {
      setError(isApiError(e) ? await explain(e) : t('failed'));
    } finally {
      setBusy(false);
    }
  };

  /** A refused address is named, as the server sees it, so the user can tell their administrator. */
  const explain = async (e: { message: string; messageCode: string }) => {
    if (e.messageCode !== 'IP_NOT_ALLOWED') return e.message;
    const ip = await callApi(ipVerify).then(
      (answer) => answer.IP,
      () => undefined,
    );
    return ip ? t('ipRefused', { ip }) : e.message;
  };

  return (
    <main className="pb-center-page" style={{ background: token.colorBgLayout }}>
      <div
        style={{
          width: 'min(400px, 100%)',
          boxSizing: 'border-box',
          padding: token.paddingXL,
          background: token.colorBgContainer,
          borderRadius: token.borderRadiusLG,
          boxShadow: token.boxShadowTertiary,
        }}
      >
        <Flex align="center" gap={10} style={{ marginBottom: 4 }}>
          <SafetyCertificateFilled style={{ fontSize: 28, color: token.colorPrimary }} />
          <h1 style={{ fontSize: 20, margin: 0, color: token.colorText }}>{t('common:appName')}</h1>
        </Flex>
        <p style={{ color: token.colorTextSecondary, marginTop: 0, marginBottom: token.marginLG }}>{t('subtitle')}</p>
        {error && !forgot && (
          <Alert type="error" title={error} showIcon style={{ marginBottom: token.margin }} data-testid="login-error" />
        )}
        {forgot ? (
          <Suspense fallback={<div className="pb-spinner" role="status" style={{ margin: '24px auto' }} />}>
            <ForgotPasswordForm initial={forgot.initial} onBack={() => setForgot(undefined)} />
          </Suspense>
        ) : (
          <Form<LoginForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
            <Form.Item label={t('account')} name="Account" rules={[{ required: true, whitespace: true, max: 64 }]}>
              <Input autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item label={t('password')} name="Password" rules={[{ required: true, max: 128 }]}>
              <Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={busy}>
              {t('submit')}
            </Button>
            <Button
              type="link"
              block
              style={{ marginTop: 4 }}
              onClick={() => setForgot({ initial: form.getFieldValue('Account') })}
              data-testid="forgot-link"
            >
              {t('forgot')}
            </Button>
          </Form>
        )}
        <Flex justify="space-between" align="center" wrap style={{ marginTop: token.marginLG }}>
          <LanguageButtons
            testId="login-languages"
            onPicked={(language) => {
              chosenLanguage.current = language;
            }}
          />
          <Button
            size="small"
            type="text"
            icon={dark ? <SunOutlined /> : <MoonOutlined />}
            aria-label={dark ? t('common:header.lightMode') : t('common:header.darkMode')}
            aria-pressed={dark}
            data-testid="theme-toggle"
            onClick={() => setDark(!dark)}
          />
        </Flex>
      </div>
    </main>
  );
}
