import { z } from 'zod';
import { isoTimestamps, recordSchema } from '../../wire.js';
import type { OrganizationRow } from './service.js';

/** What an organization offers its children for one app (`plic_app_slug`): a support link or a contact. */
const supportEntrySchema = <S extends z.ZodRawShape>(fields: S) =>
  z.object({ id: z.string(), label: z.string(), ...fields, plic_app_slug: z.string() });

export const supportLinkSchema = supportEntrySchema({ external_url: z.string() });
export const supportContactSchema = supportEntrySchema({
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  phone_number_formatted: z.string().nullable(),
});

export const organizationSchema = recordSchema({
  name: z.string(),
  role: z.string(),
  short_code: z.string().nullable(),
  contact_name: z.string().nullable(),
  contact_phone: z.string().nullable(),
  contact_email: z.string().nullable(),
  logo_url: z.string().nullable(),
  logo_thumb_url: z.string().nullable(),
  support_url: z.string().nullable(),
  parent_organization_id: z.string().nullable(),
  parent_organization_name: z.string().nullable(),
  current_season_id: z.string().nullable(),
});

export const organizationDetailSchema = organizationSchema.extend({
  support_links: z.array(supportLinkSchema),
  support_contacts: z.array(supportContactSchema),
});

export const serializeOrganization = (o: OrganizationRow) => ({
  ...o,
  ...isoTimestamps(o),
});
