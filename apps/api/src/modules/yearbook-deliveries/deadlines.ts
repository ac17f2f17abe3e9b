import { yearbookPublisher } from '@school-portal/domain';
import { type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { JobDeps } from '../../jobs/deps.js';
import { defineSweep } from '../../jobs/queue.js';
import { queueEmail } from '../../mail/outbox.js';
import { yearbookDeadlineMessage } from '../../mail/templates.js';
import { selectOrganizations } from '../organizations/service.js';
import { verifiedPhotoCount } from '../photos/queries.js';
import { type ProjectRow, selectProjects } from '../projects/service.js';
import { countMatchingSubjects } from '../subjects/queries.js';
import { selectTargets, type TargetRow } from './queries.js';
import { daysBetween, todayUtc } from './serialize.js';

/**
 * What is still missing for a project's book, in counts (the e-mail and the dashboard name no one), by
 * counting queries rather than reading every subject: subjects in the book (yearbook opt-outs left out),
 * those without a verified photo, and those with several and no yearbook pose chosen.
 */
export async function missingFor(db: Db, target: Pick<TargetRow, 'project_id'>) {
  const photos = verifiedPhotoCount('s.id');
  const inBook = sql<SqlBool>`NOT s.yearbook_opt_out`;
  const [subjects, without_photo, pose_not_chosen] = await Promise.all([
    countMatchingSubjects(db, target.project_id, inBook),
    countMatchingSubjects(db, target.project_id, sql<SqlBool>`${inBook} AND ${photos} = 0`),
    countMatchingSubjects(
      db,
      target.project_id,
      sql<SqlBool>`${inBook} AND s.yearbook_photo_id IS NULL AND ${photos} > 1`,
    ),
  ]);
  return { without_photo, pose_not_chosen, subjects };
}

/** The next deadline (today or later) over a target list, with its target. */
function nextDeadline(targets: TargetRow[], today: string) {
  let best: { target: TargetRow; name: string; date: string } | null = null;
  for (const target of targets) {
    for (const d of target.deadlines) {
      if (d.date < today) continue;
      if (!best || d.date < best.date) best = { target, name: d.name, date: d.date };
    }
  }
  return best;
}

/** The project's next yearbook deadline and what is missing for it (the dashboard, the Coverage page). */
export async function deadlineStatus(db: Db, project: Pick<ProjectRow, 'id'>) {
  const today = todayUtc();
  const targets = await selectTargets(db).where('t.project_id', '=', project.id).execute();
  const next = nextDeadline(targets, today);
  if (!next) return null;
  const missing = await missingFor(db, next.target).catch(() => ({
    without_photo: 0,
    pose_not_chosen: 0,
    subjects: 0,
  }));
  return {
    yearbook_target_id: next.target.id,
    publisher_name: yearbookPublisher(next.target.publisher).name,
    name: next.name,
    date: next.date,
    days_left: daysBetween(today, next.date),
    missing,
  };
}

/**
 * The daily deadline warnings: for each target's deadline that is `notify_days_before` days away or less
 * (and not passed), one e-mail to the studio's contact and one to the school's yearbook contact, with
 * counts and a link, never a name. A deadline is warned once (yearbook_deadline_notices).
 */
export async function sendDeadlineWarnings(
  deps: Pick<JobDeps, 'db' | 'config' | 'enqueueEmail'>,
  now = new Date(),
): Promise<number> {
  const { db, config } = deps;
  const today = todayUtc(now);
  const targets = await selectTargets(db).execute();
  let sent = 0;
  for (const target of targets) {
    for (const deadline of target.deadlines) {
      const left = daysBetween(today, deadline.date);
      if (left < 0 || left > target.notify_days_before) continue;
      const already = await db
        .selectFrom('yearbook_deadline_notices')
        .select('yearbook_target_id')
        .where('yearbook_target_id', '=', target.id)
        .where('deadline_name', '=', deadline.name)
        .where('deadline_date', '=', deadline.date)
        .executeTakeFirst();
      if (already) continue;
      const project = await selectProjects(db).where('p.id', '=', target.project_id).executeTakeFirst();
      if (!project) continue;
      const school = await selectOrganizations(db)
        .where('o.id', '=', project.organization_id)
        .executeTakeFirst();
      const studio = school?.parent_organization_id
        ? await selectOrganizations(db).where('o.id', '=', school.parent_organization_id).executeTakeFirst()
        : undefined;
      const missing = await missingFor(db, target).catch(() => null);
      if (!missing) continue;
      const to = [
        ...new Set(
          [studio?.contact_email, target.school_contact_email ?? school?.contact_email].filter(
            (e): e is string => !!e,
          ),
        ),
      ];
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('yearbook_deadline_notices')
          .values({
            yearbook_target_id: target.id,
            deadline_name: deadline.name,
            deadline_date: deadline.date,
          })
          .onConflict((oc) => oc.doNothing())
          .returning('yearbook_target_id')
          .executeTakeFirst();
        if (!claimed) return;
        for (const address of to) {
          await queueEmail(
            trx,
            deps.enqueueEmail,
            yearbookDeadlineMessage({
              to: address,
              link: `${config.publicUrl}/projects/${project.id}/yearbook`,
              projectName: project.name,
              publisherName: yearbookPublisher(target.publisher).name,
              deadlineName: deadline.name,
              date: deadline.date,
              daysLeft: left,
              ...missing,
            }),
          );
          sent++;
        }
      });
    }
  }
  return sent;
}

export const yearbookDeadlinesJob = defineSweep(
  'yearbook-deliveries.deadlines',
  {
    retryLimit: 3,
    retryDelaySeconds: 300,
    schedule: '15 7 * * *',
    log: 'when-any',
    message: 'yearbook deadline warnings sent',
  },
  async (deps: JobDeps) => ({ sent: await sendDeadlineWarnings(deps) }),
);
