import Box from '@mui/material/Box';
import Container, { type ContainerProps } from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageProps {
  title: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  maxWidth?: ContainerProps['maxWidth'];
}

/** A content page inside the app shell: one h1, optional actions, then the content. */
export function Page({ title, actions, children, maxWidth = 'lg' }: PageProps) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2, sm: 3 } }}>
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
      {children}
    </Container>
  );
}
