import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';

/**
 * What screens need beyond the root: TanStack Query and Ant Design's App (message, notification and
 * modal hooks). It wraps the layout and the public screens but not the root: the login page calls the
 * API directly and stays within its size budget without them.
 */
export function ScreenProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AntApp>{children}</AntApp>
    </QueryClientProvider>
  );
}
