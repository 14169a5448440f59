import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { confirmRules, passwordRules, passwordRuleText } from './account-rules';

/**
 * A new password and its repetition (fields `Password` and `confirm`), checked with the contract's
 * rule, which is shown under the field. `account` gives the account name the password must not contain.
 */
export function NewPasswordFields({
  account,
  label,
  confirmLabel,
  note,
}: {
  account: () => string | undefined;
  label: string;
  confirmLabel: string;
  /** Said after the rule. */
  note?: string | undefined;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Form.Item
        name="Password"
        label={label}
        rules={passwordRules(t, account)}
        dependencies={['Account']}
        extra={note ? `${passwordRuleText(t)} ${note}` : passwordRuleText(t)}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="confirm" label={confirmLabel} dependencies={['Password']} rules={confirmRules(t, 'Password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
