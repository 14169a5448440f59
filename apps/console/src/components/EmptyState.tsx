import { Empty } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The shared empty placeholder (spec §2): the common "no data" text, or a more specific one. */
export function EmptyState({ description, children }: { description?: ReactNode; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description ?? t('noData')} data-testid="empty-state">
      {children}
    </Empty>
  );
}
