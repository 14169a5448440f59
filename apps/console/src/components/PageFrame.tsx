import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useRouteTitle } from '../hooks/useRouteTitle';

export interface PageFrameProps {
  /** Defaults to the route table's title of the current route. */
  title?: ReactNode;
  /** A line under the title. */
  description?: ReactNode;
  /** Buttons and filters at the right of the title (wraps under it on narrow screens). */
  toolbar?: ReactNode;
  children?: ReactNode;
}

/** The frame of every screen: title (also the browser tab's), optional toolbar, then the content. */
export function PageFrame({ title, description, toolbar, children }: PageFrameProps) {
  const routeTitle = useRouteTitle();
  const { token } = theme.useToken();
  useDocumentTitle(typeof title === 'string' ? title : routeTitle);
  return (
    <section className="pb-page-frame" aria-labelledby="page-title">
      <Flex justify="space-between" align="flex-start" wrap gap={token.marginSM} style={{ marginBottom: token.margin }}>
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={4} id="page-title" data-testid="page-title" style={{ margin: 0 }}>
            {title ?? routeTitle}
          </Typography.Title>
          {description && <Typography.Text type="secondary">{description}</Typography.Text>}
        </div>
        {toolbar && (
          <Flex wrap gap={token.marginXS} align="center">
            {toolbar}
          </Flex>
        )}
      </Flex>
      <div
        className="pb-page-content"
        style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: token.padding }}
      >
        {children}
      </div>
    </section>
  );
}
