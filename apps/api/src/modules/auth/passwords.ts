import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import pLimit from 'p-limit';

// scrypt with N=2^17, r=8, p=1 (SECURITY.md); memory needed is 128 * N * r = 128 MiB.
const N = 2 ** 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const MAX_MEMORY = 256 * 1024 * 1024;

// Each hash takes 128 MiB for up to a second: at most this many run at once in the process, the rest
// wait their turn, so a burst of sign-ins can't take the server's memory (SECURITY.md).
const hashing = pLimit(2);

/** How many password hashes may run at once (PASSWORD_HASH_CONCURRENCY); set once at start. */
export function setPasswordHashConcurrency(concurrency: number): void {
  hashing.concurrency = concurrency;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scrypt(
          password.normalize('NFKC'),
          salt,
          KEY_LENGTH,
          { N: n, r, p, maxmem: MAX_MEMORY },
          (err, key) => (err ? reject(err) : resolve(key)),
        ),
      ),
  );
}

/** Hashes a password as `scrypt$N$r$p$salt$hash` (base64url parts). */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
  return key.length === expected.length && timingSafeEqual(key, expected);
}

// Checked against when the e-mail is unknown, so that a wrong e-mail costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;
export async function verifyAgainstDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword(randomBytes(12).toString('hex'));
  await verifyPassword(password, await decoyHash);
  return false;
}
