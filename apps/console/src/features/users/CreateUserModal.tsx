import type { Tag } from '@pitboss/contract';
import { Alert, App, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { accountRules, mailRules, nameRules } from '../auth/account-rules';
import { NewPasswordFields } from '../auth/NewPasswordFields';
import { useCreateUserMutation } from './queries/use-create-user-mutation';
import { RoleGroupFields } from './RoleGroupFields';
import { showUnsentLink } from './unsent-link';

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
  const { message, modal } = App.useApp();
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
    if (answer.InvitationLink) {
      showUnsentLink(modal, t, {
        title: t('unsentLink.invitation', { account: rest.Account }),
        url: answer.InvitationLink,
      });
    } else {
      void message.success(
        answer.Invited
          ? t('create.invited', { account: rest.Account, mail: rest.Mail })
          : t('create.done', { account: rest.Account }),
      );
    }
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
      <RoleGroupFields />
      {tags === 'Mail' ? (
        <Alert type="info" showIcon title={t('help.mailRole')} />
      ) : (
        <>
          <Form.Item name="setPassword" label={t('fields.setPassword')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {setPassword ? (
            <NewPasswordFields
              account={() => form.getFieldValue('Account')}
              label={t('fields.password')}
              confirmLabel={t('fields.confirmPassword')}
              note={t('help.withPassword')}
            />
          ) : (
            <Alert type="info" showIcon title={t('help.invitation')} />
          )}
        </>
      )}
    </FormModal>
  );
}
