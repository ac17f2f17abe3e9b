import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { newSecret } from '../auth/tokens.js';

/**
 * A guardian's family token: a Bearer token of its own kind (256 random bits, stored only as its sha-256),
 * kept in family_tokens, apart from the organization users' access_tokens. http/auth.ts resolves it to
 * this principal for the family routes only; every other route finds no user behind it (401), and the
 * family routes accept no other token (401).
 */
export interface GuardianPrincipal {
  guardian_id: string;
  token_id: string;
}

/** How long a guardian stays signed in. */
export const FAMILY_TOKEN_DAYS = 14;

export async function guardianOfToken(db: Db, hash: Buffer): Promise<GuardianPrincipal | undefined> {
  const row = await db
    .selectFrom('family_tokens')
    .select(['id', 'guardian_id'])
    .where('token_hash', '=', hash)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row ? { guardian_id: row.guardian_id, token_id: row.id } : undefined;
}

export async function issueFamilyToken(db: Db, guardianId: string) {
  const { secret, hash } = newSecret();
  const expiresAt = new Date(Date.now() + FAMILY_TOKEN_DAYS * 86_400_000);
  await db
    .insertInto('family_tokens')
    .values({ guardian_id: guardianId, token_hash: hash, expires_at: expiresAt })
    .execute();
  return { token: secret, expiresAt };
}
