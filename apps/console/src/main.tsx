import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './i18n';
import { runtimeConfig } from './lib/runtime-config';

document.title = runtimeConfig.title;

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 0, gcTime: 0, retry: false, refetchOnWindowFocus: false } },
});

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <ConfigProvider theme={{ token: { colorPrimary: '#1677ff', colorError: '#ff4d4f' } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
