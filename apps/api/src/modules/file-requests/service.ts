import type { AttachmentRequestForm } from '@school-portal/domain';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { unprocessable } from '../../http/errors.js';
import type { MailDeps } from '../../jobs/deps.js';
import { enqueueEmailOn, queueEmail } from '../../mail/outbox.js';
import { fileRequestMessage, fileUploadedMessage } from '../../mail/templates.js';
import type { Access } from '../access/visibility.js';
import { projectsToContact } from '../projects/queries.js';
import { earliestUserEmail } from '../users/queries.js';
import type { Session } from '../users/session.js';

/**
 * Creates a file request for some projects in view and e-mails each project's organization: its contact,
 * else its earliest-created user (spec §2). One transaction: the request, its projects and the mail.
 */
export async function createFileRequest(
  ctx: AppContext,
  session: Session,
  access: Access,
  form: AttachmentRequestForm,
  projectIds: string[],
): Promise<string> {
  const wanted = [...new Set(projectIds)];
  const projects = await projectsToContact(ctx.db, access, wanted);
  if (projects.length !== wanted.length) throw unprocessable({ project_ids: ['is invalid'] });
  return ctx.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('attachment_requests')
      .values({
        organization_id: session.account!.organization_id,
        created_by_user_id: session.user.id,
        name: form.name,
        description: form.description,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('attachment_request_projects')
      .values(projects.map((p) => ({ attachment_request_id: created.id, project_id: p.id })))
      .execute();
    for (const project of projects) {
      const to = project.contact_email ?? (await earliestUserEmail(trx, project.organization_id));
      if (!to) continue;
      await queueEmail(
        trx,
        enqueueEmailOn(ctx.queue),
        fileRequestMessage({
          to,
          organizationName: project.organization_name,
          projectName: project.name,
          requestName: form.name,
          description: form.description,
          requesterName: session.user.name,
          link: `${ctx.config.publicUrl}/projects/${project.id}/files/upload/${created.id}`,
        }),
      );
    }
    return created.id;
  });
}

/**
 * Tells a request's creator which files arrived for one of its projects: one e-mail for a batch (in the
 * caller's transaction).
 */
export async function notifyRequester(
  deps: MailDeps,
  trx: Transaction<Database>,
  upload: { attachment_request_id: string; project_id: string; file_names: string[] },
) {
  const info = await trx
    .selectFrom('attachment_requests as r')
    .innerJoin('users as u', 'u.id', 'r.created_by_user_id')
    .innerJoin('projects as p', (join) => join.on('p.id', '=', upload.project_id))
    .select(['r.name', 'u.email', 'p.name as project_name'])
    .where('r.id', '=', upload.attachment_request_id)
    .executeTakeFirst();
  if (!info) return;
  await queueEmail(
    trx,
    deps.enqueueEmail,
    fileUploadedMessage({
      to: info.email,
      requestName: info.name,
      projectName: info.project_name,
      fileNames: upload.file_names,
      link: `${deps.config.publicUrl}/projects/${upload.project_id}/files`,
    }),
  );
}

/** Whether a request asks for files of a project (an upload may only answer such a request). */
export async function requestCoversProject(ctx: AppContext, requestId: string, projectId: string) {
  const linked = await ctx.db
    .selectFrom('attachment_request_projects')
    .select('project_id')
    .where('attachment_request_id', '=', requestId)
    .where('project_id', '=', projectId)
    .executeTakeFirst();
  return !!linked;
}
