import { BLOCK_API_NAME_MAX_LENGTH, BLOCK_API_URL_MAX_LENGTH, type BlockApi } from '@pitboss/contract';
import { Alert, App, Form, Input, Modal, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../lib/form-errors';
import { useSaveBlockApiMutation } from './queries/use-save-block-api-mutation';
import { isHttpUrl } from './url-check';

interface ApiForm {
  Name: string;
  Url: string;
  IsLock: boolean;
}

/** Adds a block API (`api` undefined) or edits one; a taken name or a bad Url shows on its field. */
export function BlockApiFormModal({ open, api, onClose }: { open: boolean; api?: BlockApi; onClose: () => void }) {
  const { t } = useTranslation('block-api');
  const { message } = App.useApp();
  const [form] = Form.useForm<ApiForm>();
  const save = useSaveBlockApiMutation();
  const [error, setError] = useState<string>();

  const submit = async (values: ApiForm) => {
    setError(undefined);
    try {
      await save.mutateAsync({ APIID: api?.APIID, Name: values.Name, Url: values.Url, IsLock: values.IsLock });
      void message.success(t('saved', { name: values.Name.trim() }));
      onClose();
    } catch (failure) {
      // A taken name (BLOCK_API_NAME_TAKEN) shows its translated message under Name.
      setError(
        showApiError(form, failure, {
          message: (fieldError) => (fieldError.field === 'Url' ? t('urlInvalid') : undefined),
        }),
      );
    }
  };

  return (
    <Modal
      open={open}
      title={api ? t('editTitle', { name: api.Name }) : t('addTitle')}
      okText={t('common:actions.save')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => setError(undefined)}
      destroyOnHidden
      data-testid="block-api-modal"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<ApiForm>
        key={api?.APIID ?? 'new'}
        form={form}
        layout="vertical"
        initialValues={api ? { Name: api.Name, Url: api.Url, IsLock: api.IsLock } : { IsLock: true }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="Name"
          label={t('columns.Name')}
          rules={[{ required: true, whitespace: true }, { max: BLOCK_API_NAME_MAX_LENGTH }]}
        >
          <Input placeholder={t('namePlaceholder')} autoFocus />
        </Form.Item>
        <Form.Item
          name="Url"
          label={t('columns.Url')}
          extra={t('urlHelp')}
          rules={[
            { required: true, whitespace: true },
            { max: BLOCK_API_URL_MAX_LENGTH },
            {
              validator: async (_rule, value: string | undefined) => {
                if (value?.trim() && !isHttpUrl(value)) throw new Error(t('urlInvalid'));
              },
            },
          ]}
        >
          <Input placeholder="https://platform.example.com/api/lock-member" inputMode="url" />
        </Form.Item>
        <Form.Item name="IsLock" label={t('columns.IsLock')} valuePropName="checked" extra={t('isLockHelp')}>
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
