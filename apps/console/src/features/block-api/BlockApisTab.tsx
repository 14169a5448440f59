import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { BlockApi } from '@pitboss/contract';
import { Alert, App, Button, Flex, Switch, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAction } from '../../components/IconAction';
import { QueryError } from '../../components/QueryError';
import { useCan } from '../../hooks/useCan';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { formatDateTime } from '../../lib/format';
import { BlockApiFormModal } from './BlockApiFormModal';
import { useBlockApiTokenQuery } from './queries/use-block-api-token-query';
import { useDeleteBlockApiMutation } from './queries/use-delete-block-api-mutation';
import { useListBlockApisQuery } from './queries/use-list-block-apis-query';
import { useSaveBlockApiMutation } from './queries/use-save-block-api-mutation';

/** The platform's block APIs: a member added to the blacklist is POSTed to every one with IsLock on. */
export function BlockApisTab({ onShowToken }: { onShowToken: () => void }) {
  const { t } = useTranslation(['block-api', 'lists']);
  const { message } = App.useApp();
  const { canEdit } = useCan();
  const apis = useListBlockApisQuery();
  const token = useBlockApiTokenQuery();
  const save = useSaveBlockApiMutation();
  const remove = useDeleteBlockApiMutation();
  const confirmDelete = useConfirmDelete();
  const [editing, setEditing] = useState<{ open: boolean; api?: BlockApi }>({ open: false });

  const toggle = async (api: BlockApi, IsLock: boolean) => {
    try {
      await save.mutateAsync({ APIID: api.APIID, IsLock });
      void message.success(IsLock ? t('lockOn', { name: api.Name }) : t('lockOff', { name: api.Name }));
    } catch (failure) {
      void message.error((failure as Error).message);
    }
  };

  const columns: ColumnsType<BlockApi> = [
    { title: t('columns.Name'), dataIndex: 'Name' },
    {
      title: t('columns.Url'),
      dataIndex: 'Url',
      render: (url: string) => (
        <Typography.Text copyable={{ text: url }} style={{ maxWidth: 420 }} ellipsis={{ tooltip: url }}>
          {url}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.IsLock'),
      dataIndex: 'IsLock',
      render: (isLock: boolean, api) => (
        <Switch
          checked={isLock}
          disabled={!canEdit}
          loading={save.isPending && save.variables?.APIID === api.APIID}
          aria-label={`${t('columns.IsLock')} ${api.Name}`}
          onChange={(checked) => void toggle(api, checked)}
        />
      ),
    },
    { title: t('columns.UpdateDate'), dataIndex: 'UpdateDate', render: (value: string) => formatDateTime(value) },
  ];
  if (canEdit) {
    columns.push({
      title: t('lists:lists.actions'),
      key: 'actions',
      render: (_: unknown, api) => (
        <Flex gap={4}>
          <IconAction
            icon={<EditOutlined />}
            title={t('common:actions.edit')}
            target={api.Name}
            onClick={() => setEditing({ open: true, api })}
          />
          <IconAction
            icon={<DeleteOutlined />}
            title={t('common:actions.delete')}
            target={api.Name}
            danger
            onClick={() =>
              confirmDelete({
                what: t('what', { name: api.Name }),
                details: t('deleteDetails'),
                onConfirm: () => remove.mutateAsync(api.APIID),
              })
            }
          />
        </Flex>
      ),
    });
  }

  return (
    <Flex vertical gap="middle" data-testid="block-apis">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('intro')}
      </Typography.Paragraph>
      {token.data && !token.data.IsSet && (
        <Alert
          type="warning"
          showIcon
          title={t('noToken')}
          action={
            <Button size="small" onClick={onShowToken}>
              {t('goToToken')}
            </Button>
          }
          data-testid="no-token"
        />
      )}
      {canEdit && (
        <Flex>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ open: true })}
            data-testid="add-api"
          >
            {t('add')}
          </Button>
        </Flex>
      )}
      {apis.isError && <QueryError error={apis.error} onRetry={() => void apis.refetch()} />}
      <Table<BlockApi>
        columns={columns}
        rowKey="APIID"
        dataSource={apis.data ?? []}
        loading={apis.isPending}
        pagination={false}
        size="middle"
        scroll={{ x: 'max-content' }}
      />
      {canEdit && (
        <BlockApiFormModal
          open={editing.open}
          api={editing.api}
          onClose={() => setEditing((current) => ({ ...current, open: false }))}
        />
      )}
    </Flex>
  );
}
