import { sql } from 'kysely';
import type { AppContext } from '../../context.js';

/** Whether the database and the job queue answer. */
export async function isReady(ctx: AppContext): Promise<boolean> {
  try {
    await sql`SELECT 1`.execute(ctx.db);
    await ctx.queue.boss.getQueue('email.send');
    return true;
  } catch {
    return false;
  }
}
