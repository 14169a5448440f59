import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmDelete } from '../hooks/useConfirmDelete';
import { IconAction } from './IconAction';

/** A row's actions: any of its own (`children`) first, then edit, then delete after the confirm dialog. */
export function EditDeleteActions(props: {
  /** The row's name, in the accessible labels and the confirm dialog. */
  target: string;
  onEdit: () => void;
  onDelete: () => Promise<unknown>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const confirmDelete = useConfirmDelete();
  return (
    <Flex gap={4}>
      {props.children}
      <IconAction icon={<EditOutlined />} title={t('actions.edit')} target={props.target} onClick={props.onEdit} />
      <IconAction
        icon={<DeleteOutlined />}
        title={t('actions.delete')}
        target={props.target}
        danger
        onClick={() => confirmDelete({ what: props.target, onConfirm: props.onDelete })}
      />
    </Flex>
  );
}
