import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/Root';
import { createRouter } from './app/router';
import { FALLBACK_LANGUAGE, i18n, isSelectableLanguage, switchLanguage } from './i18n';
import { loadAntdLocale } from './i18n/antd-locale';
import { runtimeConfig } from './lib/runtime-config';
import { makeScrollRegionsFocusable } from './lib/scroll-regions';
import { useGlobalStore } from './store/global-store';
import './styles.css';
import { socketClient } from './ws/socket-client';
import { startVersionWatch } from './ws/VersionUpdate';

document.title = runtimeConfig.title;

async function start(): Promise<void> {
  // The language kept on this device, until the user's own preference arrives with their data.
  const stored = useGlobalStore.getState().language;
  const initial = isSelectableLanguage(stored) ? stored : FALLBACK_LANGUAGE;
  const switched = await switchLanguage(initial).catch(() => false);
  if (!switched && initial !== FALLBACK_LANGUAGE) await switchLanguage(FALLBACK_LANGUAGE).catch(() => false);

  const locale = await loadAntdLocale(i18n.language);
  startVersionWatch();
  makeScrollRegionsFocusable();
  socketClient.start();

  const element = document.getElementById('root');
  if (!element) throw new Error('#root is missing from index.html');
  createRoot(element).render(
    <StrictMode>
      <Root router={createRouter()} locale={locale} />
    </StrictMode>,
  );
}

void start();
