import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { User } from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser, useDeleteUser } from '../../api/users';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { useNotify } from '../../components/Notifications';

/**
 * Delete User: for managers over the user's organizations, never oneself (the server decides
 * again: accounts the caller can't see make it 403). Asks first; then back to the users list.
 */
export function DeleteUserAction({ user }: { user: User }) {
  const { t } = useTranslation();
  const notify = useNotify();
  const navigate = useNavigate();
  const can = useCan();
  const { data: me } = useCurrentUser();
  const name = user.name || user.email;
  const remove = useDeleteUser(user.id, async () => {
    notify({ message: t('user-delete.done', { name }), severity: 'success' });
    // Rendered at once, so that the deleted user's page is not left to fetch them again.
    await navigate(routePath('users.index'), { replace: true, flushSync: true });
  });
  const [open, setOpen] = useState(false);
  const own = me?.current_account?.organization_id;
  const allowed = can('user.delete', {
    is_self: user.id === me?.id,
    placements: (user.accounts ?? []).map((a) => (a.organization_id === own ? 'own' : 'sub')),
  });
  if (!allowed) return null;

  const close = () => {
    if (remove.isPending) return;
    remove.reset();
    setOpen(false);
  };

  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('user-delete.action')}
      </Button>
      <Dialog
        open={open}
        onClose={close}
        aria-labelledby="delete-user-title"
        aria-describedby="delete-user-text"
      >
        <DialogTitle id="delete-user-title">{t('user-delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-user-text">{t('user-delete.text', { name })}</DialogContentText>
          {remove.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {t('user-delete.failed')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={remove.isPending}>
            {t('user-delete.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {t('user-delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
