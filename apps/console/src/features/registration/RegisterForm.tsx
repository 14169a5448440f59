import type { RegisterBody, RegisterUrlInfo } from '@pitboss/contract';
import { Alert, Button, Form, Input, Segmented, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { showApiError } from '../../lib/form-errors';
import { accountRules, mailRules, nameRules } from '../auth/account-rules';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { useRegisterMutation } from './queries/use-register-mutation';
import { isRegistrationFailure, registrationFailureText } from './registration-failure';

type Mode = 'new' | 'existing';

interface RegisterFields {
  Account?: string;
  Name?: string;
  Mail?: string;
  Password: string;
  confirm?: string;
}

/**
 * The form for a checked link: an invited user (`invite`) sets a password and may correct their
 * name; a `join` link creates a new account or joins with an existing account and its password.
 */
export function RegisterForm({
  token,
  info,
  onRegistered,
}: {
  token: string;
  info: RegisterUrlInfo;
  onRegistered: (account: string) => void;
}) {
  const { t } = useTranslation(['registration', 'auth']);
  const [form] = Form.useForm<RegisterFields>();
  const [mode, setMode] = useState<Mode>('new');
  const [failure, setFailure] = useState<string>();
  const register = useRegisterMutation();
  const invite = info.Kind === 'invite';
  const creating = invite || mode === 'new';

  const submit = async (values: RegisterFields) => {
    setFailure(undefined);
    const body: RegisterBody = { Token: token, Password: values.Password };
    if (invite) body.Name = values.Name?.trim();
    else {
      body.Account = values.Account?.trim();
      if (mode === 'new') {
        body.Name = values.Name?.trim();
        body.Mail = (info.Mail ?? values.Mail)?.trim();
      }
    }
    try {
      const answer = await register.mutateAsync({
        body,
        verifyMail: !invite && mode === 'new' ? body.Mail : undefined,
      });
      onRegistered(answer.Account);
    } catch (error) {
      if (isApiError(error) && isRegistrationFailure(error.messageCode)) setFailure(registrationFailureText(error));
      else setFailure(showApiError(form, error));
    }
  };

  return (
    <Form<RegisterFields>
      form={form}
      layout="vertical"
      requiredMark={false}
      onFinish={(values) => void submit(values)}
      initialValues={{ Name: info.Name ?? '', Mail: info.Mail ?? '' }}
    >
      {!invite && (
        <Form.Item>
          <Segmented<Mode>
            block
            value={mode}
            onChange={(next) => {
              setMode(next);
              setFailure(undefined);
            }}
            options={[
              { value: 'new', label: t('register.newAccount') },
              { value: 'existing', label: t('register.existingAccount') },
            ]}
          />
        </Form.Item>
      )}
      {failure && (
        <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="register-failure" />
      )}
      {invite ? (
        <Form.Item label={t('register.account')}>
          <Input value={info.Account ?? ''} disabled data-testid="invited-account" />
        </Form.Item>
      ) : (
        <Form.Item
          name="Account"
          label={t('register.account')}
          rules={mode === 'new' ? accountRules(t) : [{ required: true, whitespace: true }]}
        >
          <Input autoComplete="username" />
        </Form.Item>
      )}
      {mode === 'existing' && !invite && (
        <Typography.Paragraph type="secondary">
          {t('register.existingHelp', { company: info.CompanyName })}
        </Typography.Paragraph>
      )}
      {creating && (
        <Form.Item name="Name" label={t('register.name')} rules={nameRules(t)}>
          <Input autoComplete="name" />
        </Form.Item>
      )}
      {creating && (
        <Form.Item name="Mail" label={t('register.mail')} rules={info.Mail ? [] : mailRules(t)}>
          <Input type="email" autoComplete="email" disabled={!!info.Mail} />
        </Form.Item>
      )}
      {creating ? (
        <NewPasswordFields
          account={() => (invite ? (info.Account ?? undefined) : form.getFieldValue('Account'))}
          label={t('register.newPassword')}
          confirmLabel={t('register.confirmPassword')}
        />
      ) : (
        <Form.Item name="Password" label={t('register.password')} rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={register.isPending}>
        {creating ? t('register.submit') : t('register.join', { company: info.CompanyName })}
      </Button>
    </Form>
  );
}
