import { Card } from 'antd';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useRouteTitle } from '../hooks/useRouteTitle';
import { EmptyState } from './EmptyState';

/** A public screen (register, reset password) a later issue fills: a centred card with its title. */
export function PublicScreenPlaceholder() {
  const title = useRouteTitle();
  useDocumentTitle(title);
  return (
    <div className="pb-center-page">
      <Card title={<span data-testid="page-title">{title}</span>} style={{ width: 'min(440px, 100%)' }}>
        <EmptyState />
      </Card>
    </div>
  );
}
