import { SafetyCertificateFilled } from '@ant-design/icons';
import { Card, Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { useRouteTitle } from '../hooks/useRouteTitle';
import { LanguageButtons } from './LanguageButtons';

/** The frame of a public screen (register, reset password): a centred card with the product and the route's title. */
export function PublicCard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const title = useRouteTitle();
  useDocumentTitle(title);
  return (
    <main className="pb-center-page" style={{ background: token.colorBgLayout }}>
      <Flex align="center" gap={10}>
        <SafetyCertificateFilled style={{ fontSize: 26, color: token.colorPrimary }} />
        <span style={{ fontSize: 18, fontWeight: 600, color: token.colorText }}>{t('appName')}</span>
      </Flex>
      <Card style={{ width: 'min(460px, 100%)' }} title={<span data-testid="page-title">{title}</span>}>
        {children}
      </Card>
      <LanguageButtons testId="public-languages" />
    </main>
  );
}
