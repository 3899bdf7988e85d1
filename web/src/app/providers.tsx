import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@web/lib/i18n';
import { queryClient as defaultClient } from '@web/lib/query-client';

/**
 * Query cache and texts. When the language changes every query is refetched, since the server
 * answers names and descriptions in the language of the request.
 */
export function AppProviders({ children, client = defaultClient }: { children: ReactNode; client?: QueryClient }) {
  useEffect(() => {
    const onChange = () => void client.invalidateQueries();
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}
