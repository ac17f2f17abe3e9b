import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

export function EmptyState({ message }: { message: string }) {
  return (
    <Paper variant="outlined" data-testid="empty-state" sx={{ p: 4, my: 2, textAlign: 'center' }}>
      <Typography color="text.secondary">{message}</Typography>
    </Paper>
  );
}
