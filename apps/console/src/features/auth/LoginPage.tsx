import { login, SUPPORTED_LANGUAGES } from '@pitboss/contract';
import { Alert, Button, Card, Form, Input, Select, Typography } from 'antd';
import Cookies from 'js-cookie';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, callApi, TOKEN_COOKIE } from '../../lib/api';

interface LoginForm {
  Account: string;
  Password: string;
}

const LANGUAGE_NAMES: Record<string, string> = { zh: '繁體中文', 'zh-CN': '简体中文', en: 'English' };

export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: LoginForm) => {
    setBusy(true);
    setError(undefined);
    try {
      const res = await callApi(login, { body: values });
      Cookies.set(TOKEN_COOKIE, res.token, { expires: 365, path: '/' });
      navigate(params.get('redirect') ?? '/dashboard', { replace: true });
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('login.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', padding: 16 }}>
      <Card style={{ width: 'min(400px, 100%)' }}>
        <Typography.Title level={3} style={{ marginBottom: 0 }}>
          {t('app.name')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {error && <Alert type="error" title={error} showIcon style={{ marginBottom: 16 }} data-testid="login-error" />}
        <Form<LoginForm> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item
            label={t('login.account')}
            name="Account"
            rules={[{ required: true, message: t('validation.required', { label: t('login.account') }) }]}
          >
            <Input autoComplete="username" autoFocus />
          </Form.Item>
          <Form.Item
            label={t('login.password')}
            name="Password"
            rules={[{ required: true, message: t('validation.required', { label: t('login.password') }) }]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy}>
            {t('login.submit')}
          </Button>
        </Form>
        <Select
          aria-label={t('common.language')}
          style={{ marginTop: 16, width: 140 }}
          value={i18n.language}
          options={SUPPORTED_LANGUAGES.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
          onChange={(lng) => {
            localStorage.setItem('language', lng);
            void i18n.changeLanguage(lng);
          }}
        />
      </Card>
    </div>
  );
}
