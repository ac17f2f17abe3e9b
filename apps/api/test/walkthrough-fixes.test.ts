import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from './support/app.js';
import { bearer, signIn } from './support/factories.js';
import { buildWorld, type World } from './support/world.js';

// Issue 11: season names unique per organization (item 3); the projects list sorts by subjects (item 9).

let t: TestApp;
let w: World;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildWorld(t.ctx.db);
  token = await signIn(t.app, w.users.studioManager!.email);
});
afterAll(() => t?.close());

const post = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

describe('season names', () => {
  test('a second season of the same name (any case, any spaces) is 422 "has already been taken"', async () => {
    const url = `/api/organizations/${w.orgs.studioA.id}/seasons`;
    expect((await post(url, { season: { name: 'Spring 2031' } })).statusCode).toBe(201);
    for (const name of ['Spring 2031', ' spring 2031 ']) {
      const again = await post(url, { season: { name } });
      expect(again.statusCode).toBe(422);
      expect(again.json()).toEqual({ errors: { name: ['has already been taken'] } });
    }
    const seasons = await t.ctx.db
      .selectFrom('seasons')
      .select('id')
      .where('organization_id', '=', w.orgs.studioA.id)
      .where('name', 'ilike', '%spring 2031%')
      .execute();
    expect(seasons).toHaveLength(1);
  });

  test('another organization may use the same name', async () => {
    await t.ctx.db
      .insertInto('seasons')
      .values({ organization_id: w.orgs.studioB.id, name: 'Autumn 2031' })
      .execute();
    const res = await post(`/api/organizations/${w.orgs.studioA.id}/seasons`, {
      season: { name: 'Autumn 2031' },
    });
    expect(res.statusCode).toBe(201);
  });

  test('the database refuses a duplicate a racing request would insert', async () => {
    await expect(
      t.ctx.db
        .insertInto('seasons')
        .values([
          { organization_id: w.orgs.studioB.id, name: 'Race' },
          { organization_id: w.orgs.studioB.id, name: 'RACE' },
        ])
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});

describe('projects list sort', () => {
  test('sort=subjects_count and -subjects_count order by the number of subjects', async () => {
    const db = t.ctx.db;
    const made: string[] = [];
    for (const [name, subjects] of [
      ['Sort Few', 1],
      ['Sort Many', 3],
      ['Sort None', 0],
    ] as const) {
      const project = await db
        .insertInto('projects')
        .values({ organization_id: w.orgs.schoolA1.id, name, season_id: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      made.push(project.id);
      for (let i = 0; i < subjects; i += 1) {
        await db.insertInto('subjects').values({ project_id: project.id, properties: '{}' }).execute();
      }
    }
    const names = async (sort: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/organizations/${w.orgs.schoolA1.id}/projects?keyword=Sort&sort=${sort}`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().projects as { name: string; subjects_count: number }[]).map((p) => p.name);
    };
    expect(await names('subjects_count')).toEqual(['Sort None', 'Sort Few', 'Sort Many']);
    expect(await names('-subjects_count')).toEqual(['Sort Many', 'Sort Few', 'Sort None']);
    expect(made).toHaveLength(3);
  });
});
