import { Alert, App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useGlobalStore } from '../../store/global-store';
import { NewPasswordFields } from './NewPasswordFields';
import { useChangePasswordMutation } from './queries/use-change-password-mutation';

interface ChangePasswordForm {
  current: string;
  Password: string;
  confirm: string;
}

/** The server's fields on the form: `Password` is the current one, `NewPassword` the new one. */
const FORM_FIELD: Record<string, string> = { Password: 'current', NewPassword: 'Password' };

/**
 * The header menu's "Change password": the current password, then the new one twice (checked with
 * the contract's rule). Lazy: the rule brings the contract's schemas along.
 */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('auth');
  const { message } = App.useApp();
  const [form] = Form.useForm<ChangePasswordForm>();
  const change = useChangePasswordMutation();
  const account = useGlobalStore((s) => s.user?.account ?? s.session?.account);

  const submit = async (values: ChangePasswordForm) => {
    await change.mutateAsync({ Password: values.current, NewPassword: values.Password });
    void message.success(t('changePassword.done'));
    onClose();
  };

  return (
    <FormModal<ChangePasswordForm>
      open={open}
      title={t('changePassword.title')}
      okText={t('changePassword.submit')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      fieldOf={(field) => FORM_FIELD[field]}
      width={480}
      testId="change-password-form"
    >
      <Alert type="info" showIcon title={t('changePassword.note')} style={{ marginBottom: 16 }} />
      {/* For password managers: the account the password belongs to. */}
      <input type="text" autoComplete="username" value={account ?? ''} readOnly hidden />
      <Form.Item name="current" label={t('changePassword.current')} rules={[{ required: true }]}>
        <Input.Password autoComplete="current-password" autoFocus />
      </Form.Item>
      <NewPasswordFields
        account={() => account}
        label={t('changePassword.newPassword')}
        confirmLabel={t('changePassword.confirm')}
      />
    </FormModal>
  );
}
