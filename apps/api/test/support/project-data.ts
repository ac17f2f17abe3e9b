import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/database.js';
import type { TestApp } from './app.js';
import { buildProject } from './factories.js';
import { makeJpeg } from './images.js';
import { insertId, insertSubject } from './rows.js';

const DAY = 24 * 60 * 60 * 1000;

/**
 * A project with its own template of the given field keys (in that order) and a photo album, made
 * straight in the database: `fields` maps each key to its field id.
 */
export async function projectWithFields(db: Db, organizationId: string, name: string, fieldKeys: string[]) {
  const templateId = await insertId(db, 'project_templates', {
    organization_id: organizationId,
    name: `${name} template`,
    project_id: null,
  });
  const projectId = await buildProject(db, organizationId, name, templateId);
  await db
    .updateTable('project_templates')
    .set({ project_id: projectId })
    .where('id', '=', templateId)
    .execute();
  const fields: Record<string, string> = {};
  for (const [i, key] of fieldKeys.entries()) {
    fields[key] = await insertId(db, 'subject_fields', {
      project_template_id: templateId,
      field_key: key,
      label: null,
      arrangement_position: i,
    });
  }
  const albumId = await insertId(db, 'albums', {
    parent_resource_type: 'Project',
    parent_resource_id: projectId,
    name: 'Photos',
  });
  return { projectId, organizationId, templateId, fields, albumId };
}

/** A row of cells as values by field key: cell i under `keys[i]` (cells past the keys left out). */
export const cellsByKey = (keys: readonly string[], cells: readonly unknown[]): Record<string, string> =>
  Object.fromEntries(keys.map((key, i) => [key, String(cells[i])]));

/**
 * A subject of a `projectWithFields` project, with `values` by field key, and, given `photo`, its primary
 * photo stored in real storage (verified, `width` x `height`) with one default crop of that name and box.
 */
export async function subjectWithPhoto(
  t: TestApp,
  p: { projectId: string; albumId: string; fields: Record<string, string> },
  values: Record<string, string>,
  photo?: {
    bytes: Buffer;
    width: number;
    height: number;
    crop: { name: string; x: number; y: number; width: number; height: number };
  },
): Promise<string> {
  const { db } = t.ctx;
  const subjectId = await insertSubject(db, p.projectId, p.fields, values);
  if (!photo) return subjectId;
  const key = `test/${p.projectId}/${subjectId}/original`;
  await t.ctx.storage.put(key, photo.bytes, 'image/jpeg');
  const photoId = await insertId(db, 'photos', {
    album_id: p.albumId,
    storage_key: key,
    upload_file_name: 'p.jpg',
    upload_file_size: photo.bytes.length,
    upload_content_type: 'image/jpeg',
    upload_verified_at: new Date(),
    verification_state: 'verified',
    width: photo.width,
    height: photo.height,
    orientation: 1,
  });
  await insertId(db, 'subject_photo_assignments', {
    subject_id: subjectId,
    photo_id: photoId,
    is_primary: true,
  });
  await insertId(db, 'photo_crops', { photo_id: photoId, is_default: true, ...photo.crop });
  return subjectId;
}

/**
 * A project with one of everything that has a stored file, made straight in the database and real
 * storage (deletion tests and the project-deletion e2e).
 */
export async function seedProject(t: TestApp, organizationId: string, name: string) {
  const { db } = t.ctx;
  const storage = t.ctx.storage;
  const project = await db
    .insertInto('projects')
    .values({ organization_id: organizationId, name, season_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const template = await db
    .insertInto('project_templates')
    .values({ organization_id: organizationId, project_id: project.id, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subject_fields')
    .values([
      { project_template_id: template.id, field_key: 'first_name', label: null, visible_to_customers: true },
      { project_template_id: template.id, field_key: 'last_name', label: null, visible_to_customers: true },
      {
        project_template_id: template.id,
        field_key: null,
        label: 'Studio Notes',
        visible_to_customers: false,
      },
    ])
    .execute();
  await db
    .updateTable('projects')
    .set({ project_template_id: template.id })
    .where('id', '=', project.id)
    .execute();
  const prefix = `org-${organizationId}/projects/${project.id}`;
  const keys: string[] = [];
  const put = async (key: string, body: Buffer, type: string) => {
    await storage.put(key, body, type);
    keys.push(key);
  };
  const album = await db
    .insertInto('albums')
    .values({ parent_resource_type: 'Project', parent_resource_id: project.id, name: 'Photos' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const jpeg = await makeJpeg(64, 64);
  const subjects: string[] = [];
  for (const first of ['Ada', 'Ben']) {
    const s = await db
      .insertInto('subjects')
      .values({
        project_id: project.id,
        properties: JSON.stringify({ 'First Name': first, 'Last Name': 'Lovelace' }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    subjects.push(s.id);
  }
  const photos: { id: string; base: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const base = `${prefix}/photos/${randomBytes(8).toString('hex')}`;
    const photo = await db
      .insertInto('photos')
      .values({
        album_id: album.id,
        storage_key: `${base}/original`,
        upload_file_name: `p${i}.jpg`,
        upload_file_size: jpeg.length,
        upload_content_type: 'image/jpeg',
        upload_verified_at: new Date(),
        verification_state: 'verified',
        renditions_ready_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await put(`${base}/original`, jpeg, 'image/jpeg');
    await put(`${base}/small`, jpeg, 'image/jpeg');
    await db
      .insertInto('photo_crops')
      .values({ photo_id: photo.id, name: 'Default', is_default: true, x: 0, y: 0, width: 1, height: 1 })
      .execute();
    photos.push({ id: photo.id, base });
  }
  // Subject 0 has photos 0 and 1; subject 1 has photos 1 (shared) and 2.
  await db
    .insertInto('subject_photo_assignments')
    .values([
      { subject_id: subjects[0]!, photo_id: photos[0]!.id, is_primary: true },
      { subject_id: subjects[0]!, photo_id: photos[1]!.id },
      { subject_id: subjects[1]!, photo_id: photos[1]!.id, is_primary: true },
      { subject_id: subjects[1]!, photo_id: photos[2]!.id },
    ])
    .execute();
  const attachmentKey = `${prefix}/attachments/${randomBytes(8).toString('hex')}`;
  await db
    .insertInto('attachments')
    .values({
      project_id: project.id,
      name: 'Roster',
      storage_key: attachmentKey,
      upload_file_name: 'roster.csv',
      upload_file_size: 5,
      upload_content_type: 'text/csv',
      upload_verified_at: new Date(),
    })
    .execute();
  await put(attachmentKey, Buffer.from('a,b\n'), 'text/csv');
  const importKey = `${prefix}/subject-imports/${randomBytes(8).toString('hex')}`;
  await db
    .insertInto('subject_imports')
    .values({
      project_id: project.id,
      storage_key: importKey,
      upload_file_name: 'r.csv',
      upload_file_size: 4,
    })
    .execute();
  await put(importKey, Buffer.from('a,b\n'), 'text/csv');
  const exportKey = `${prefix}/project-exports/${randomBytes(8).toString('hex')}.zip`;
  await db
    .insertInto('project_exports')
    .values({
      project_id: project.id,
      project_export_format_name: 'Standard',
      created_by_user_id: null,
      job_status: 'completed',
      export_started_at: new Date(),
      export_completed_at: new Date(),
      storage_key: exportKey,
    })
    .execute();
  await put(exportKey, Buffer.from('PK\x05\x06'), 'application/zip');
  const render = await addRender(
    t,
    project.id,
    `${prefix}/layout-renders/${randomBytes(8).toString('hex')}.pdf`,
  );
  keys.push(render.key);
  // A late upload form's key (not yet taken by verify) is under the prefix too.
  await put(`${prefix}/photos/${randomBytes(8).toString('hex')}/original.upload`, jpeg, 'image/jpeg');
  return { id: project.id, name, prefix, keys, subjects, photos, renderId: render.id };
}

export async function addRender(t: TestApp, projectId: string, key: string, completedAt = new Date()) {
  const layout = await t.ctx.db.selectFrom('layouts').select('id').limit(1).executeTakeFirstOrThrow();
  const render = await t.ctx.db
    .insertInto('layout_renders')
    .values({
      project_id: projectId,
      layout_id: layout.id,
      render_type: 'Basic',
      render_name: 'Portraits',
      subject_ids: [],
      worker_token: randomBytes(8).toString('hex'),
      worker_status: 'complete',
      storage_key: key,
      page_count: 1,
      completed_at: completedAt,
      expires_at: new Date(completedAt.getTime() + t.ctx.config.exportRetentionDays * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.ctx.storage.put(key, Buffer.from('%PDF-1.4\n'), 'application/pdf');
  return { id: render.id, key };
}
