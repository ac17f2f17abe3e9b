import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../api/queryClient';
import { NotificationsProvider } from '../components/Notifications';
import i18n from './i18n';
import { theme } from './theme';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <NotificationsProvider>{children}</NotificationsProvider>
        </ThemeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
