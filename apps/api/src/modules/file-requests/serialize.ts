import { z } from 'zod';

export const requestSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  description: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by_user: z.object({ id: z.string(), name: z.string() }).nullable(),
  projects: z.array(
    z.object({ id: z.string(), name: z.string(), organization_name: z.string(), pending: z.boolean() }),
  ),
});
