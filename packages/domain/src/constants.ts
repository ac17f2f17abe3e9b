/** This application's slug in the licensing system (X-App-Slug, plic_app_id). */
export const APP_SLUG = 'school-portal';
/** Application version (spec §9); served at /version.txt. */
export const APP_VERSION = '1.69.4';
/** The companion app whose enablement gates subject uploads and the companion link. */
export const COMPANION_APP_SLUG = 'plic-io';
/** The special user role that may always switch accounts. */
export const SHAPESHIFTER_ROLE = 'shapeshifter';
/** The user role of studio and lab managers. */
export const MANAGER_ROLE = 'manager';

export const PAGE_SIZES = { subjects: 12, accounts: 10, organizations: 10 } as const;
export const MULTI_PAGE_SIZES = {
  accounts: 500,
  organizations: 500,
  users: 500,
  subjects: 500,
  projects: 1000,
} as const;
export const MULTI_PAGE_CONCURRENCY = 2;
export const SHORT_CODE_MAX_LENGTH = 9;
export const POLLING_INTERVAL_MS = 5000;
export const EXPORT_POLLING_INTERVAL_MS = 2000;
export const maxPollingCycles = (intervalMs: number) => Math.floor(28800 / intervalMs);

export const ORGANIZATION_ROLES = [
  'customer_role',
  'studio_role',
  'lab_role',
  'vertically_integrated_role',
] as const;
export type OrganizationRole = (typeof ORGANIZATION_ROLES)[number];

/** Routes on which the rebrand banner stays and cannot be dismissed (spec §9). */
export const REBRAND_PERSISTENT_ROUTES = [
  'sign-in',
  'reset-password.index',
  'reset-password.sent',
  'not-licensed',
  'switch-accounts',
] as const;
