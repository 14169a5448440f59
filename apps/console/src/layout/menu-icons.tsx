import {
  AlertOutlined,
  AuditOutlined,
  DashboardOutlined,
  FileSearchOutlined,
  FundOutlined,
  LinkOutlined,
  NotificationOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIcon } from '../routes/route-types';

export const MENU_ICONS: Record<MenuIcon, ReactNode> = {
  dashboard: <DashboardOutlined />,
  fund: <FundOutlined />,
  monitor: <AlertOutlined />,
  search: <FileSearchOutlined />,
  notification: <NotificationOutlined />,
  setting: <SettingOutlined />,
  link: <LinkOutlined />,
  reconcile: <AuditOutlined />,
};
