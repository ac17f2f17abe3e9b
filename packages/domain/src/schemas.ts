import { z } from 'zod';
import { ORGANIZATION_ROLES } from './constants.js';

/** Password rules (SECURITY.md): 8 to 128 characters, no composition rules, not a common password. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'qwertyuiop',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'abc12345',
  '11111111',
  '00000000',
  'qwerty123',
  'letmein1',
  'superman',
  'trustno1',
  'passw0rd',
  'starwars',
  'whatever',
  'school123',
  'changeme',
  'administrator',
  'admin123',
  'monkey123',
  'dragon123',
  '1q2w3e4r',
]);

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `is too short (minimum is ${PASSWORD_MIN_LENGTH} characters)`)
  .max(PASSWORD_MAX_LENGTH, `is too long (maximum is ${PASSWORD_MAX_LENGTH} characters)`)
  .refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), 'is too common');

/** A record id in a body: digits, as text or a number; always text after parsing (ids are strings in JSON). */
export const recordIdSchema = z
  .union([z.string().regex(/^\d{1,18}$/, 'is invalid'), z.number().int().positive()])
  .transform(String);

/**
 * Calendar dates and instants as ISO 8601 text, limited to years 1900 through 9999: PostgreSQL has no
 * year 0, and a year before 1 comes back as BC text that no client reads. Every date in a schema
 * uses these, so no route hands the database a date it cannot store.
 */
export const MIN_DATE_YEAR = 1900;
export const MAX_DATE_YEAR = 9999;
const yearInRange = (value: string) => {
  const year = Number(value.slice(0, 4));
  return year >= MIN_DATE_YEAR && year <= MAX_DATE_YEAR;
};
export const isoDateSchema = z.iso.date('is invalid').refine(yearInRange, 'is out of range');
export const isoDateTimeSchema = z.iso
  .datetime({ offset: true, message: 'is invalid' })
  .refine((v) => yearInRange(v) && Number.isFinite(Date.parse(v)), 'is out of range');

/** Required text of at most `max` characters, trimmed: blank is refused. */
export const requiredText = (max: number) =>
  z.string().trim().min(1, "can't be blank").max(max, `is too long (maximum is ${max} characters)`);

/** Optional text of at most `max` characters, trimmed: blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `is too long (maximum is ${max} characters)`)
    .nullish()
    .transform((v) => (v ? v : null));

export const emailSchema = z.string().trim().toLowerCase().email('is invalid').max(254);

export const signInFormSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(1),
});
export type SignInForm = z.infer<typeof signInFormSchema>;

export const resetPasswordRequestSchema = z.object({
  email: z.string().trim().min(1, "can't be blank").max(254),
  plic_app_id: z.string().max(64).optional(),
});

export const resetPasswordSchema = z.object({ password: passwordSchema });

export const organizationRoleSchema = z.enum(ORGANIZATION_ROLES);

export const accountOrganizationSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  role: organizationRoleSchema,
  short_code: z.string().nullable(),
  parent_organization_id: z.string().nullable(),
  parent_organization_name: z.string().nullable(),
});

export const accountSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  organization_id: z.string(),
  created_at: z.string(),
  managed_organization_ids: z.array(z.string()),
  enabled_for_school_portal: z.boolean(),
  enabled_for_plic_io: z.boolean(),
  enable_plic_app_whitelist: z.boolean(),
  plic_app_whitelist_slugs: z.array(z.string()),
  is_default: z.boolean(),
  is_current: z.boolean(),
  organization: accountOrganizationSchema,
});
export type Account = z.infer<typeof accountSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  organization_id: z.string().nullable(),
  organization_name: z.string().nullable(),
  roles: z.array(z.string()),
  current_account_id: z.string().nullable(),
  default_account_id: z.string().nullable(),
  accounts_count: z.number().int(),
  active_plic_app_slugs: z.array(z.string()),
  manages_own_organization: z.boolean(),
  managed_sub_organization_ids: z.array(z.string()),
  enable_plic_app_whitelist: z.boolean(),
  plic_app_whitelist_slugs: z.array(z.string()),
  invitation_sent_at: z.string().nullable(),
  invitation_accepted_at: z.string().nullable(),
  invitation_sent: z.boolean(),
  invitation_accepted: z.boolean(),
  plic_user_admin_url: z.string().nullable(),
  created_at: z.string(),
  current_account: accountSchema.nullable(),
  accounts: z.array(accountSchema).optional(),
});
export type User = z.infer<typeof userSchema>;

export const switchAccountSchema = z.object({
  user: z.object({ current_account_id: z.union([z.string(), z.number()]).transform(String) }),
});

export const licenseSchema = z.object({
  id: z.string(),
  plic_app_slug: z.string(),
  active: z.boolean(),
  expires_at: z.string().nullable(),
});
export type License = z.infer<typeof licenseSchema>;
