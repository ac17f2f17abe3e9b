import { z } from 'zod';
import { SHORT_CODE_MAX_LENGTH } from './constants.js';
import {
  emailSchema,
  optionalText,
  organizationRoleSchema,
  passwordSchema,
  recordIdSchema,
  requiredText,
} from './schemas.js';

const optionalEmail = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null))
  .pipe(z.string().email('is invalid').max(254).nullable());

const optionalUrl = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(
    z
      .string()
      .url('is invalid')
      .refine((u) => /^https?:\/\//i.test(u), 'must start with http:// or https://')
      .nullable(),
  );

/** The organization form (spec §5): name and role required, short code at most 9 characters. */
export const organizationFormSchema = z.object({
  name: requiredText(200),
  role: organizationRoleSchema,
  short_code: optionalText(SHORT_CODE_MAX_LENGTH).refine(
    (v) => v === null || v.length <= SHORT_CODE_MAX_LENGTH,
    `is too long (maximum is ${SHORT_CODE_MAX_LENGTH} characters)`,
  ),
  contact_name: optionalText(200),
  contact_phone: optionalText(50),
  contact_email: optionalEmail,
  logo_url: optionalUrl,
  support_url: optionalUrl,
});
export type OrganizationForm = z.input<typeof organizationFormSchema>;

/** Updates change any subset of the form, never the role. */
export const organizationUpdateSchema = organizationFormSchema.omit({ role: true }).partial();

/** New user (spec §5): name, e-mail and organization required. */
export const newUserFormSchema = z.object({
  name: requiredText(200),
  email: z.string().trim().min(1, "can't be blank").pipe(emailSchema),
  organization_id: recordIdSchema,
  enable_for_all_apps: z.boolean().optional(),
});
export type NewUserForm = z.input<typeof newUserFormSchema>;

export const acceptInvitationSchema = z.object({ password: passwordSchema });

/** The accounts list filters of All Users (spec §2). */
export const SCHOOL_PORTAL_PERMISSION_FILTERS = ['allowed', 'not-allowed'] as const;
export const INVITE_STATUS_FILTERS = ['accepted', 'sent', 'not-sent'] as const;
export type InviteStatus = (typeof INVITE_STATUS_FILTERS)[number];

export function inviteStatusOf(user: {
  invitation_sent_at: string | null;
  invitation_accepted_at: string | null;
}): InviteStatus {
  if (user.invitation_accepted_at) return 'accepted';
  if (user.invitation_sent_at) return 'sent';
  return 'not-sent';
}

/** Support links and contacts apply to this app when their slug is blank (all apps) or ours (spec §3). */
export const appliesToApp = (item: { plic_app_slug: string | null }, slug: string) =>
  !item.plic_app_slug || item.plic_app_slug === slug;
