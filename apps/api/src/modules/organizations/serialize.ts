import { z } from 'zod';
import { isoTimestamps, recordSchema } from '../../wire.js';
import type { OrganizationRow } from './service.js';

export const supportLinkSchema = z.object({
  id: z.string(),
  label: z.string(),
  external_url: z.string(),
  plic_app_slug: z.string(),
});
export const supportContactSchema = z.object({
  id: z.string(),
  label: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone_number: z.string().nullable(),
  phone_number_formatted: z.string().nullable(),
  plic_app_slug: z.string(),
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
