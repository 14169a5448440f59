import type { ReconcileStatus } from '@pitboss/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ReconcileStatus, string> = { '0': 'blue', '1': 'green', '2': 'orange', '3': 'default' };

/** A reconciliation status ('0' pending, '1' completed, '2' waiting confirm, '3' void). */
export function StatusTag({ status, testId = 'workflow-status' }: { status: ReconcileStatus; testId?: string }) {
  const { t } = useTranslation('reconcile');
  return (
    <Tag color={COLORS[status]} style={{ marginInlineEnd: 0 }} data-testid={testId}>
      {t(`status.${status}`)}
    </Tag>
  );
}
