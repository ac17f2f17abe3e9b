import { type User, userSchema } from '@school-portal/domain';

/**
 * Checks GET /api/users/me against the shared schema. Loaded on demand, so zod stays out of the
 * first chunk.
 */
export function parseUser(raw: unknown): User {
  const result = userSchema.safeParse(raw);
  if (result.success) return result.data;
  // Keep working with what the server sent, but make the contract drift visible.
  console.warn('GET /api/users/me does not match userSchema', result.error.issues);
  return raw as User;
}
