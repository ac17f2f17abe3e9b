import Button from '@mui/material/Button';
import type { User } from '@school-portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser, useDeleteUser } from '../../api/users';
import { useCan } from '../../app/can';
import { routePath } from '../../app/routes';
import { ConfirmDeleteDialog } from '../../components/ConfirmDeleteDialog';
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
    remove.reset();
    setOpen(false);
  };

  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {t('user-delete.action')}
      </Button>
      <ConfirmDeleteDialog
        open={open}
        title={t('user-delete.title')}
        text={t('user-delete.text', { name })}
        cancelLabel={t('user-delete.cancel')}
        confirmLabel={t('user-delete.confirm')}
        pending={remove.isPending}
        error={remove.isError ? t('user-delete.failed') : null}
        onConfirm={() => remove.mutate()}
        onClose={close}
      />
    </>
  );
}
