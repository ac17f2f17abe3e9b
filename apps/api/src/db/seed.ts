import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { APP_SLUG, COMPANION_APP_SLUG, MANAGER_ROLE, type OrganizationRole } from '@school-portal/domain';
import type { Transaction } from 'kysely';
import sharp from 'sharp';
import { renderRenditions, renderWorkingMaster } from '../images/images.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { setCurrentSeason } from '../modules/organizations/service.js';
import { checkPhoto } from '../modules/photos/checks/job.js';
import { createAlbum } from '../modules/photos/queries.js';
import { originalKey, photoKeyBase, renditionKey, storeRenditions } from '../modules/photos/service.js';
import { copyTemplateForProject, insertFields } from '../modules/project-templates/service.js';
import { projectsWithOrganization } from '../modules/projects/queries.js';
import { insertSeason } from '../modules/seasons/queries.js';
import type { Storage } from '../storage/storage.js';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** Everyone may try these (README): development mode only, never production. */
export const DEMO_PASSWORD = 'demo-password';

export const DEMO_USERS = {
  lab: 'lab@demo.test',
  studio: 'studio@demo.test',
  staff: 'staff@demo.test',
  school: 'school@demo.test',
  school2: 'school2@demo.test',
  unlicensed: 'unlicensed@demo.test',
  multi: 'multi@demo.test',
} as const;

type Trx = Transaction<Database>;

async function organization(
  trx: Trx,
  values: {
    name: string;
    role: OrganizationRole;
    parent?: string;
    short_code?: string;
    contact?: [string, string, string];
  },
) {
  const row = await trx
    .insertInto('organizations')
    .values({
      name: values.name,
      role: values.role,
      parent_organization_id: values.parent ?? null,
      short_code: values.short_code ?? null,
      contact_name: values.contact?.[0] ?? null,
      contact_phone: values.contact?.[1] ?? null,
      contact_email: values.contact?.[2] ?? null,
      logo_url: null,
      logo_thumb_url: null,
      support_url: null,
      current_season_id: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function user(
  trx: Trx,
  passwordHash: string,
  values: {
    name: string;
    email: string;
    roles?: string[];
    slugs: string[];
    accounts: { organization: string; manages?: string[] }[];
  },
) {
  const u = await trx
    .insertInto('users')
    .values({
      name: values.name,
      email: values.email,
      password_hash: passwordHash,
      roles: values.roles ?? [],
      default_account_id: null,
      current_account_id: null,
      invitation_sent_at: new Date(),
      invitation_accepted_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const accountIds: string[] = [];
  for (const a of values.accounts) {
    const account = await trx
      .insertInto('accounts')
      .values({ user_id: u.id, organization_id: a.organization, managed_organization_ids: a.manages ?? [] })
      .returning('id')
      .executeTakeFirstOrThrow();
    accountIds.push(account.id);
  }
  await trx
    .updateTable('users')
    .set({ default_account_id: accountIds[0] ?? null, current_account_id: accountIds[0] ?? null })
    .where('id', '=', u.id)
    .execute();
  for (const slug of values.slugs) {
    await trx.insertInto('app_licenses').values({ user_id: u.id, plic_app_slug: slug }).execute();
  }
  return u.id;
}

/**
 * The demo world of the README: a lab, a studio under it, two schools under the studio, a user of each
 * kind, a current season and projects. Runs once: returns false when organizations already exist.
 */
export async function seedDemoData(db: Db, storage?: Storage): Promise<boolean> {
  const existing = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction().execute(async (trx) => {
    const lab = await organization(trx, {
      name: 'Demo Lab',
      role: 'lab_role',
      short_code: 'DLAB',
      contact: ['Lena Lab', '+1 555 0100', 'lab-contact@demo.test'],
    });
    const studio = await organization(trx, {
      name: 'Demo Studio',
      role: 'studio_role',
      parent: lab,
      short_code: 'DSTU',
      contact: ['Sam Studio', '+1 555 0110', 'studio-contact@demo.test'],
    });
    const school = await organization(trx, {
      name: 'Maple Grove Elementary',
      role: 'customer_role',
      parent: studio,
      short_code: 'MAPLE',
      contact: ['Mia Principal', '+1 555 0120', 'office@maple.demo.test'],
    });
    const school2 = await organization(trx, {
      name: 'Riverside High School',
      role: 'customer_role',
      parent: studio,
      short_code: 'RIVER',
      contact: ['Rob Registrar', '+1 555 0130', 'office@riverside.demo.test'],
    });

    for (const [org, name] of [
      [lab, 'Demo Lab'],
      [studio, 'Demo Studio'],
    ] as const) {
      await trx
        .insertInto('organization_support_links')
        .values([
          {
            organization_id: org,
            label: `${name} help centre`,
            external_url: 'https://example.com/help',
            position: 0,
          },
          {
            organization_id: org,
            label: 'School Portal guide',
            external_url: 'https://example.com/school-portal',
            plic_app_slug: APP_SLUG,
            position: 1,
          },
        ])
        .execute();
      await trx
        .insertInto('organization_support_contacts')
        .values({
          organization_id: org,
          label: 'Customer care',
          name: `${name} support`,
          email: `support@${name.toLowerCase().replace(/\s+/g, '-')}.demo.test`,
          phone_number: '+15555550199',
        })
        .execute();
    }

    const previous = await insertSeason(trx, studio, {
      name: '2025-2026',
      period_start: '2025-08-01',
      period_end: '2026-07-31',
    });
    const current = await insertSeason(trx, studio, {
      name: '2026-2027',
      period_start: '2026-08-01',
      period_end: '2027-07-31',
    });
    await setCurrentSeason(trx, studio, current);

    const projects = await trx
      .insertInto('projects')
      .values([
        {
          organization_id: school,
          season_id: previous,
          name: 'Maple Grove Spring 2026',
          short_code: 'MG26S',
        },
        {
          organization_id: school,
          season_id: current,
          name: 'Maple Grove Fall 2026',
          short_code: 'MG26F',
        },
        { organization_id: school2, season_id: current, name: 'Riverside Fall 2026', short_code: 'RV26F' },
        {
          organization_id: studio,
          season_id: current,
          name: 'Studio Sports Day 2026',
          short_code: 'SSD26',
        },
      ])
      .returning(['id', 'name'])
      .execute();
    await seedDemoProjects(trx, studio, projects);

    const all = [APP_SLUG, COMPANION_APP_SLUG];
    await user(trx, passwordHash, {
      name: 'Lara Lab',
      email: DEMO_USERS.lab,
      roles: [MANAGER_ROLE],
      slugs: all,
      accounts: [{ organization: lab, manages: [lab] }],
    });
    await user(trx, passwordHash, {
      name: 'Stella Studio',
      email: DEMO_USERS.studio,
      roles: [MANAGER_ROLE],
      slugs: all,
      accounts: [{ organization: studio, manages: [studio] }],
    });
    await user(trx, passwordHash, {
      name: 'Steve Staff',
      email: DEMO_USERS.staff,
      slugs: [APP_SLUG],
      accounts: [{ organization: studio }],
    });
    await user(trx, passwordHash, {
      name: 'Sasha School',
      email: DEMO_USERS.school,
      slugs: [APP_SLUG],
      accounts: [{ organization: school, manages: [school] }],
    });
    await user(trx, passwordHash, {
      name: 'Riley Riverside',
      email: DEMO_USERS.school2,
      slugs: [APP_SLUG],
      accounts: [{ organization: school2, manages: [school2] }],
    });
    await user(trx, passwordHash, {
      name: 'Uma Unlicensed',
      email: DEMO_USERS.unlicensed,
      slugs: [COMPANION_APP_SLUG],
      accounts: [{ organization: studio }],
    });
    await user(trx, passwordHash, {
      name: 'Max Multi',
      email: DEMO_USERS.multi,
      slugs: [APP_SLUG],
      accounts: [{ organization: studio }, { organization: school, manages: [school] }],
    });
  });
  if (storage) await seedDemoPhotos(db, storage);
  return true;
}

/** The demo template's fields: a class roster, as a studio would set it up. */
const DEMO_FIELDS = ['first_name', 'last_name', 'student_id', 'grade', 'teacher'] as const;

/** A few students per project, so that a newcomer lands in a living project. */
const DEMO_STUDENTS: Record<string, readonly (readonly string[])[]> = {
  'Maple Grove Fall 2026': [
    ['Ava', 'Nguyen', 'MG-1001', '3', 'Ms. Ortiz'],
    ['Ben', 'Okafor', 'MG-1002', '3', 'Ms. Ortiz'],
    ['Chloe', 'Schmidt', 'MG-1003', '4', 'Mr. Patel'],
    ['Diego', 'Ramos', 'MG-1004', '4', 'Mr. Patel'],
    ['Emma', 'Kowalski', 'MG-1005', '5', 'Mrs. Lee'],
  ],
  'Maple Grove Spring 2026': [
    ['Ava', 'Nguyen', 'MG-1001', '2', 'Ms. Brown'],
    ['Ben', 'Okafor', 'MG-1002', '2', 'Ms. Brown'],
  ],
  'Riverside Fall 2026': [
    ['Farah', 'Haddad', 'RV-2001', '10', 'Mr. Chen'],
    ['Gabe', 'Miller', 'RV-2002', '11', 'Ms. Diaz'],
    ['Hana', 'Sato', 'RV-2003', '12', 'Ms. Diaz'],
  ],
};

/**
 * Every demo project takes a copy of the studio's demo template (as createProject does) and gets its
 * students. The properties are keyed by the copied fields' ids.
 */
async function seedDemoProjects(trx: Trx, studio: string, projects: { id: string; name: string }[]) {
  const template = await trx
    .insertInto('project_templates')
    .values({ name: 'Class Photos', organization_id: studio, project_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertFields(
    trx,
    template.id,
    DEMO_FIELDS.map((field_key) => ({
      field_key,
      label: null,
      visible_to_customers: true,
      auto_suggest_enabled: false,
    })),
  );
  for (const project of projects) {
    const copy = await copyTemplateForProject(trx, template.id, project.id);
    await trx
      .updateTable('projects')
      .set({ project_template_id: copy })
      .where('id', '=', project.id)
      .execute();
    const students = DEMO_STUDENTS[project.name] ?? [];
    if (students.length === 0) continue;
    const fields = await trx
      .selectFrom('subject_fields')
      .select(['id', 'field_key'])
      .where('project_template_id', '=', copy)
      .execute();
    const idOf = new Map(fields.map((f) => [f.field_key, f.id]));
    await trx
      .insertInto('subjects')
      .values(
        students.map((values) => ({
          project_id: project.id,
          properties: JSON.stringify(
            Object.fromEntries(DEMO_FIELDS.map((key, i) => [idOf.get(key)!, values[i] ?? ''])),
          ),
        })),
      )
      .execute();
  }
}

/**
 * The face the demo's portraits show: the "faceid" sample photograph that ships in @vladmandic/human's
 * package (the face detector's own, read from node_modules, never copied into the repository), the
 * thumbnail of its face and where it sits in it; the frame drawn out around it as a studio leaves room.
 */
const DEMO_FACE = {
  file: path.resolve(
    path.dirname(createRequire(import.meta.url).resolve('@vladmandic/human')),
    '../assets/screenshot-faceid.jpg',
  ),
  thumbnail: { left: 15, top: 144, width: 135, height: 126 },
  frame: { top: 150, bottom: 120, left: 110, right: 110 },
};
/** The demo portraits' size: a head of about 500 px, enough for a yearbook's 640 x 800 output. */
const DEMO_PORTRAIT = { width: 1200, height: 1500 };

/**
 * A demo portrait that passes the photo checks (a face found, sharp, exposed well, big enough): the
 * sample face framed as a portrait, each student's a little brighter or darker and every other one
 * mirrored, so no two files are the same bytes.
 */
async function demoPortrait(index: number): Promise<Buffer> {
  const face = await sharp(DEMO_FACE.file).extract(DEMO_FACE.thumbnail).toBuffer();
  const framed = await sharp(face)
    .extend({ ...DEMO_FACE.frame, extendWith: 'copy' })
    .toBuffer();
  const portrait = sharp(framed)
    .resize({ ...DEMO_PORTRAIT, fit: 'cover', kernel: 'lanczos3' })
    .modulate({ brightness: 0.94 + (index % 7) * 0.02 });
  return (index % 2 ? portrait.flop() : portrait).jpeg({ quality: 88 }).toBuffer();
}

/**
 * Photos for the school's current project, through the storage interface like an upload: the original,
 * its renditions (made here, as photos.verify would) and the subject's primary assignment. The
 * last student is left without a photo, so that "Without Images" shows something too.
 */
async function seedDemoPhotos(db: Db, storage: Storage) {
  const project = await projectsWithOrganization(db)
    .select(['p.id', 'p.organization_id'])
    .where('p.name', '=', 'Maple Grove Fall 2026')
    .executeTakeFirstOrThrow();
  const subjects = await db
    .selectFrom('subjects')
    .select('id')
    .where('project_id', '=', project.id)
    .orderBy('id')
    .execute();
  const students = DEMO_STUDENTS['Maple Grove Fall 2026']!;
  const album = await createAlbum(db, project.id, {
    name: 'School Portal Subject Photos',
    tags: [APP_SLUG, 'subject-photos'],
  });
  for (const [i, subject] of subjects.slice(0, -1).entries()) {
    const [first, last] = students[i] ?? ['?', '?'];
    const original = await demoPortrait(i);
    const base = photoKeyBase(project.organization_id, project.id);
    await storage.put(originalKey(base), original, 'image/jpeg');
    const renditions = await renderRenditions(original, { type: 'image/jpeg', orientation: 1 });
    await storeRenditions(storage, base, originalKey(base), 'image/jpeg', renditions);
    const master = await renderWorkingMaster(original);
    await storage.put(renditionKey(base, 'master'), master.jpeg, 'image/jpeg');
    const now = new Date();
    const photo = await db
      .insertInto('photos')
      .values({
        album_id: album.id,
        storage_key: originalKey(base),
        upload_file_name: `${first}-${last}.jpg`.toLowerCase(),
        upload_file_size: original.length,
        upload_content_type: 'image/jpeg',
        uploaded_at: now,
        upload_verified_at: now,
        renditions_ready_at: now,
        content_sha256: createHash('sha256').update(original).digest('hex'),
        ...DEMO_PORTRAIT,
        orientation: 1,
        master_width: master.width,
        master_height: master.height,
        tags: [APP_SLUG],
        created_by_plic_app_id: APP_SLUG,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('subject_photo_assignments')
      .values({ subject_id: subject.id, photo_id: photo.id, is_primary: true })
      .execute();
    // Checked as an upload's photo is once verified (its face, flags and auto crops), so the demo's
    // Photo Checks and Coverage show checked portraits, not photos the checks never saw.
    await checkPhoto({ db, storage }, photo.id);
  }
}
