import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Level } from '@pitboss/contract';
import { Button, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { IconAction } from '../../components/IconAction';
import { QueryError } from '../../components/QueryError';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';

export interface SettingRow {
  EventID: number;
  EventName: string;
  TypeName: string;
  Level: Level;
  /** What the alerts go to, as shown (addresses or API names). */
  Labels: string[];
}

export interface SettingsTableProps {
  intro: string;
  valuesTitle: string;
  rows: SettingRow[] | undefined;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onAdd: () => void;
  onEdit: (row: SettingRow) => void;
  onDelete: (rows: SettingRow[]) => Promise<unknown>;
  testId: string;
}

/** One row per event and level with what its alerts go to; add, edit and delete (admin and editor). */
export function SettingsTable(props: SettingsTableProps) {
  const { t } = useTranslation(['notifications', 'lists']);
  const confirmDelete = useConfirmDelete();
  const columns: ColumnsType<SettingRow> = [
    {
      title: t('columns.EventName'),
      dataIndex: 'EventName',
      sorter: (a, b) => a.EventName.localeCompare(b.EventName),
      render: (name: string, row) => `${name} (#${row.EventID})`,
    },
    { title: t('columns.TypeName'), dataIndex: 'TypeName', sorter: (a, b) => a.TypeName.localeCompare(b.TypeName) },
    {
      title: t('columns.Level'),
      dataIndex: 'Level',
      sorter: (a, b) => a.Level - b.Level,
      render: (level: number) => t('level', { level }),
    },
    {
      title: props.valuesTitle,
      dataIndex: 'Labels',
      render: (labels: string[]) => (
        <Flex wrap gap={4}>
          {labels.map((label) => (
            <Tag key={label}>{label}</Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('lists:lists.actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <Flex gap={4}>
          <IconAction
            icon={<EditOutlined />}
            title={t('common:actions.edit')}
            target={`${row.EventName} ${t('level', { level: row.Level })}`}
            onClick={() => props.onEdit(row)}
          />
          <IconAction
            icon={<DeleteOutlined />}
            title={t('common:actions.delete')}
            target={`${row.EventName} ${t('level', { level: row.Level })}`}
            danger
            onClick={() =>
              confirmDelete({
                what: `${row.EventName} · ${t('level', { level: row.Level })}`,
                onConfirm: () => props.onDelete([row]),
              })
            }
          />
        </Flex>
      ),
    },
  ];
  return (
    <Flex vertical gap="middle" data-testid={props.testId}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {props.intro}
      </Typography.Paragraph>
      <Flex>
        <Button type="primary" icon={<PlusOutlined />} onClick={props.onAdd} data-testid="add-setting">
          {t('add')}
        </Button>
      </Flex>
      {props.error && <QueryError error={props.error} onRetry={props.onRetry} />}
      <Table<SettingRow>
        columns={columns}
        rowKey={(row) => `${row.EventID}/${row.Level}`}
        dataSource={props.rows ?? []}
        loading={props.loading}
        pagination={{ pageSize: 25, hideOnSinglePage: true }}
        locale={{ emptyText: <EmptyState description={t('empty')} /> }}
        size="middle"
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
