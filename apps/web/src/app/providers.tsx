import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { queryClient } from '@/lib/query-client';
import { useTheme } from '@/lib/theme';
import { AppToaster } from '@/lib/toast';

/** The app's providers; the server renderer passes each request a query client of its own. */
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  const theme = useTheme();
  return (
    <QueryClientProvider client={client}>
      {children}
      <AppToaster theme={theme} position="bottom-center" richColors closeButton />
    </QueryClientProvider>
  );
}
