import type { IngestKey } from '@pitboss/contract';
import { Badge, Button, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { displaySeededName } from '../../lib/seeded-names';

/** The key table's columns; `onRevoke` asks before revoking an active key. */
export function useIngestKeyColumns(onRevoke: (key: IngestKey) => void): ColumnsType<IngestKey> {
  const { t } = useTranslation('ingest-keys');
  return [
    {
      title: t('columns.name'),
      dataIndex: 'Name',
      render: (name: string, key) =>
        key.RevokedAt ? (
          <Typography.Text type="secondary">{displaySeededName(t, name)}</Typography.Text>
        ) : (
          <Typography.Text strong>{displaySeededName(t, name)}</Typography.Text>
        ),
    },
    {
      title: t('columns.key'),
      dataIndex: 'Prefix',
      render: (prefix: string) => <Typography.Text code>{`${prefix}…`}</Typography.Text>,
    },
    { title: t('columns.created'), dataIndex: 'CreateDate', render: (v: string) => formatDateTime(v) },
    { title: t('columns.createdBy'), dataIndex: 'CreatedBy', render: (v: string) => v || '—' },
    {
      title: t('columns.lastUsed'),
      dataIndex: 'LastUsedAt',
      render: (v: string | null) =>
        v ? formatDateTime(v) : <Typography.Text type="secondary">{t('never')}</Typography.Text>,
    },
    {
      title: t('columns.status'),
      key: 'status',
      render: (_: unknown, key) =>
        key.RevokedAt ? (
          <Tag>{t('revokedAt', { date: formatDateTime(key.RevokedAt) })}</Tag>
        ) : (
          <Badge status="success" text={t('active')} />
        ),
    },
    {
      title: t('columns.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_: unknown, key) =>
        !key.RevokedAt && (
          <Button size="small" type="link" danger onClick={() => onRevoke(key)}>
            {t('revoke.action')}
          </Button>
        ),
    },
  ];
}
