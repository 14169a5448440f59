import { roleOfTag } from '@pitboss/contract';
import { Alert, Button, Flex, Result, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { forgetSession } from '../../app/session';
import { PublicCard } from '../../components/PublicCard';
import { formatDateTime } from '../../lib/format';
import { displaySeededName } from '../../lib/seeded-names';
import { readToken } from '../../lib/session-cookies';
import { useCheckRegisterUrlQuery } from './queries/use-check-register-url-query';
import { RegisterForm } from './RegisterForm';
import { registrationFailureText } from './registration-failure';

/**
 * `/register/{token}`: checks the link first (the token goes in Authorization), then asks for what
 * the link needs: an invited user sets a password; a join link creates an account or adds an existing
 * one. Failures show the spec's fixed Chinese message.
 */
export function RegisterPage() {
  const { t } = useTranslation(['registration', 'common']);
  const navigate = useNavigate();
  const { token = '' } = useParams();
  const check = useCheckRegisterUrlQuery(token);
  const [registered, setRegistered] = useState<string>();

  const toLogin = () => {
    // Someone else may be logged in on this browser: the new account logs in from a clean page.
    if (readToken()) forgetSession();
    navigate('/login', { replace: true });
  };

  let content: ReactNode;
  if (registered) {
    content = (
      <Result
        status="success"
        title={t('register.done', { account: registered })}
        extra={
          <Button type="primary" onClick={toLogin} data-testid="to-login">
            {t('register.toLogin')}
          </Button>
        }
      />
    );
  } else if (check.isPending) {
    content = (
      <Flex vertical align="center" gap="small" style={{ padding: 24 }}>
        <Spin />
        <Typography.Text type="secondary">{t('register.checking')}</Typography.Text>
      </Flex>
    );
  } else if (check.isError) {
    content = (
      <Alert type="error" showIcon title={registrationFailureText(check.error)} data-testid="register-failure" />
    );
  } else {
    const info = check.data;
    const role = info.Tags ? t(`common:roles.${roleOfTag(info.Tags)}`) : '';
    content = (
      <Flex vertical gap="middle">
        <Alert
          type="info"
          showIcon
          title={t('register.invited', { company: displaySeededName(t, info.CompanyName), role })}
          description={t('register.expires', {
            expires: formatDateTime(info.expired, { zone: info.TimeZone, withZone: true }),
          })}
          data-testid="register-invitation"
        />
        <RegisterForm token={token} info={info} onRegistered={setRegistered} />
      </Flex>
    );
  }
  return <PublicCard>{content}</PublicCard>;
}
