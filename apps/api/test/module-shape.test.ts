import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * The shape every module keeps (ARCHITECTURE.md): `routes.ts` holds the schemas, the action and a call
 * into the module's service, and builds no SQL; routes are registered in `routes.ts` files only; a
 * module reads and writes its own tables, and another area's through that area's queries or service
 * (joins that only fetch a display name are allowed). The access module reads every area's ownership
 * columns by design.
 */

const MODULES = path.resolve(import.meta.dirname, '../src/modules');

/** Which area owns each table. */
const OWNER: Record<string, string> = {
  organizations: 'organizations',
  organization_support_links: 'organizations',
  organization_support_contacts: 'organizations',
  users: 'users',
  accounts: 'users',
  app_licenses: 'users',
  access_tokens: 'auth',
  sign_in_failures: 'auth',
  request_limits: 'auth',
  password_resets: 'password-resets',
  invitations: 'invitations',
  seasons: 'seasons',
  projects: 'projects',
  project_templates: 'project-templates',
  subject_fields: 'project-templates',
  subjects: 'subjects',
  project_subject_counts: 'subjects',
  project_grid_versions: 'subjects',
  albums: 'photos',
  photos: 'photos',
  subject_photo_assignments: 'photos',
  photo_crops: 'photos',
  project_imports: 'photos',
  attachment_requests: 'file-requests',
  attachment_request_projects: 'file-requests',
  attachments: 'attachments',
  audit_events: 'audit',
  project_export_formats: 'export-formats',
  project_export_format_field_mappings: 'export-formats',
  project_exports: 'project-exports',
  subject_imports: 'subject-imports',
  subject_import_mappings: 'subject-imports',
  layout_categories: 'layouts',
  layouts: 'layouts',
  layout_renders: 'layouts',
  photo_batches: 'picture-day',
  photo_batch_items: 'picture-day',
  photo_sessions: 'photo-sessions',
  stations: 'photo-sessions',
  walk_ups: 'photo-sessions',
  check_ins: 'photo-sessions',
  family_access_codes: 'families',
  guardians: 'families',
  guardian_links: 'families',
  family_sign_in_links: 'families',
  family_tokens: 'families',
  family_gallery_grants: 'families',
  family_pose_choices: 'families',
  opt_out_requests: 'families',
  guardian_unsubscribes: 'families',
  yearbook_targets: 'yearbook-deliveries',
  yearbook_deliveries: 'yearbook-deliveries',
  yearbook_delivery_subjects: 'yearbook-deliveries',
  yearbook_delivery_downloads: 'yearbook-deliveries',
  yearbook_deadline_notices: 'yearbook-deliveries',
};

/**
 * Places allowed to break the shape, as `file: rule` (none today). The test fails on a break not listed
 * here and on an entry that no longer breaks it.
 */
const PENDING = new Set<string>([]);

const BUILDS_SQL =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|with|transaction|execute|executeTakeFirst|executeTakeFirstOrThrow)\(|\bsql(<[^>]*>)?`/;
const REGISTERS_ROUTE = /\b(app|root|fastify|scope|instance)\.(get|post|put|patch|delete|route)\(/;
const TABLE_ACCESS = /\.(selectFrom|insertInto|updateTable|deleteFrom)\(\s*['"`]([a-z_]+)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

function breaks(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles(MODULES)) {
    const name = path.relative(MODULES, file);
    const area = name.split(path.sep)[0]!;
    const text = readFileSync(file, 'utf8');
    const isRoutes = path.basename(file) === 'routes.ts';
    if (isRoutes && BUILDS_SQL.test(text)) found.add(`${name}: builds SQL in a routes file`);
    if (!isRoutes && REGISTERS_ROUTE.test(text)) found.add(`${name}: registers routes outside routes.ts`);
    if (area === 'access') continue;
    for (const match of text.matchAll(TABLE_ACCESS)) {
      const owner = OWNER[match[2]!];
      if (owner && owner !== area) found.add(`${name}: uses ${match[2]} (a table of ${owner})`);
    }
  }
  return [...found].sort();
}

test('routes files build no SQL, routes live only in routes files, areas keep to their own tables', () => {
  const now = breaks();
  expect(now.filter((b) => !PENDING.has(b))).toEqual([]);
  // Mended places leave the list, so it can only shrink.
  expect([...PENDING].filter((b) => !now.includes(b))).toEqual([]);
});

/**
 * One way to find a record: `request.access.find(kind, id, decision?)` / `findRow`, or a module's finder
 * over it taking `(access, id)`. It answers 404 out of view and decides the action itself (403), so no
 * lookup takes a database with a session or a request, no flag carries a refusal, no handler decides apart
 * from its lookup, and no `Access` is built beside the request's (http/auth.ts builds it).
 */
const OLD_LOOKUPS: [RegExp, string, allowedIn?: string[]][] = [
  [
    /\bfindVisible\w*\s*\(/,
    'finds a record through findVisible* (use request.access.find or a finder taking (access, id))',
  ],
  [/\brefusedUntilFound\b/, 'reads or sets the refusedUntilFound flag'],
  [/\bauthorize\s*\(\s*request\b/, 'decides an action apart from its lookup (give find the decision)'],
  // The request hook builds the request's; jobs without a request would build theirs (none does today).
  [/\bnew Access\s*\(/, 'builds an Access beside request.access', ['http/auth.ts']],
];
const SOURCE = path.resolve(MODULES, '..');

test('records are found one way: request.access.find decides 404 and 403, no flag, no second Access', () => {
  const found: string[] = [];
  for (const file of sourceFiles(SOURCE)) {
    const name = path.relative(SOURCE, file).split(path.sep).join('/');
    const text = readFileSync(file, 'utf8');
    for (const [pattern, what, allowedIn = []] of OLD_LOOKUPS) {
      if (pattern.test(text) && !allowedIn.includes(name)) found.push(`${name}: ${what}`);
    }
  }
  expect(found).toEqual([]);
});

test('every table has an owning area', () => {
  const schema = readFileSync(path.resolve(MODULES, '../db/schema.ts'), 'utf8');
  const database = schema.slice(schema.indexOf('export interface Database'));
  const tables = [...database.matchAll(/^ {2}([a-z_]+): \w+;$/gm)].map((m) => m[1]!);
  expect(tables.length).toBeGreaterThan(20);
  // The mail outbox, storage deletions and job liveness belong to mail/, storage/ and jobs/, outside the modules.
  const outside = new Set(['email_outbox', 'storage_deletions', 'job_instances', 'job_runs']);
  expect(tables.filter((t) => !OWNER[t] && !outside.has(t))).toEqual([]);
});
