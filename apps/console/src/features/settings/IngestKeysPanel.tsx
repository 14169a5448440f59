import { KeyOutlined } from '@ant-design/icons';
import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The ingest keys of DESIGN §4 (`GET/POST/DELETE /api/v2/system/ingest-keys`). RESERVED: the API is
 * built on the `ingest` branch; replace this card's content with the key list (create, show once,
 * revoke) when it is merged. Nothing else on the screen depends on it.
 */
export function IngestKeysPanel() {
  const { t } = useTranslation('settings');
  return (
    <Card
      title={
        <span>
          <KeyOutlined /> {t('ingest.title')}
        </span>
      }
      data-testid="ingest-keys"
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        {t('ingest.description')}
      </Typography.Paragraph>
    </Card>
  );
}
