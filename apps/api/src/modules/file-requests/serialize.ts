import { z } from 'zod';
import { namedRef, timestampsShape } from '../../wire.js';

export const requestSchema = z.object({
  id: z.string(),
  organization_id: z.string(),
  name: z.string(),
  description: z.string(),
  ...timestampsShape,
  created_by_user: namedRef.nullable(),
  projects: z.array(
    z.object({ id: z.string(), name: z.string(), organization_name: z.string(), pending: z.boolean() }),
  ),
});
