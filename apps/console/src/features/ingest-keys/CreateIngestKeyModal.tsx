import { INGEST_KEY_NAME_MAX_LENGTH } from '@pitboss/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { useCreateIngestKeyMutation } from './queries/use-create-ingest-key-mutation';

/** Names a new ingest key; the created key goes to `onCreated`, to be shown once. */
export function CreateIngestKeyModal({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (name: string, key: string) => void;
}) {
  const { t } = useTranslation('ingest-keys');
  const [form] = Form.useForm<{ Name: string }>();
  const create = useCreateIngestKeyMutation();

  const submit = async ({ Name }: { Name: string }) => {
    const created = await create.mutateAsync(Name.trim());
    onCreated(created.Name, created.Key);
  };

  return (
    <FormModal<{ Name: string }>
      open={open}
      title={t('form.title')}
      okText={t('form.create')}
      form={form}
      onSubmit={submit}
      onClose={onClose}
      initialValues={{ Name: '' }}
      testId="create-ingest-key"
    >
      <Form.Item
        name="Name"
        label={t('form.name')}
        extra={t('form.nameHelp')}
        rules={[{ required: true, whitespace: true }, { max: INGEST_KEY_NAME_MAX_LENGTH }]}
      >
        <Input placeholder={t('form.namePlaceholder')} autoComplete="off" autoFocus />
      </Form.Item>
    </FormModal>
  );
}
