import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, signIn } from './support/factories.js';
import { buildWorld, type World } from './support/world.js';

/**
 * The fuzz suite: walks `/api/openapi.json` and, for every operation, sends malformed JSON, a
 * wrong content type, a missing body, wrong types for each field, 1 MB strings, NUL bytes, lone
 * surrogates, huge and negative numbers, invalid ids, unknown fields and wrong query and path values,
 * signed in as a studio manager with real ids in the paths so the handlers are reached. Any 5xx fails,
 * and so does any error body outside API.md's error table or an answer without the security headers.
 * Deterministic: the same requests every run.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: Json[];
  const?: Json;
  format?: string;
  pattern?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
  default?: Json;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  schema?: Schema;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
}
interface Case {
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string;
  what: string;
  /** Sent without the studio manager's token. */
  anonymous?: boolean;
}

// Generous: the suite shares the machine with every other test file under `npm test`.
const MAX_REQUESTS_MS = 420_000;
let t: TestApp;
let w: World;
let token: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioManager!.email);
  const db = t.ctx.db;
  const studio = w.orgs.studioA.id;
  const insertId = async (query: { executeTakeFirstOrThrow(): Promise<{ id: string }> }) =>
    (await query.executeTakeFirstOrThrow()).id;
  ids.organization = studio;
  ids.user = w.users.studioStaff!.id;
  ids.season = await insertId(
    db.insertInto('seasons').values({ organization_id: studio, name: 'Fuzz season' }).returning('id'),
  );
  ids.template = await insertId(
    db
      .insertInto('project_templates')
      .values({ organization_id: studio, name: 'Fuzz template', project_id: null })
      .returning('id'),
  );
  ids.field = await insertId(
    db
      .insertInto('subject_fields')
      .values({ project_template_id: ids.template, field_key: 'first_name', label: null })
      .returning('id'),
  );
  ids.project = await insertId(
    db
      .insertInto('projects')
      .values({
        organization_id: studio,
        name: 'Fuzz project',
        season_id: ids.season,
        project_template_id: ids.template,
      })
      .returning('id'),
  );
  ids.subject = await insertId(
    db.insertInto('subjects').values({ project_id: ids.project, properties: '{}' }).returning('id'),
  );
  ids.album = await insertId(
    db
      .insertInto('albums')
      .values({ name: 'Fuzz', parent_resource_type: 'Project', parent_resource_id: ids.project })
      .returning('id'),
  );
  ids.photo = await insertId(
    db
      .insertInto('photos')
      .values({
        album_id: ids.album,
        storage_key: 'fuzz/photo/original',
        upload_file_name: 'p.jpg',
        upload_file_size: 10,
        upload_content_type: 'image/jpeg',
        upload_verified_at: null,
      })
      .returning('id'),
  );
  ids.crop = await insertId(
    db
      .insertInto('photo_crops')
      .values({ photo_id: ids.photo, name: 'c', x: 0, y: 0, width: 0.5, height: 0.5 })
      .returning('id'),
  );
  ids.assignment = await insertId(
    db
      .insertInto('subject_photo_assignments')
      .values({ subject_id: ids.subject, photo_id: ids.photo })
      .returning('id'),
  );
  ids.import = await insertId(
    db.insertInto('project_imports').values({ project_id: ids.project }).returning('id'),
  );
  ids.request = await insertId(
    db
      .insertInto('attachment_requests')
      .values({ organization_id: studio, name: 'Roster', description: 'Send it' })
      .returning('id'),
  );
  ids.attachment = await insertId(
    db
      .insertInto('attachments')
      .values({
        project_id: ids.project,
        name: 'roster',
        storage_key: 'fuzz/attachment',
        upload_file_name: 'roster.csv',
        upload_file_size: 10,
        upload_content_type: 'text/csv',
        upload_verified_at: null,
      })
      .returning('id'),
  );
}, 120_000);

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------------
// Real ids: a path parameter by the collection before it, a body field by its name.

const PATH_KINDS: Record<string, string> = {
  organizations: 'organization',
  users: 'user',
  seasons: 'season',
  'project-templates': 'template',
  projects: 'project',
  subjects: 'subject',
  albums: 'album',
  photos: 'photo',
  'photo-crops': 'crop',
  'subject-photo-assignments': 'assignment',
  'project-imports': 'import',
  'attachment-requests': 'request',
  attachments: 'attachment',
};
const FIELD_KINDS: Record<string, string> = {
  organization_id: 'organization',
  parent_organization_id: 'organization',
  current_account_id: 'organization',
  user_id: 'user',
  season_id: 'season',
  project_template_id: 'template',
  project_id: 'project',
  project_ids: 'project',
  subject_id: 'subject',
  subject_ids: 'subject',
  album_id: 'album',
  photo_id: 'photo',
  photo_ids: 'photo',
  parent_resource_id: 'project',
  attachment_id: 'attachment',
  field_id: 'field',
};

function realPath(path: string, override?: { name: string; value: string }): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      const match = /^\{(.+)\}$/.exec(segment);
      if (!match) return segment;
      const name = match[1]!;
      if (override && override.name === name) return override.value;
      if (name === 'token') return randomBytes(32).toString('base64url');
      const kind = PATH_KINDS[segments[i - 1] ?? ''];
      return (kind && ids[kind]) ?? '1';
    })
    .join('/');
}

// ---------------------------------------------------------------------------------------------------
// A plausible body from a schema, so that mutating one field at a time reaches the handler.

function pick(schema: Schema): Schema {
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return options.find((o) => o.type !== 'null') ?? options[0] ?? {};
  if (schema.allOf?.[0]) return schema.allOf[0];
  return schema;
}

function sample(input: Schema, name = '', depth = 0): Json {
  const schema = pick(input);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum && schema.enum.length > 0) return schema.enum[0]!;
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  const kind = FIELD_KINDS[name];
  switch (type) {
    case 'object': {
      const out: Record<string, Json> = {};
      if (depth > 4) return out;
      for (const [key, child] of Object.entries(schema.properties ?? {}))
        out[key] = sample(child, key, depth + 1);
      // A record keyed by field id (subject properties): one real field.
      const values = schema.additionalProperties;
      if (!schema.properties && values && typeof values === 'object') {
        out[ids.field!] = sample(values, '', depth + 1);
      }
      return out;
    }
    case 'array':
      return schema.items ? [sample(schema.items, name, depth + 1)] : [];
    case 'integer':
    case 'number':
      return kind ? Number(ids[kind]) : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return false;
    default: {
      if (kind) return ids[kind]!;
      if (schema.format === 'date') return '2026-09-01';
      if (schema.format === 'date-time') return '2026-09-01T00:00:00Z';
      if (schema.format === 'email' || name.includes('email')) return 'fuzz@example.test';
      if (schema.format === 'uri' || name.endsWith('_url')) return 'https://example.test/';
      if (name === 'password') return 'Long-enough-pw-1';
      if (name === 'plic_app_id') return 'school-portal';
      return 'Fuzz'.padEnd(schema.minLength ?? 1, 'z');
    }
  }
}

/** Paths of the values in a sample body, leaves and containers alike (the body itself excluded). */
function valuePaths(value: Json, path: string[] = []): string[][] {
  const out: string[][] = path.length > 0 ? [path] : [];
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) out.push(...valuePaths(v, [...path, k]));
  }
  return out;
}

function withValue(body: Json, path: string[], value: Json): Json {
  const copy = structuredClone(body);
  let node = copy as Record<string, Json>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string, Json>;
  node[path[path.length - 1]!] = value;
  return copy;
}

// ---------------------------------------------------------------------------------------------------
// The hostile values.

const MEGABYTE_STRING = 'x'.repeat(1_000_000);
const LONG_ID = '9'.repeat(40);
const FIELD_VALUES: Array<[string, Json]> = [
  ['number', 12345],
  ['boolean', true],
  ['array', ['a', 1]],
  ['object', { a: 1 }],
  ['null', null],
  ['empty string', ''],
  ['NUL byte', 'a\u0000b'],
  ['lone surrogate', 'a\ud800b'],
  ['lone low surrogate', '\udc00'],
  ['huge number', 1e308],
  ['2^63', 2 ** 63],
  ['negative number', -1],
  ['most negative bigint', -(2 ** 63)],
  ['fraction', 1.5],
  ['zero', 0],
  ['invalid id text', 'abc'],
  ['negative id text', '-1'],
  ['huge id text', LONG_ID],
  ['year 0 date', '0000-01-01'],
  ['year 0 instant', '0000-01-01T00:00:00Z'],
  ['invalid date', '2026-02-30'],
];
const QUERY_VALUES: Array<[string, string]> = [
  ['text', 'abc'],
  ['negative', '-1'],
  ['zero', '0'],
  ['huge', '99999999999999999999999999'],
  ['exponent', '1e400'],
  ['fraction', '1.5'],
  ['NUL byte', '%00'],
  ['bad escape', '%ff'],
  ['empty', ''],
  ['long', 'q'.repeat(5000)],
  ['year 0', '0000-01-01T00:00:00Z'],
  ['boolean text', 'yes'],
];
const PATH_VALUES: Array<[string, string]> = [
  ['text', 'abc'],
  ['zero', '0'],
  ['negative', '-1'],
  ['huge', LONG_ID],
  ['fraction', '1.5'],
  ['NUL byte', '%00'],
  ['bad escape', '%ff'],
  ['space', '%20'],
  ['over the length limit', '1'.repeat(250)],
  ['lone surrogate bytes', '%ED%A0%80'],
];

function casesFor(op: Operation): Case[] {
  const cases: Case[] = [];
  const base = realPath(op.path);
  const json = { 'content-type': 'application/json' };
  const add = (c: Omit<Case, 'method'>) => cases.push({ method: op.method, ...c });

  // Path parameters.
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    for (const [what, value] of PATH_VALUES) {
      add({ url: realPath(op.path, { name: p.name, value }), what: `path ${p.name}: ${what}` });
    }
  }
  // Query parameters, and one nobody declared.
  const queries = op.parameters.filter((x) => x.in === 'query');
  for (const q of queries) {
    const name = encodeURIComponent(q.name);
    for (const [what, value] of QUERY_VALUES) {
      add({ url: `${base}?${name}=${value}`, what: `query ${q.name}: ${what}` });
    }
    add({ url: `${base}?${name}=1&${name}=2`, what: `query ${q.name}: repeated` });
    add({ url: `${base}?${name}[a]=1`, what: `query ${q.name}: nested` });
  }
  add({ url: `${base}?unknown_parameter=1`, what: 'unknown query parameter' });
  add({ url: base, what: 'no token', anonymous: true });
  add({
    url: base,
    headers: { authorization: 'Bearer not-a-token' },
    what: 'invalid token',
    anonymous: true,
  });
  add({ url: `${base}?%00=1`, what: 'NUL byte in a query name' });

  if (!op.body && op.method === 'GET') return cases;

  // Whole bodies.
  add({ url: base, headers: json, payload: '{"a":', what: 'malformed JSON' });
  add({ url: base, headers: json, payload: '{"a":1}}', what: 'trailing garbage' });
  add({ url: base, headers: { 'content-type': 'text/plain' }, payload: 'hello', what: 'wrong content type' });
  add({
    url: base,
    headers: { 'content-type': 'application/xml' },
    payload: '<a/>',
    what: 'XML content type',
  });
  add({ url: base, what: 'missing body' });
  add({ url: base, headers: json, payload: '', what: 'empty JSON body' });
  for (const [what, payload] of [
    ['null body', 'null'],
    ['array body', '[]'],
    ['string body', '"x"'],
    ['number body', '1e999'],
    ['empty object', '{}'],
    ['prototype pollution', '{"__proto__":{"admin":true},"constructor":{"prototype":{"a":1}}}'],
    ['deep nesting', `${'['.repeat(5000)}${']'.repeat(5000)}`],
    ['NUL key', '{"\\u0000":1}'],
  ] as const) {
    add({ url: base, headers: json, payload, what });
  }
  if (!op.body) return cases;

  // One field at a time.
  const valid = sample(op.body);
  add({ url: base, headers: json, payload: JSON.stringify(valid), what: 'plausible body' });
  for (const path of valuePaths(valid)) {
    const at = path.join('.');
    for (const [what, value] of FIELD_VALUES) {
      add({
        url: base,
        headers: json,
        payload: JSON.stringify(withValue(valid, path, value)),
        what: `${at}: ${what}`,
      });
    }
    const original = path.reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, valid);
    if (typeof original === 'string') {
      add({
        url: base,
        headers: json,
        payload: JSON.stringify(withValue(valid, path, MEGABYTE_STRING)),
        what: `${at}: 1 MB string`,
      });
    }
  }
  // Unknown fields, at the top and inside each object.
  for (const path of [[], ...valuePaths(valid)]) {
    const node = path.reduce<Json>((n, key) => (n as Record<string, Json>)[key]!, valid);
    if (node === null || typeof node !== 'object' || Array.isArray(node)) continue;
    add({
      url: base,
      headers: json,
      payload: JSON.stringify(withValue(valid, [...path, 'unknown_field_zz'], 'x')),
      what: `${path.join('.') || 'body'}: unknown field`,
    });
  }
  add({ url: base, headers: json, payload: JSON.stringify(MEGABYTE_STRING), what: '1 MB string body' });
  return cases;
}

// ---------------------------------------------------------------------------------------------------
// API.md's error table.

const isStringList = (v: unknown) =>
  Array.isArray(v) && v.length > 0 && v.every((m) => typeof m === 'string');
const isFieldErrors = (v: unknown) =>
  v !== null &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  Object.keys(v).length > 0 &&
  Object.values(v).every(isStringList);
const keysAre = (body: Record<string, unknown>, allowed: string[]) =>
  Object.keys(body).every((k) => allowed.includes(k));
const OAUTH_ERRORS = ['invalid_request', 'invalid_grant', 'unsupported_grant_type', 'invalid_client'];

/** Why an answer breaks the contract, or null when it keeps it. */
function contractBreach(
  url: string,
  status: number,
  headers: Record<string, unknown>,
  text: string,
): string | null {
  if (status >= 500) return `${status}`;
  if (headers['x-content-type-options'] !== 'nosniff') return 'no nosniff header';
  if (!String(headers['content-security-policy'] ?? '').includes("default-src 'self'"))
    return 'no CSP header';
  if (status < 400) return null;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    return 'error body is not JSON';
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'error body is not an object';
  if (url.startsWith('/oauth/') && status === 400) {
    return OAUTH_ERRORS.includes(String(body.error)) && keysAre(body, ['error', 'error_description'])
      ? null
      : 'not an OAuth error';
  }
  switch (status) {
    case 400:
    case 413: // too large, and
    case 415: // unsupported content type: a bad request, under their own statuses
      return body.error === 'bad_request' &&
        typeof body.message === 'string' &&
        keysAre(body, ['error', 'message', 'errors']) &&
        (body.errors === undefined || isFieldErrors(body.errors))
        ? null
        : 'not a bad_request body';
    case 401:
      return keysAre(body, ['error']) && body.error === 'unauthorized' ? null : 'not an unauthorized body';
    case 403:
      return body.error === 'forbidden' &&
        typeof body.reason === 'string' &&
        keysAre(body, ['error', 'reason'])
        ? null
        : 'not a forbidden body';
    case 404:
      return keysAre(body, ['error']) && body.error === 'not_found' ? null : 'not a not_found body';
    case 409:
    case 422:
      return keysAre(body, ['errors']) && isFieldErrors(body.errors) ? null : 'not a field-errors body';
    case 429:
      return keysAre(body, ['error']) && body.error === 'too_many_requests'
        ? null
        : 'not a too_many_requests body';
    default:
      return `status ${status} is not in API.md`;
  }
}

// ---------------------------------------------------------------------------------------------------

function operationsOf(spec: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const content = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content;
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters as Parameter[] | undefined) ?? [],
        body: content?.['application/json']?.schema,
      });
    }
  }
  // Deleting goes last, so that the records every other operation uses still exist.
  return operations.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

/** The live event stream (GET /api/projects/:id/events): a 2xx never ends, so it is not read to its end. */
const isEventStream = (c: Case) => c.method === 'GET' && /\/events(\?|$)/.test(c.url);

/** The answer with its body as text; an event stream that opened (2xx) is let go with an empty body. */
async function answerOf(c: Case, res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  if (!isEventStream(c)) return res;
  const stream = res.stream();
  if (res.statusCode < 300) {
    stream.destroy();
    return { statusCode: res.statusCode, headers: res.headers, body: '' };
  }
  let body = '';
  for await (const chunk of stream) body += chunk;
  return { statusCode: res.statusCode, headers: res.headers, body };
}

test(
  'every operation in the OpenAPI description answers hostile input with a 4xx from API.md',
  async () => {
    const spec = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const operations = operationsOf(spec);
    expect(operations.length).toBeGreaterThan(40);
    // The local storage target is not in the description; it takes forms from anyone.
    const extra: Case[] = [
      ['multipart/form-data', 'x', 'no boundary'],
      ['multipart/form-data; boundary=', 'x', 'empty boundary'],
      ['multipart/form-data; boundary=zz', 'not a form', 'body without the boundary'],
      [
        'multipart/form-data; boundary=zz',
        '--zz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
        'cut off',
      ],
      ['multipart/form-data; boundary=zz', '--zz\r\n\r\n\r\n--zz--', 'part without a name'],
      ['application/json', '{}', 'JSON'],
    ].map(([type, payload, what]) => ({
      method: 'POST',
      url: '/storage/upload',
      headers: { 'content-type': type! },
      payload,
      what: `storage upload: ${what}`,
    }));
    const cases = [...operations.flatMap(casesFor), ...extra];
    expect(cases.length).toBeGreaterThanOrEqual(3000);

    const breaches: string[] = [];
    const started = Date.now();
    let sent = 0;
    const statuses: Record<string, number> = {};
    // Operations that answered 2xx at least once: proof that the real ids reach the handlers.
    const reached = new Set<string>();
    for (const c of cases) {
      if (Date.now() - started > MAX_REQUESTS_MS) {
        breaches.push(`stopped after ${sent} requests: over ${MAX_REQUESTS_MS} ms`);
        break;
      }
      const res = await answerOf(
        c,
        await t.app.inject({
          method: c.method as 'GET',
          url: c.url,
          headers: { ...(c.anonymous ? {} : bearer(token)), ...c.headers },
          ...(c.payload !== undefined ? { payload: c.payload } : {}),
          // A live event stream never ends: its answer is read as a stream (answerOf).
          ...(isEventStream(c) ? { payloadAsStream: true } : {}),
        }),
      );
      sent++;
      statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
      if (res.statusCode < 300) reached.add(`${c.method} ${c.url.split('?')[0]}`);
      const breach = contractBreach(c.url, res.statusCode, res.headers, res.body);
      if (breach) {
        breaches.push(
          `${c.method} ${c.url.slice(0, 120)} [${c.what}] -> ${res.statusCode} ${breach}: ${res.body.slice(0, 200)}`,
        );
      }
    }
    // biome-ignore lint/suspicious/noConsole: the run's size and spread, for whoever reads CI logs
    console.info(
      `fuzz: ${sent} requests over ${operations.length} operations in ${Date.now() - started} ms;`,
      `statuses ${JSON.stringify(statuses)}; ${reached.size} operations answered 2xx`,
    );
    expect(breaches.slice(0, 60), `${breaches.length} breaches`).toEqual([]);
    expect(sent).toBeGreaterThanOrEqual(3000);
  },
  MAX_REQUESTS_MS + 60_000,
);
