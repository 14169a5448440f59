import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router';
import { isApiError } from '../lib/api-error';
import { isChunkLoadError } from '../lib/chunk-error';

/** A screen that failed inside the layout: the menu stays, the error says what happened. */
export function ScreenError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const chunk = isChunkLoadError(error);
  const message = chunk
    ? t('error.chunk')
    : isRouteErrorResponse(error)
      ? `${error.status} ${error.statusText}`
      : isApiError(error) || error instanceof Error
        ? error.message
        : String(error);
  return (
    <Result
      status="error"
      title={t('error.title')}
      subTitle={message}
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>
          {t('actions.reload')}
        </Button>,
        <Button key="home" onClick={() => navigate('/dashboard')}>
          {t('actions.back')}
        </Button>,
      ]}
    />
  );
}
