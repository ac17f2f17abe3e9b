import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { TestApp } from './support/app.js';
import { injectAs } from './support/factories.js';
import { type World, worldApp } from './support/world.js';

let t: TestApp;
let w: World;
let tokens: Record<string, string>;

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp());
  await t.ctx.db
    .insertInto('organization_support_links')
    .values([
      {
        organization_id: w.orgs.studioA.id,
        label: 'All apps',
        external_url: 'https://example.test/all',
        plic_app_slug: '',
      },
      {
        organization_id: w.orgs.studioA.id,
        label: 'Ours',
        external_url: 'https://example.test/ours',
        plic_app_slug: 'school-portal',
      },
      {
        organization_id: w.orgs.studioA.id,
        label: 'Other app',
        external_url: 'https://example.test/other',
        plic_app_slug: 'plic-io',
      },
    ])
    .execute();
  await t.ctx.db
    .insertInto('organization_support_contacts')
    .values({
      organization_id: w.orgs.studioA.id,
      label: 'Care',
      name: 'Carla',
      email: 'care@example.test',
      phone_number: '+15555550199',
    })
    .execute();
});
afterAll(() => t?.close());

const call = (who: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) =>
  injectAs(t.app, tokens[who]!, method, url, payload);
/** Studio A's manager creates a child of Studio A, or lists its children by `query`. */
const createUnderStudioA = (organization: object) =>
  call('studioManager', 'POST', `/api/organizations/${w.orgs.studioA.id}/organizations`, { organization });
const studioAChildren = (query: string) =>
  call('studioManager', 'GET', `/api/organizations/${w.orgs.studioA.id}/organizations?${query}`);

describe('organizations', () => {
  test('show carries every field and the organization’s support links', async () => {
    const res = await call('studioManager', 'GET', `/api/organizations/${w.orgs.studioA.id}`);
    expect(res.statusCode).toBe(200);
    const o = res.json().organization;
    expect(o).toMatchObject({ name: 'Studio A', role: 'studio_role', parent_organization_name: 'Lab A' });
    for (const key of [
      'short_code',
      'contact_name',
      'contact_phone',
      'contact_email',
      'logo_url',
      'support_url',
    ]) {
      expect(o).toHaveProperty(key);
    }
    expect(o.support_links.map((l: { label: string }) => l.label)).toEqual(['All apps', 'Ours']);
  });

  test('a studio creates a school; a lab creates a studio; the role follows the parent', async () => {
    const school = await createUnderStudioA({
      name: 'New School',
      short_code: 'NEWSC',
      contact_email: 'Office@New.test',
    });
    expect(school.statusCode).toBe(201);
    expect(school.json().organization).toMatchObject({
      name: 'New School',
      role: 'customer_role',
      short_code: 'NEWSC',
      contact_email: 'office@new.test',
      parent_organization_id: w.orgs.studioA.id,
    });
    const studio = await call('labManager', 'POST', `/api/organizations/${w.orgs.labA.id}/organizations`, {
      organization: { name: 'New Studio', role: 'studio_role' },
    });
    expect(studio.json().organization.role).toBe('studio_role');
    const wrongRole = await createUnderStudioA({ name: 'Bad', role: 'lab_role' });
    expect(wrongRole.statusCode).toBe(422);
    expect(wrongRole.json().errors.role).toBeDefined();
  });

  test('validation: name required, short code at most 9 characters, nothing half-written', async () => {
    const before = await t.ctx.db.selectFrom('organizations').select('id').execute();
    const blank = await createUnderStudioA({ name: '  ', short_code: '1234567890' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toEqual({
      name: ["can't be blank"],
      short_code: ['is too long (maximum is 9 characters)'],
    });
    const noName = await createUnderStudioA({});
    expect(noName.json().errors.name).toEqual(["can't be blank"]);
    const badEmail = await createUnderStudioA({
      name: 'X',
      contact_email: 'not-an-email',
      logo_url: 'javascript:alert(1)',
    });
    expect(Object.keys(badEmail.json().errors).sort()).toEqual(['contact_email', 'logo_url']);
    const after = await t.ctx.db.selectFrom('organizations').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  test('update changes fields, validates them, and never the role', async () => {
    const ok = await call('studioManager', 'PATCH', `/api/organizations/${w.orgs.schoolA1.id}`, {
      organization: { contact_name: 'Pat Principal', contact_phone: '+1 555 0142' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().organization).toMatchObject({ contact_name: 'Pat Principal', role: 'customer_role' });
    const bad = await call('studioManager', 'PATCH', `/api/organizations/${w.orgs.schoolA1.id}`, {
      organization: { short_code: 'WAYTOOLONGCODE' },
    });
    expect(bad.statusCode).toBe(422);
    const role = await call('studioManager', 'PATCH', `/api/organizations/${w.orgs.schoolA1.id}`, {
      organization: { role: 'lab_role' },
    });
    expect(role.statusCode).toBe(200);
    expect(role.json().organization.role).toBe('customer_role');
  });

  test('children list: keyword search and paging, 10 a page by default', async () => {
    for (let i = 0; i < 11; i++) {
      await createUnderStudioA({ name: `Paged School ${String(i).padStart(2, '0')}` });
    }
    const first = (await studioAChildren('keyword=paged')).json();
    expect(first.organizations).toHaveLength(10);
    expect(first.meta).toEqual({ page: 1, limit: 10, total: 11 });
    const second = (await studioAChildren('keyword=paged&page=2')).json();
    expect(second.organizations.map((o: { name: string }) => o.name)).toEqual(['Paged School 10']);
    const percent = (await studioAChildren('keyword=%25')).json();
    expect(percent.meta.total).toBe(0);
    // A literal % in a name is found by it: the keyword is matched as text, not as a pattern.
    await createUnderStudioA({ name: '100% Kids Academy' });
    const literal = (await studioAChildren('keyword=%25')).json();
    expect(literal.organizations.map((o: { name: string }) => o.name)).toEqual(['100% Kids Academy']);
    const deep = (
      await call(
        'labManager',
        'GET',
        `/api/organizations/${w.orgs.labA.id}/organizations?traverse_sub_organizations=true&limit=500`,
      )
    ).json();
    expect(deep.organizations.map((o: { name: string }) => o.name)).toContain('School A1');
    expect(deep.organizations.map((o: { name: string }) => o.name)).not.toContain('Lab A');
    expect(
      (await call('labManager', 'GET', `/api/organizations/${w.orgs.labA.id}/organizations?limit=501`))
        .statusCode,
    ).toBe(400);
  });

  test('support: the parent’s links and contacts for this app (blank slug means all apps)', async () => {
    const res = await call('schoolStaff', 'GET', `/api/organizations/${w.orgs.schoolA1.id}/support`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.organization).toEqual({ id: w.orgs.studioA.id, name: 'Studio A' });
    expect(body.support_links.map((l: { label: string }) => l.label)).toEqual(['All apps', 'Ours']);
    expect(body.support_contacts[0]).toMatchObject({
      name: 'Carla',
      phone_number_formatted: '(555) 555-0199',
    });
  });
});
