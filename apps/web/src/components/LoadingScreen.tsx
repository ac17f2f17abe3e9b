import Backdrop from '@mui/material/Backdrop';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

interface LoadingScreenProps {
  /** What is happening, read out by screen readers and shown under the spinner. */
  label?: string;
  /** Cover the whole window (sign-in, sign-out) instead of filling the content area. */
  overlay?: boolean;
}

export function LoadingScreen({ label, overlay = false }: LoadingScreenProps) {
  const { t } = useTranslation();
  const text = label ?? t('app.loading');
  const content = (
    <Box
      role="status"
      aria-live="polite"
      data-testid="loading"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}
    >
      <CircularProgress aria-hidden="true" color={overlay ? 'inherit' : 'primary'} />
      <Typography>{text}</Typography>
    </Box>
  );
  if (overlay) {
    return (
      <Backdrop open sx={(theme) => ({ color: '#fff', zIndex: theme.zIndex.modal + 1 })}>
        {content}
      </Backdrop>
    );
  }
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '40vh', p: 4 }}>
      {content}
    </Box>
  );
}
