import type { User } from '@school-portal/domain';
import type { AppContext } from '../../context.js';
import type { Access } from '../access/visibility.js';
import { usersWithAccountIn } from './directory.js';
import { serializeUser } from './serialize.js';
import { chooseAccount, loadAccounts, loadActiveSlugs, type Session } from './session.js';

/** The external admin link of a user, when configured and the viewer may open it. */
export const adminUrlFor = (ctx: AppContext, userId: string, allowed: boolean) =>
  allowed && ctx.config.web.adminUserUrl ? ctx.config.web.adminUserUrl.replace('{id}', userId) : null;

/**
 * Another user as the viewer may see them: only if they hold an account in an organization the viewer
 * can see, and then only those accounts; accounts elsewhere don't leak, not even by id. Null otherwise.
 */
export async function loadUserForViewer(
  ctx: AppContext,
  access: Access,
  viewer: Session,
  userId: string,
  includeAccounts = true,
): Promise<User | null> {
  if (!viewer.account) return null;
  const visible = access.organizationIds();
  const user = await usersWithAccountIn(ctx.db, visible)
    .select([
      'u.id',
      'u.name',
      'u.email',
      'u.roles',
      'u.enable_plic_app_whitelist',
      'u.plic_app_whitelist_slugs',
      'u.default_account_id',
      'u.current_account_id',
      'u.invitation_sent_at',
      'u.invitation_accepted_at',
      'u.created_at',
    ])
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!user) return null;
  const [allAccounts, activeSlugs, visibleRows] = await Promise.all([
    loadAccounts(ctx.db, [user.id]),
    loadActiveSlugs(ctx.db, user.id),
    visible.execute(),
  ]);
  const visibleIds = new Set(visibleRows.map((r) => r.id));
  const accounts = allAccounts.filter((a) => visibleIds.has(a.organization_id));
  const shownIds = new Set(accounts.map((a) => a.id));
  const shownUser = {
    ...user,
    default_account_id: shownIds.has(user.default_account_id ?? '') ? user.default_account_id : null,
    current_account_id: shownIds.has(user.current_account_id ?? '') ? user.current_account_id : null,
  };
  const chosen = chooseAccount(shownUser, accounts, undefined);
  return serializeUser(
    {
      user: shownUser,
      accounts,
      account: chosen === 'not_owned' ? null : chosen,
      activeSlugs,
      adminUrl: adminUrlFor(ctx, user.id, viewer.abilities.canOpenAdminUserUrl),
    },
    includeAccounts,
  );
}
