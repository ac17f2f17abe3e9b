import { createHash, randomBytes } from 'node:crypto';

/** A new secret: 256 random bits, base64url. Only its hash is stored. */
export function newSecret(): { secret: string; hash: Buffer } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
