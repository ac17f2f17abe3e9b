import { APP_SLUG, MANAGER_ROLE, type OrganizationRole } from '@school-portal/domain';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/database.js';
import { hashPassword } from '../../src/modules/auth/passwords.js';
import { insertId } from './rows.js';

export const TEST_PASSWORD = 'correct horse battery';
// scrypt is deliberately slow; one real hash, shared by every user a test file builds.
let passwordHash: Promise<string> | undefined;
const testPasswordHash = () => {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  return passwordHash;
};

let sequence = 0;
const next = () => ++sequence;

export async function buildOrganization(
  db: Db,
  overrides: {
    name?: string;
    role?: OrganizationRole;
    parent?: string | null;
    current_season_id?: string | null;
  } = {},
) {
  const n = next();
  return db
    .insertInto('organizations')
    .values({
      name: overrides.name ?? `Organization ${n}`,
      role: overrides.role ?? 'studio_role',
      parent_organization_id: overrides.parent ?? null,
      short_code: null,
      contact_name: null,
      contact_phone: null,
      contact_email: null,
      logo_url: null,
      logo_thumb_url: null,
      support_url: null,
      current_season_id: overrides.current_season_id ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface BuiltUser {
  id: string;
  email: string;
  accountIds: string[];
}

/**
 * A user with one account per organization given (the first is default and current) and active
 * licenses for `slugs` (this app by default). `manager` adds the manager role; `manages` lists the
 * organization ids the accounts manage (default: each account its own organization when manager).
 */
export async function buildUser(
  db: Db,
  options: {
    organizations: string[];
    manager?: boolean;
    roles?: string[];
    slugs?: string[];
    manages?: 'own' | 'none';
    email?: string;
    whitelist?: string[];
  },
): Promise<BuiltUser> {
  const n = next();
  const email = options.email ?? `user${n}-${Date.now()}@example.test`;
  const id = await insertId(db, 'users', {
    name: `Test User ${n}`,
    email,
    password_hash: await testPasswordHash(),
    roles: [...(options.manager ? [MANAGER_ROLE] : []), ...(options.roles ?? [])],
    default_account_id: null,
    current_account_id: null,
    invitation_sent_at: null,
    invitation_accepted_at: null,
  });
  const manages = options.manages ?? (options.manager ? 'own' : 'none');
  const accountIds: string[] = [];
  for (const organizationId of options.organizations) {
    accountIds.push(
      await insertId(db, 'accounts', {
        user_id: id,
        organization_id: organizationId,
        managed_organization_ids: manages === 'own' ? [organizationId] : [],
        enable_plic_app_whitelist: options.whitelist !== undefined,
        plic_app_whitelist_slugs: options.whitelist ?? [],
      }),
    );
  }
  await db
    .updateTable('users')
    .set({ default_account_id: accountIds[0] ?? null, current_account_id: accountIds[0] ?? null })
    .where('id', '=', id)
    .execute();
  for (const slug of options.slugs ?? [APP_SLUG]) {
    await db.insertInto('app_licenses').values({ user_id: id, plic_app_slug: slug }).execute();
  }
  return { id, email, accountIds };
}

export async function signIn(app: FastifyInstance, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/oauth/token',
    payload: { grant_type: 'password', username: email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().access_token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A project of the organization, made straight in the database (no season; a template when given): its id. */
export async function buildProject(
  db: Db,
  organizationId: string,
  name: string,
  templateId: string | null = null,
): Promise<string> {
  return insertId(db, 'projects', {
    organization_id: organizationId,
    name,
    season_id: null,
    project_template_id: templateId,
  });
}

/** Signs in each named user of `users` (a world's, say): their tokens by name. */
export async function signInAll(
  app: FastifyInstance,
  users: Record<string, { email: string }>,
  names: readonly string[],
): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const name of names) tokens[name] = await signIn(app, users[name]!.email);
  return tokens;
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A request as the holder of `token`, with `payload` as its JSON body when given. */
export const injectAs = (
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  payload?: unknown,
  extra: { remoteAddress?: string } = {},
) =>
  app.inject({
    method,
    url,
    headers: bearer(token),
    ...extra,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

/** The project's subject-photo album as School Portal makes it, through the API: its id. */
export async function albumThroughApi(
  app: FastifyInstance,
  token: string,
  projectId: string,
): Promise<string> {
  const album = await injectAs(app, token, 'POST', '/api/albums', {
    album: {
      name: 'School Portal Subject Photos',
      tags: ['school-portal', 'subject-photos'],
      parent_resource_type: 'Project',
      parent_resource_id: projectId,
    },
  });
  if (album.statusCode !== 201) throw new Error(`album: ${album.statusCode} ${album.body}`);
  return album.json().album.id;
}

/** A template's field as the API takes it: a catalogue field by key, or a custom one by label. */
export type FieldAttributes = { field_key?: string; label?: string; visible_to_customers?: boolean };

/** The keys of a school roster's usual fields, in that order. */
export const ROSTER_KEYS = ['student_id', 'first_name', 'last_name', 'grade', 'teacher'];

/** A school roster's usual fields, in that order. */
export const ROSTER_FIELDS: FieldAttributes[] = ROSTER_KEYS.map((field_key) => ({ field_key }));

/**
 * A template of `fields` owned by `templateOrganizationId` (the project's organization by default) and a
 * project made from it, both through the API as the holder of `token`. `fields` are the project's own
 * copy: ids by field key, or by label for a custom field.
 */
export async function projectThroughApi(
  app: FastifyInstance,
  token: string,
  options: {
    name: string;
    organizationId: string;
    templateOrganizationId?: string;
    fields: FieldAttributes[];
  },
) {
  const template = await injectAs(app, token, 'POST', '/api/project-templates', {
    project_template: {
      name: `${options.name} template`,
      organization_id: options.templateOrganizationId ?? options.organizationId,
      subject_fields_attributes: options.fields,
    },
  });
  if (template.statusCode !== 201) throw new Error(`template: ${template.statusCode} ${template.body}`);
  const templateId: string = template.json().project_template.id;
  const project = await injectAs(app, token, 'POST', '/api/projects', {
    project: { name: options.name, organization_id: options.organizationId },
    project_template_id: templateId,
  });
  if (project.statusCode !== 201) throw new Error(`project: ${project.statusCode} ${project.body}`);
  const { id, project_template_id } = project.json().project as { id: string; project_template_id: string };
  const copy = await injectAs(app, token, 'GET', `/api/project-templates/${project_template_id}`);
  const fields: Record<string, string> = {};
  for (const f of copy.json().project_template.subject_fields as {
    id: string;
    field_key: string | null;
    label: string;
  }[])
    fields[f.field_key ?? f.label] = f.id;
  return { id, templateId, projectTemplateId: project_template_id, fields };
}
