import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

/** A query that failed: the translated error and a retry button. */
export function QueryError({ error, onRetry, title }: { error: Error; onRetry: () => void; title?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      title={title ?? t('table.loadFailed')}
      description={error.message}
      action={
        <Button size="small" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      }
      data-testid="table-error"
    />
  );
}
