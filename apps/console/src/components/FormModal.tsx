import { Alert, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ServerErrorOptions, showApiError } from '../lib/form-errors';

export interface FormModalProps<T> {
  open: boolean;
  title: ReactNode;
  /** The form, from `Form.useForm<T>()`. */
  form: FormInstance<T>;
  /** Saves the values; throw (an `ApiError`) to keep the dialog open with the errors on their fields. */
  onSubmit: (values: T) => Promise<void>;
  onClose: () => void;
  /** Renames server error fields to the form's (see `showApiError`). */
  fieldOf?: ServerErrorOptions['fieldOf'];
  okText?: ReactNode;
  initialValues?: Partial<T>;
  width?: number;
  testId?: string;
  children: ReactNode;
}

/**
 * A dialog around a form: Enter or OK submits, the OK button spins while saving, server field errors
 * land under their fields and anything else above the form. The form is rebuilt at every opening.
 */
export function FormModal<T extends object>(props: FormModalProps<T>) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (values: T) => {
    setBusy(true);
    setError(undefined);
    try {
      await props.onSubmit(values);
    } catch (e) {
      setError(showApiError(props.form, e, { fieldOf: props.fieldOf }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={props.open}
      title={props.title}
      okText={props.okText ?? t('actions.ok')}
      cancelText={t('actions.cancel')}
      onOk={() => props.form.submit()}
      onCancel={props.onClose}
      afterClose={() => setError(undefined)}
      confirmLoading={busy}
      destroyOnHidden
      width={props.width}
    >
      <div data-testid={props.testId}>
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            style={{ marginBottom: 16 }}
            data-testid="form-error"
            role="alert"
          />
        )}
        <Form<T>
          form={props.form}
          layout="vertical"
          onFinish={submit}
          initialValues={props.initialValues}
          // Every opening starts from its own initial values, not what the last one left in the store.
          // (Not `preserve={false}`: fields unmounting after the clear would refill it with initial values.)
          clearOnDestroy
          requiredMark="optional"
        >
          {props.children}
          {/* Enter in any field submits. */}
          <button type="submit" hidden aria-hidden tabIndex={-1} />
        </Form>
      </div>
    </Modal>
  );
}
