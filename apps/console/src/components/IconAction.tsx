import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

/** A row action: an icon button with its name as tooltip and accessible label ("Delete m-1"). */
export function IconAction(props: {
  icon: ReactNode;
  /** What it does, shown as the tooltip. */
  title: string;
  /** What it acts on, added to the accessible label. */
  target: string;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={props.title}>
      <Button
        type="text"
        size="small"
        danger={props.danger}
        icon={props.icon}
        aria-label={`${props.title} ${props.target}`}
        onClick={props.onClick}
      />
    </Tooltip>
  );
}
