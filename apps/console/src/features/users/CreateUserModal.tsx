import type { Tag } from '@pitboss/contract';
import { Alert, App, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import {
  accountRules,
  confirmRules,
  mailRules,
  nameRules,
  passwordRules,
  passwordRuleText,
} from '../auth/account-rules';
import { GroupSelect } from './GroupSelect';
import { useCreateUserMutation } from './queries/use-create-user-mutation';
import { RoleSelect } from './user-labels';

interface CreateUserForm {
  Name: string;
  Account: string;
  Tags: Tag;
  Mail: string;
  GroupID: number | null;
  setPassword: boolean;
  Password?: string;
  confirm?: string;
}

/** Adds a user: with an initial password they log in at once, without one they are mailed an invitation. */
export function CreateUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['users', 'auth']);
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateUserForm>();
  const create = useCreateUserMutation();
  const setPassword = Form.useWatch('setPassword', form);
  const tags = Form.useWatch('Tags', form);

  const submit = async ({
    setPassword: withPassword,
    confirm: _confirm,
    Password,
    GroupID,
    ...rest
  }: CreateUserForm) => {
    const answer = await create.mutateAsync({
      ...rest,
      ...(withPassword && Password ? { Password } : {}),
      ...(GroupID != null ? { GroupID } : {}),
    });
    void message.success(
      answer.Invited
        ? t('create.invited', { account: rest.Account, mail: rest.Mail })
        : t('create.done', { account: rest.Account }),
    );
    onClose();
  };

  return (
    <FormModal<CreateUserForm>
      open={open}
      title={t('create.title')}
      okText={t('actions.create')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ Tags: 'Viewer', GroupID: null, setPassword: false }}
      testId="create-user"
    >
      <Form.Item name="Name" label={t('fields.name')} rules={nameRules(t)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="Account" label={t('fields.account')} rules={accountRules(t)} extra={t('help.account')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="Mail" label={t('fields.mail')} rules={mailRules(t)}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="Tags" label={t('fields.tags')} rules={[{ required: true }]}>
        <RoleSelect />
      </Form.Item>
      <Form.Item name="GroupID" label={t('fields.group')}>
        <GroupSelect allowNone />
      </Form.Item>
      {tags === 'Mail' ? (
        <Alert type="info" showIcon title={t('help.mailRole')} />
      ) : (
        <>
          <Form.Item name="setPassword" label={t('fields.setPassword')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {setPassword ? (
            <>
              <Form.Item
                name="Password"
                label={t('fields.password')}
                rules={passwordRules(t, () => form.getFieldValue('Account'))}
                dependencies={['Account']}
                extra={`${passwordRuleText(t)} ${t('help.withPassword')}`}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirm"
                label={t('fields.confirmPassword')}
                dependencies={['Password']}
                rules={confirmRules(t, 'Password')}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </>
          ) : (
            <Alert type="info" showIcon title={t('help.invitation')} />
          )}
        </>
      )}
    </FormModal>
  );
}
