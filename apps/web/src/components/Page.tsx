import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import type { Breakpoint } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { EmptyState } from './EmptyState';

/** The one page width of lists and their forms (the title must not jump between them). */
export const PAGE_WIDTH: Breakpoint = 'lg';

interface PageProps {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  /**
   * How wide the content may grow (a form reads better narrower). The page itself, and so the title
   * and sub-navigation, always has PAGE_WIDTH.
   */
  maxWidth?: Breakpoint;
}

/** A content page inside the app shell: one h1, optional actions, then the content. */
export function Page({ title, actions, children, maxWidth = PAGE_WIDTH }: PageProps) {
  return (
    <Container maxWidth={PAGE_WIDTH} sx={{ py: { xs: 2, sm: 3 } }} data-testid="page">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 2,
          mb: 2,
          flexWrap: 'wrap',
        }}
      >
        <Typography variant="h1" component="h1">
          {title}
        </Typography>
        {actions}
      </Box>
      {maxWidth === PAGE_WIDTH ? (
        children
      ) : (
        <Box sx={(theme) => ({ maxWidth: theme.breakpoints.values[maxWidth] })}>{children}</Box>
      )}
    </Container>
  );
}

/** A page that only says something instead of its content (the caller may not use the screen, say). */
export function MessagePage({ title, message }: { title: ReactNode; message: string }) {
  return (
    <Page title={title}>
      <EmptyState message={message} />
    </Page>
  );
}
