import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '../lib/chunk-error';

/** The last line of defence of the router: a readable message and a reload button. */
export function RouteErrorFallback() {
  const error = useRouteError();
  const { t } = useTranslation();
  const message = isChunkLoadError(error)
    ? t('error.chunk')
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <div className="pb-center-page" role="alert">
      <h1 style={{ fontSize: 20, margin: 0 }}>{t('error.title')}</h1>
      <p>{message}</p>
      <Button type="primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </div>
  );
}
