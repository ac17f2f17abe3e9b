import { APP_SLUG } from './constants.js';

export interface AppWhitelist {
  enable_plic_app_whitelist: boolean;
  plic_app_whitelist_slugs: string[];
}

/** An account is enabled for an app when it has no whitelist, or the app's slug is in it (spec §6). */
export function isAccountEnabledFor(account: AppWhitelist, slug: string = APP_SLUG): boolean {
  return !account.enable_plic_app_whitelist || account.plic_app_whitelist_slugs.includes(slug);
}

/** Licensed: the account is enabled for this app and the user's active slugs include it (spec §1, §6). */
export function isLicensed(
  user: { active_plic_app_slugs: string[] },
  account: AppWhitelist | null | undefined,
  slug: string = APP_SLUG,
): boolean {
  return !!account && isAccountEnabledFor(account, slug) && user.active_plic_app_slugs.includes(slug);
}

export type NotLicensedRedirect = 'home' | 'switch-accounts' | null;

/**
 * Where the not-licensed screen sends the user (spec §2): home when the current account is licensed;
 * switch-accounts when the current account is the default, is not enabled, and another account is;
 * otherwise stay.
 */
export function notLicensedRedirect(args: {
  user: { active_plic_app_slugs: string[] };
  currentAccount: (AppWhitelist & { id: string }) | null;
  defaultAccountId: string | null;
  accounts: (AppWhitelist & { id: string })[];
}): NotLicensedRedirect {
  const { user, currentAccount, defaultAccountId, accounts } = args;
  if (currentAccount && isLicensed(user, currentAccount)) return 'home';
  if (
    currentAccount &&
    currentAccount.id === defaultAccountId &&
    !isAccountEnabledFor(currentAccount) &&
    accounts.some((a) => a.id !== currentAccount.id && isAccountEnabledFor(a))
  ) {
    return 'switch-accounts';
  }
  return null;
}
