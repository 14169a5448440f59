import { PlusOutlined } from '@ant-design/icons';
import type { UserGroup } from '@pitboss/contract';
import { App, Button, Flex, Form, Input, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal';
import { QueryError } from '../../components/QueryError';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { formatDateTime } from '../../lib/format';
import { useDeleteGroupMutation } from './queries/use-delete-group-mutation';
import { useListGroupsQuery } from './queries/use-list-groups-query';
import { useSaveGroupMutation } from './queries/use-save-group-mutation';

interface GroupForm {
  Name: string;
  Memo: string;
}

/** The company's user groups: create, rename, change the memo, delete; "show users" filters the user list. */
export function GroupsTab({ onShowUsers }: { onShowUsers: (groupId: number) => void }) {
  const { t } = useTranslation('users');
  const { message } = App.useApp();
  const groups = useListGroupsQuery();
  const save = useSaveGroupMutation();
  const remove = useDeleteGroupMutation();
  const confirmDelete = useConfirmDelete();
  const [form] = Form.useForm<GroupForm>();
  // undefined: closed; null: a new group; a group: editing it.
  const [editing, setEditing] = useState<UserGroup | null>();

  const submit = async (values: GroupForm) => {
    await save.mutateAsync({ GroupID: editing?.GroupID, Name: values.Name.trim(), Memo: values.Memo?.trim() ?? '' });
    void message.success(t('groups.saved', { name: values.Name.trim() }));
    setEditing(undefined);
  };

  const columns: ColumnsType<UserGroup> = [
    {
      title: t('groups.columns.name'),
      dataIndex: 'Name',
      render: (v: string) => <Typography.Text strong>{v}</Typography.Text>,
    },
    { title: t('groups.columns.memo'), dataIndex: 'Memo' },
    {
      title: t('groups.columns.users'),
      dataIndex: 'UserCount',
      render: (count: number, g) => (
        <Button
          type="link"
          size="small"
          title={t('groups.showUsers')}
          disabled={count === 0}
          onClick={() => onShowUsers(g.GroupID)}
        >
          {count}
        </Button>
      ),
    },
    { title: t('groups.columns.created'), dataIndex: 'CreateDate', render: (v: string) => formatDateTime(v) },
    {
      title: t('groups.columns.actions'),
      key: 'actions',
      render: (_: unknown, g) => (
        <Flex gap={4}>
          <Button size="small" type="link" onClick={() => setEditing(g)}>
            {t('actions.edit')}
          </Button>
          <Button
            size="small"
            type="link"
            danger
            onClick={() =>
              confirmDelete({
                what: t('groups.deleteWhat', { name: g.Name }),
                details: t('groups.deleteNote', { count: g.UserCount }),
                onConfirm: () => remove.mutateAsync(g.GroupID),
              })
            }
          >
            {t('actions.delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <Flex vertical gap="small">
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Text type="secondary">{t('groups.description')}</Typography.Text>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('groups.add')}
        </Button>
      </Flex>
      {groups.isError && <QueryError error={groups.error} onRetry={() => void groups.refetch()} />}
      <Table<UserGroup>
        rowKey="GroupID"
        columns={columns}
        dataSource={groups.data ?? []}
        loading={groups.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
      <FormModal<GroupForm>
        open={editing !== undefined}
        title={editing ? t('groups.editTitle', { name: editing.Name }) : t('groups.createTitle')}
        okText={t('actions.save')}
        form={form}
        onSubmit={submit}
        onClose={() => setEditing(undefined)}
        initialValues={editing ? { Name: editing.Name, Memo: editing.Memo } : { Name: '', Memo: '' }}
        testId="group-form"
      >
        <Form.Item name="Name" label={t('groups.fields.name')} rules={[{ required: true, whitespace: true, max: 64 }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item name="Memo" label={t('groups.fields.memo')} rules={[{ max: 500 }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
