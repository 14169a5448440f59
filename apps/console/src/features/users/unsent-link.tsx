import { Alert, type App, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format';

type Modal = ReturnType<typeof App.useApp>['modal'];

/**
 * When a link could not be mailed (no mail server is configured, or the user has no address), the
 * admin is shown the link with a copy button, to pass it on themselves; nothing pretends it was sent.
 */
export function showUnsentLink(
  modal: Modal,
  t: TFunction,
  link: { title: string; url: string; expires?: string | undefined },
): void {
  modal.info({
    title: link.title,
    width: 640,
    okText: t('common:actions.ok'),
    content: (
      <div data-testid="unsent-link">
        <Alert type="warning" showIcon title={t('users:unsentLink.notMailed')} style={{ marginBottom: 12 }} />
        <Typography.Paragraph
          copyable={{ text: link.url, tooltips: [t('users:unsentLink.copy'), t('users:unsentLink.copied')] }}
          code
          style={{ wordBreak: 'break-all' }}
          data-testid="unsent-link-url"
        >
          {link.url}
        </Typography.Paragraph>
        {link.expires ? (
          <Typography.Text type="secondary">
            {t('users:unsentLink.expires', { expires: formatDateTime(link.expires, { withZone: true }) })}
          </Typography.Text>
        ) : null}
      </div>
    ),
  });
}
