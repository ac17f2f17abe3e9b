import type { Db } from '../../db/database.js';
import { newSecret } from '../auth/tokens.js';

/**
 * A new unsubscribe token for a guardian (each message gets its own; any of them works) and its two
 * addresses: the page the message's foot links to (the token after `#`, never sent to a server by the
 * browser), and the API's address a mail provider POSTs to when the guardian presses its own Unsubscribe
 * button (RFC 8058; request logs drop query strings).
 */
export async function newUnsubscribeLinks(db: Db, publicUrl: string, guardianId: string) {
  const { secret, hash } = newSecret();
  await db
    .insertInto('guardian_unsubscribes')
    .values({ token_hash: hash, guardian_id: guardianId })
    .execute();
  return {
    page: `${publicUrl}/family/unsubscribe#token=${secret}`,
    oneClick: `${publicUrl}/api/family/unsubscribe/one-click?token=${encodeURIComponent(secret)}`,
  };
}
