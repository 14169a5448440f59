import type { Tag } from '@pitboss/contract';
import { Alert, App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { formatDateTime } from '../../lib/format';
import { mailRules } from '../auth/account-rules';
import { useInviteUserMutation } from './queries/use-invite-user-mutation';
import { RoleGroupFields } from './RoleGroupFields';
import { showUnsentLink } from './unsent-link';

interface InviteForm {
  Mail: string;
  Tags: Tag;
  GroupID: number | null;
}

/**
 * Invites an address to join the company, whether or not it already has an account (a colleague
 * from another company joins with their own account and password). The answer is the same either way.
 */
export function InviteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['users', 'auth']);
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<InviteForm>();
  const invite = useInviteUserMutation();

  const submit = async ({ Mail, Tags, GroupID }: InviteForm) => {
    const answer = await invite.mutateAsync({ Mail, Tags, ...(GroupID != null ? { GroupID } : {}) });
    if (answer.InvitationLink) {
      showUnsentLink(modal, t, {
        title: t('unsentLink.invitation', { account: Mail.trim() }),
        url: answer.InvitationLink,
        expires: answer.expired,
      });
    } else {
      void message.success(
        t('inviteForm.done', { mail: Mail.trim(), expires: formatDateTime(answer.expired, { withZone: true }) }),
      );
    }
    onClose();
  };

  return (
    <FormModal<InviteForm>
      open={open}
      title={t('inviteForm.title')}
      okText={t('actions.send')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ Tags: 'Viewer', GroupID: null }}
      testId="invite-user"
    >
      <Alert type="info" showIcon title={t('inviteForm.help')} style={{ marginBottom: 16 }} />
      <Form.Item name="Mail" label={t('fields.mail')} rules={mailRules(t)}>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <RoleGroupFields />
    </FormModal>
  );
}
