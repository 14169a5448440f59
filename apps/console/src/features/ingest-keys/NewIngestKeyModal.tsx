import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Alert, App, Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../lib/clipboard';
import { ingestEventsUrl } from './ingest-url';

/**
 * The new key, shown this once: Pitboss keeps only its hash. The dialog closes only through its
 * button (not a click beside it or Escape), so the key is not lost by accident.
 */
export function NewIngestKeyModal({
  created,
  onClose,
}: {
  created: { name: string; key: string } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation('ingest-keys');
  const { message } = App.useApp();
  const [copied, setCopied] = useState(false);
  const key = created?.key ?? '';
  const example = [
    `curl -X POST '${ingestEventsUrl()}'`,
    `  -H 'Authorization: Bearer ${key}'`,
    `  -H 'Content-Type: application/x-ndjson'`,
    '  --data-binary @events.ndjson',
  ].join(' \\\n');

  const copy = async () => {
    if (await copyText(key)) {
      setCopied(true);
      void message.success(t('created.copied'));
    } else {
      void message.warning(t('created.copyByHand'));
    }
  };

  return (
    <Modal
      open={created !== undefined}
      title={t('created.title', { name: created?.name ?? '' })}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={640}
      destroyOnHidden
      afterClose={() => setCopied(false)}
      footer={
        <Button type={copied ? 'primary' : 'default'} onClick={onClose}>
          {t('created.done')}
        </Button>
      }
    >
      <Flex vertical gap="middle" data-testid="new-ingest-key">
        <Alert type="warning" showIcon title={t('created.once')} />
        <Flex gap="small" align="center" wrap>
          <Typography.Text code style={{ wordBreak: 'break-all', fontSize: 15 }} data-testid="new-ingest-key-value">
            {key}
          </Typography.Text>
          <Button type="primary" icon={copied ? <CheckOutlined /> : <CopyOutlined />} onClick={() => void copy()}>
            {copied ? t('created.copied') : t('created.copy')}
          </Button>
        </Flex>
        <Typography.Text type="secondary">{t('created.example')}</Typography.Text>
        <Typography.Paragraph
          code
          copyable={{ text: example, tooltips: [t('created.copyExample'), t('created.copied')] }}
          style={{ marginBottom: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        >
          {example}
        </Typography.Paragraph>
      </Flex>
    </Modal>
  );
}
