import { KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { INGEST_KEYS_MAX_ACTIVE, type IngestKey } from '@pitboss/contract';
import { Button, Card, Empty, Flex, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/QueryError';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { CreateIngestKeyModal } from './CreateIngestKeyModal';
import { useIngestKeyColumns } from './ingest-key-columns';
import { ingestEventsUrl } from './ingest-url';
import { NewIngestKeyModal } from './NewIngestKeyModal';
import { useListIngestKeysQuery } from './queries/use-list-ingest-keys-query';
import { useRevokeIngestKeyMutation } from './queries/use-revoke-ingest-key-mutation';

/**
 * The ingest keys of the working company on the parameters screen (DESIGN §4; admins only, like the
 * screen): list, create (the key is shown once), revoke with confirmation.
 */
export function IngestKeysCard() {
  const { t } = useTranslation('ingest-keys');
  const keys = useListIngestKeysQuery();
  const revoke = useRevokeIngestKeyMutation();
  const confirmDelete = useConfirmDelete();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; key: string }>();
  const active = (keys.data ?? []).filter((key) => key.RevokedAt === null).length;
  const full = active >= INGEST_KEYS_MAX_ACTIVE;

  const columns = useIngestKeyColumns((key: IngestKey) =>
    confirmDelete({
      what: key.Name,
      title: t('revoke.title', { name: key.Name }),
      okText: t('revoke.action'),
      details: t('revoke.details'),
      onConfirm: () => revoke.mutateAsync(key.KeyID),
      doneMessage: () => t('revoke.done', { name: key.Name }),
    }),
  );

  const createButton = (
    <Tooltip title={full ? t('limitReached', { max: INGEST_KEYS_MAX_ACTIVE }) : undefined}>
      <Button type="primary" icon={<PlusOutlined />} disabled={full || !keys.data} onClick={() => setCreating(true)}>
        {t('create')}
      </Button>
    </Tooltip>
  );

  return (
    <Card
      title={
        <span>
          <KeyOutlined /> {t('title')}
        </span>
      }
      extra={
        keys.data && (
          <Typography.Text type="secondary" data-testid="ingest-keys-count">
            {t('count', { active, max: INGEST_KEYS_MAX_ACTIVE })}
          </Typography.Text>
        )
      }
      data-testid="ingest-keys"
    >
      <Flex vertical gap="middle">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('description', { url: ingestEventsUrl() })}
        </Typography.Paragraph>
        {keys.isError && <QueryError title={t('loadFailed')} error={keys.error} onRetry={() => void keys.refetch()} />}
        {keys.data?.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('empty')}>
            {createButton}
          </Empty>
        ) : (
          <>
            <Flex>{createButton}</Flex>
            <Table<IngestKey>
              rowKey="KeyID"
              size="middle"
              columns={columns}
              dataSource={keys.data ?? []}
              loading={keys.isPending}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              scroll={{ x: 'max-content' }}
            />
          </>
        )}
      </Flex>
      <CreateIngestKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(name, key) => {
          setCreating(false);
          setCreated({ name, key });
        }}
      />
      <NewIngestKeyModal created={created} onClose={() => setCreated(undefined)} />
    </Card>
  );
}
