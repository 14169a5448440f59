import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { PageFrame } from './PageFrame';

/** A development-only screen opened outside development: its title and a plain "not enabled here". */
export function NotEnabledScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState>
        <span style={{ opacity: 0.65 }} data-testid="not-enabled">
          {t('placeholder.notEnabled')}
        </span>
      </EmptyState>
    </PageFrame>
  );
}
