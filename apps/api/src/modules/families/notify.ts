import type { FieldRef } from '@school-portal/domain';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { MailDeps } from '../../jobs/deps.js';
import { queueEmail } from '../../mail/outbox.js';
import { templateFieldReads } from '../project-templates/queries.js';
import { photosReadyMessage } from './messages.js';
import { newUnsubscribeLinks } from './unsubscribe-links.js';

/**
 * "Photos are ready": when a batch is applied, one e-mail per guardian and child to the guardians of its
 * subjects who asked for it (notify_photos_ready), in the applying transaction: the child's first name (a
 * field the school shows customers) and a link to the family's gallery, nothing else; each with its own
 * unsubscribe link, in its foot and as one-click List-Unsubscribe headers.
 */
export async function notifyPhotosReady(
  db: Transaction<Database>,
  deps: MailDeps,
  subjectIds: string[],
): Promise<number> {
  if (subjectIds.length === 0) return 0;
  const rows = await db
    .selectFrom('guardian_links as gl')
    .innerJoin('guardians as g', 'g.id', 'gl.guardian_id')
    .innerJoin('subjects as s', 's.id', 'gl.subject_id')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .select([
      'g.id as guardian_id',
      'g.email',
      's.id as subject_id',
      's.properties',
      templateFieldReads('p.project_template_id').refs.as('fields'),
    ])
    .where('gl.subject_id', 'in', [...new Set(subjectIds)])
    .where('g.notify_photos_ready', '=', true)
    .where('p.deleting_at', 'is', null)
    .execute();
  const publicUrl = deps.config.publicUrl;
  for (const row of rows) {
    const field = (row.fields as FieldRef[]).find(
      (f) => f.field_key === 'first_name' && f.visible_to_customers,
    );
    const firstName = (field && row.properties[field.id]?.trim()) || 'Your child';
    const unsubscribe = await newUnsubscribeLinks(db, publicUrl, row.guardian_id);
    await queueEmail(
      db,
      deps.enqueueEmail,
      photosReadyMessage({
        to: row.email,
        firstName,
        link: `${publicUrl}/family?child=${row.subject_id}`,
        unsubscribeUrl: unsubscribe.page,
        oneClickUnsubscribeUrl: unsubscribe.oneClick,
      }),
    );
  }
  return rows.length;
}
