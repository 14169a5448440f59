import { type BlacklistMember, MEMBER_LIST_CODES, MEMO_MAX_LENGTH } from '@pitboss/contract';
import { Alert, App, Descriptions, Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { showApiError } from '../../lib/form-errors';
import { formatDateTime } from '../../lib/format';
import { ENTRY_TYPES, entryTypeName, isAlertType } from './alert-types';
import { useUpdateBlacklistMemberMutation } from './queries/use-update-blacklist-member-mutation';

interface EditForm {
  Memo: string;
  /** 0 = manual entry. */
  EventType: number;
}

/** Edits a blacklisted member's memo and alert type; the block APIs are not called again. */
export function EditBlacklistMemberModal({ member, onClose }: { member?: BlacklistMember; onClose: () => void }) {
  const { t } = useTranslation('blacklist');
  const { message } = App.useApp();
  const [form] = Form.useForm<EditForm>();
  const update = useUpdateBlacklistMemberMutation();
  const [error, setError] = useState<string>();

  const save = async (values: EditForm) => {
    if (!member) return;
    setError(undefined);
    try {
      await update.mutateAsync({
        MemberID: member.MemberID,
        Memo: values.Memo ?? '',
        EventType: isAlertType(values.EventType) ? values.EventType : null,
      });
      void message.success(t('saved', { id: member.MemberID }));
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.messageCode === MEMBER_LIST_CODES.notListed) {
        void message.warning(failure.message);
        onClose();
        return;
      }
      setError(showApiError(form, failure));
    }
  };

  return (
    <Modal
      open={member !== undefined}
      title={t('editTitle', { id: member?.MemberID ?? '' })}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => setError(undefined)}
      destroyOnHidden
      data-testid="edit-member-modal"
    >
      {member && (
        <Descriptions
          size="small"
          column={2}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'nick', label: t('columns.NickName'), children: member.NickName || '—' },
            { key: 'vip', label: t('columns.VIPLevel'), children: member.VIPLevel },
            { key: 'created', label: t('columns.CreateDate'), children: formatDateTime(member.CreateDate) },
            { key: 'by', label: t('createdBy'), children: member.CreatedBy || '—' },
          ]}
        />
      )}
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<EditForm>
        key={member?.MemberID}
        form={form}
        layout="vertical"
        initialValues={{ Memo: member?.Memo ?? '', EventType: member?.EventType ?? 0 }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item name="EventType" label={t('columns.TypeName')}>
          <Select options={ENTRY_TYPES.map((type) => ({ value: type, label: entryTypeName(t, type) }))} />
        </Form.Item>
        <Form.Item name="Memo" label={t('columns.Memo')} rules={[{ max: MEMO_MAX_LENGTH }]}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={MEMO_MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
