import { Alert, App, Form, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';

const MEMO_MAX = 500;

/** The texts of the dialog, in the caller's translation (the count is the number of alerts). */
export interface ProcessAlertsTexts {
  title: string;
  explain: string;
  ok: string;
  cancel: string;
  memo: string;
  memoPlaceholder: string;
  done: (processed: number) => string;
}

export interface ProcessAlertsDialogProps {
  /** The alerts to process; undefined when closed. */
  alertIds: number[] | undefined;
  /** The kind's process call (`PUT …-alerts` with AlertIDs and Memo): answers the ids processed. */
  process: (body: { AlertIDs: number[]; Memo: string }) => Promise<{ Processed: number[] }>;
  /** The call is running (the OK button spins). */
  pending: boolean;
  texts: ProcessAlertsTexts;
  /** The user's text for a failed call (the kind's message codes translated). */
  errorText: (error: unknown) => string;
  onClose: () => void;
  /** Called with the ids the server processed. */
  onDone?: (processed: number[]) => void;
  testId?: string;
  errorTestId?: string;
}

/**
 * Marks one or many pending alerts of any kind processed with a memo (who and when are recorded by the
 * server): a memo of at most 500 characters, the server's refusal shown in the dialog, which stays open.
 */
export function ProcessAlertsDialog(props: ProcessAlertsDialogProps) {
  const { alertIds, texts, onClose, onDone } = props;
  const { message } = App.useApp();
  const [form] = Form.useForm<{ Memo: string }>();
  const [error, setError] = useState<string>();

  // A new opening (another set of alerts) starts afresh; a re-render with the same alerts keeps the memo.
  const opened = alertIds?.join(',');
  useEffect(() => {
    if (opened !== undefined) {
      form.resetFields();
      setError(undefined);
    }
  }, [opened, form]);

  const submit = async ({ Memo }: { Memo?: string }) => {
    if (!alertIds) return;
    setError(undefined);
    try {
      const answer = await props.process({ AlertIDs: alertIds, Memo: (Memo ?? '').trim() });
      void message.success(texts.done(answer.Processed.length));
      onDone?.(answer.Processed);
      onClose();
    } catch (e) {
      setError(props.errorText(e));
    }
  };

  return (
    <Modal
      open={alertIds !== undefined}
      title={texts.title}
      okText={texts.ok}
      cancelText={texts.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={props.pending}
      destroyOnHidden
      data-testid={props.testId}
    >
      <Typography.Paragraph type="secondary">{texts.explain}</Typography.Paragraph>
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} data-testid={props.errorTestId} />
      )}
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="Memo" label={texts.memo} rules={[{ max: MEMO_MAX }]}>
          <Input.TextArea rows={4} maxLength={MEMO_MAX} showCount placeholder={texts.memoPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
