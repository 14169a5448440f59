import { useTranslation } from 'react-i18next';
import { EmptyState } from './EmptyState';
import { PageFrame } from './PageFrame';

/** A screen a later issue fills: the page frame with its title and the shared empty state. */
export function ScreenPlaceholder() {
  const { t } = useTranslation();
  return (
    <PageFrame>
      <EmptyState>
        <span style={{ opacity: 0.65 }}>{t('placeholder.pending')}</span>
      </EmptyState>
    </PageFrame>
  );
}
