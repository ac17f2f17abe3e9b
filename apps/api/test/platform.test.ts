import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, projectThroughApi, signIn } from './support/factories.js';
import { buildWorld, type World } from './support/world.js';

/** The HTTP platform: input that PostgreSQL cannot store, router-level errors, headers on every answer. */
let t: TestApp;
let w: World;
let token: string;
let projectId: string;
let fieldId: string;

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioManager!.email);
  const project = await projectThroughApi(t.app, token, {
    name: 'Platform project',
    organizationId: w.orgs.studioA.id,
    fields: [{ field_key: 'first_name' }],
  });
  projectId = project.id;
  fieldId = project.fields.first_name!;
});

afterAll(async () => {
  await t?.close();
});

function expectSecurityHeaders(res: { headers: Record<string, unknown> }) {
  expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBeTruthy();
  expect(res.headers['cache-control']).toBe('no-store');
}

describe('text PostgreSQL cannot store and dates out of range', () => {
  test('a NUL byte in a body answers 422 with the field, before the handler runs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password-resets',
      payload: { email: 'a\u0000b', plic_app_id: 'school-portal' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['contains characters that are not allowed'] } });
  });

  test('a NUL byte in a query string answers 400', async () => {
    const res = await t.app.inject({
      url: `/api/organizations/${w.orgs.studioA.id}/projects?keyword=%00`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', errors: { keyword: expect.any(Array) } });
    expect(typeof res.json().message).toBe('string');
  });

  test('a NUL byte in a path parameter answers 400', async () => {
    const res = await t.app.inject({ url: '/api/projects/1%00', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'bad_request', errors: { id: expect.any(Array) } });
  });

  test('a lone surrogate in a nested property answers 422 under the property', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/subjects`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: `{"subject":{"properties":{"${fieldId}":"\\ud800"}}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      errors: { [`properties.${fieldId}`]: ['contains characters that are not allowed'] },
    });
  });

  test('a lone surrogate in an object key answers 422, and a valid pair is accepted', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/subjects`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: '{"subject":{"properties":{"\\udc00":"x"}}}',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.properties).toEqual(['contains characters that are not allowed']);
    const good = await t.app.inject({
      method: 'POST',
      url: `/api/projects/${projectId}/subjects`,
      headers: bearer(token),
      payload: { subject: { properties: { [fieldId]: 'Zoë 😀' } } },
    });
    expect(good.statusCode, good.body).toBe(201);
  });

  test.each(['0000-01-01', '1899-12-31', '0001-01-01'])('a season starting %s answers 422', async (day) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${w.orgs.studioA.id}/seasons`,
      headers: bearer(token),
      payload: { season: { name: 'X', period_start: day } },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.period_start).toEqual(expect.any(Array));
  });

  test('a season with dates in range is created', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/organizations/${w.orgs.studioA.id}/seasons`,
      headers: bearer(token),
      payload: { season: { name: 'X', period_start: '1900-01-01', period_end: '9999-12-31' } },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  test('an instant in year 0 in a query answers 400', async () => {
    const res = await t.app.inject({
      url: `/api/projects/${projectId}/subjects?added_since=0000-01-01T00:00:00Z`,
      headers: bearer(token),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });
});

describe('router-level errors', () => {
  test('a path that does not decode answers 400 in our shape with the security headers', async () => {
    const res = await t.app.inject({ url: '/api/projects/%ff', headers: bearer(token) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    expectSecurityHeaders(res);
  });

  test('an id over the length limit answers 404 in our shape with the security headers', async () => {
    const res = await t.app.inject({ url: `/api/projects/${'1'.repeat(300)}`, headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found' });
    expectSecurityHeaders(res);
  });

  test('an unknown route and a validation failure carry the security headers too', async () => {
    const missing = await t.app.inject({ url: '/api/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
    const invalid = await t.app.inject({ url: '/api/projects/%ff%00' });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid);
  });
});

describe('local storage upload target', () => {
  const postUpload = (contentType: string, payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/storage/upload',
      headers: { 'content-type': contentType },
      payload,
    });

  test('multipart/form-data without a boundary answers 400, not 500', async () => {
    const res = await postUpload('multipart/form-data', 'whatever');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
  });

  test('a boundary with a broken body answers 400', async () => {
    const res = await postUpload(
      'multipart/form-data; boundary=xyz',
      '--xyz\r\nContent-Disposition: form-data; name="key"\r\n\r\nabc',
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
