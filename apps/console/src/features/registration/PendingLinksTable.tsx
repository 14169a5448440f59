import { Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { InvitationsTable } from '../users/InvitationsTab';

/** The working company's registration links that are still usable; withdraw one. */
export function PendingLinksTable() {
  const { t } = useTranslation('registration');
  return (
    <Card title={t('generator.pending')} data-testid="pending-links">
      <Flex vertical gap="small">
        <Typography.Text type="secondary">{t('generator.pendingHelp')}</Typography.Text>
        <InvitationsTable kind="link" />
      </Flex>
    </Card>
  );
}
