import type { AlertDetail } from '@pitboss/contract';
import { Alert, App, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../hooks/useCan';
import { NoLockingApiWarning } from '../../block-api/LockState';
import { useLockStatusQuery } from '../../block-api/queries/lock-status';
import { useBlacklistAlertMembersMutation } from '../queries/use-blacklist-alert-members-mutation';
import { alertErrorText } from './error-text';

const MEMO_MAX = 500;

interface Values {
  MemberIDs: string[];
  Memo: string;
  process: boolean;
}

/** The members an alert is about: its member, or the members behind an IP or device. */
export function alertMembers(alert: AlertDetail): string[] {
  if (alert.SubjectKind === 'member') return alert.MemberID ? [alert.MemberID] : [];
  return alert.Members;
}

/**
 * Adds the alert's member (or chosen members behind an IP or device) to the blacklist, with the
 * alert's type as the entry's EventType and a memo naming the alert; the block APIs then lock them.
 */
export function BlacklistModal({ alert, onClose }: { alert: AlertDetail | undefined; onClose: () => void }) {
  const { t } = useTranslation(['player-alerts', 'alerting']);
  const { canEdit } = useCan();
  const lockStatus = useLockStatusQuery([], alert !== undefined);
  const pending = alert?.Status === 0;
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useBlacklistAlertMembersMutation();
  const [error, setError] = useState<string>();
  const members = alert ? alertMembers(alert) : [];

  useEffect(() => {
    if (!alert) return;
    setError(undefined);
    form.setFieldsValue({
      process: alert.Status === 0,
      MemberIDs: alertMembers(alert),
      Memo: t('blacklist.defaultMemo', {
        id: alert.AlertID,
        type: t(`alerting:types.${alert.EventType}`),
        level: alert.Level,
      }),
    });
  }, [alert, form, t]);

  const submit = async (values: Values) => {
    if (!alert) return;
    setError(undefined);
    try {
      const answer = await add.mutateAsync({
        MemberIDs: values.MemberIDs,
        Memo: values.Memo.trim(),
        EventType: alert.EventType,
        processAlertId: pending && values.process ? alert.AlertID : undefined,
      });
      const done = t('blacklist.done', {
        added: answer.Added.length,
        already: answer.AlreadyListed.length,
        count: answer.BlockCallsQueued,
      });
      const processed = answer.processed ? ` ${t('blacklist.processedToo')}` : '';
      if (answer.BlockCallsQueued === 0 && answer.Added.length > 0) {
        void message.warning(`${done}${processed} ${t('blacklist.notLocked')}`);
      } else void message.success(`${done}${processed}`);
      onClose();
    } catch (e) {
      setError(alertErrorText(e, t));
    }
  };

  return (
    <Modal
      open={alert !== undefined}
      title={t('blacklist.title')}
      okText={t('blacklist.add')}
      okButtonProps={{ danger: true }}
      cancelText={t('actions.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending}
      destroyOnHidden
      data-testid="blacklist-modal"
    >
      <Typography.Paragraph type="secondary">
        {t('blacklist.explain', { type: alert ? t(`alerting:types.${alert.EventType}`) : '' })}
      </Typography.Paragraph>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid="blacklist-error" />
      )}
      {lockStatus.data?.LockingApis === 0 && (
        <div style={{ marginBottom: 12 }}>
          <NoLockingApiWarning canEdit={canEdit} />
        </div>
      )}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="MemberIDs"
          label={t('blacklist.members')}
          rules={[{ required: true, type: 'array', min: 1, message: t('blacklist.pickOne') }]}
        >
          <Checkbox.Group options={members.map((id) => ({ value: id, label: id }))} />
        </Form.Item>
        <Form.Item name="Memo" label={t('process.memo')} rules={[{ max: MEMO_MAX }]}>
          <Input.TextArea rows={3} maxLength={MEMO_MAX} showCount />
        </Form.Item>
        {pending && (
          <Form.Item name="process" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid="blacklist-process">{t('blacklist.processToo')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
