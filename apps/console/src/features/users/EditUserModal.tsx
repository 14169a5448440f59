import type { Tag, UpdateUserBody, User } from '@pitboss/contract';
import { App, Form, Input, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { mailRules, nameRules } from '../auth/account-rules';
import { useUpdateUserMutation } from './queries/use-update-user-mutation';
import { RoleGroupFields } from './RoleGroupFields';

interface EditUserForm {
  Name: string;
  Mail: string;
  Mobile: string;
  Tags: Tag;
  GroupID: number | null;
  active: boolean;
}

/** The fields of `values` that differ from `user`: only those are sent. */
export function changesOf(user: User, values: EditUserForm): UpdateUserBody {
  const body: UpdateUserBody = {};
  if (values.Name.trim() !== user.Name) body.Name = values.Name.trim();
  const mail = (values.Mail ?? '').trim();
  if (mail !== '' && mail.toLowerCase() !== user.Mail.toLowerCase()) body.Mail = mail;
  const mobile = (values.Mobile ?? '').replace(/[\s-]/g, '');
  if (mobile !== (user.Mobile ?? '')) body.Mobile = mobile;
  if (values.Tags !== user.Tags) body.Tags = values.Tags;
  if ((values.GroupID ?? null) !== user.GroupID) body.GroupID = values.GroupID ?? null;
  // An invited user (2) is active in the company until disabled.
  const wasActive = user.Status !== 0;
  if (values.active !== wasActive) body.Status = values.active ? 1 : 0;
  return body;
}

/** Changes a user's role, group, status, name or mail in the working company. */
export function EditUserModal({ user, onClose }: { user: User | undefined; onClose: () => void }) {
  const { t } = useTranslation(['users', 'auth']);
  const { message } = App.useApp();
  const [form] = Form.useForm<EditUserForm>();
  const update = useUpdateUserMutation();

  const submit = async (values: EditUserForm) => {
    if (!user) return;
    const body = changesOf(user, values);
    if (Object.keys(body).length === 0) {
      void message.info(t('edit.nothing'));
      onClose();
      return;
    }
    await update.mutateAsync({ aid: user.AID, body });
    void message.success(t('edit.done', { account: user.Account }));
    onClose();
  };

  return (
    <FormModal<EditUserForm>
      open={user !== undefined}
      title={t('edit.title', { account: user?.Account ?? '' })}
      okText={t('actions.save')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={
        user && {
          Name: user.Name,
          Mail: user.Mail,
          Mobile: user.Mobile ?? '',
          Tags: user.Tags === '' ? 'Viewer' : user.Tags,
          GroupID: user.GroupID,
          active: user.Status !== 0,
        }
      }
      testId="edit-user"
    >
      <RoleGroupFields />
      <Form.Item name="active" label={t('fields.active')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Typography.Paragraph type="secondary">{t('help.identity')}</Typography.Paragraph>
      <Form.Item name="Name" label={t('fields.name')} rules={nameRules(t)}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="Mail" label={t('fields.mail')} rules={mailRules(t, !!user?.Mail)}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item name="Mobile" label={t('fields.mobile')} extra={t('help.mobile')}>
        <Input type="tel" autoComplete="off" placeholder="+886912345678" />
      </Form.Item>
    </FormModal>
  );
}
