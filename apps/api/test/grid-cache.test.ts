import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { GridPageCache } from '../src/modules/subjects/grid-cache.js';
import type { TestApp } from './support/app.js';
import { bearer } from './support/factories.js';
import { projectWithFields } from './support/project-data.js';
import { countQueries } from './support/query-count.js';
import { SIGNED_IN, type World, worldApp } from './support/world.js';

// The grid keeps pages it has read (modules/subjects/grid-cache.ts) and serves them again only while
// its project's grid version (migration 0021, kept by triggers) stands. These tests make every kind of
// change straight in the database, as another API process, a job or psql would: the next page must
// show it.
let t: TestApp;
let w: World;
let tokens: Record<string, string>;

beforeAll(async () => {
  ({ t, w, tokens } = await worldApp(SIGNED_IN, {}, { workers: false }));
});
afterAll(() => t?.close());

const PAGE_QUERY = 'WITH page AS';

async function newProject(name: string, people: string[]) {
  const p = await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, name, ['first_name', 'medical']);
  await t.ctx.db
    .updateTable('subject_fields')
    .set({ visible_to_customers: false })
    .where('id', '=', p.fields.medical!)
    .execute();
  for (const first of people) {
    await t.ctx.db
      .insertInto('subjects')
      .values({
        project_id: p.projectId,
        properties: JSON.stringify({ [p.fields.first_name!]: first, [p.fields.medical!]: `secret-${first}` }),
      })
      .execute();
  }
  return p;
}

interface GridSubject {
  id: string;
  full_name: string;
  photos_count: number;
  primary_photo_id: string | null;
  primary_photo_thumbnails: { tiny: string; small: string } | null;
}

/** A grid page, and whether it was read from the database (the page query sent) or from the cache. */
async function grid(projectId: string, query = '', who = 'studioManager') {
  const { value: res, statements } = await countQueries(() =>
    t.app.inject({
      method: 'GET',
      url: `/api/projects/${projectId}/subjects?sort=full_name${query}`,
      headers: bearer(tokens[who]!),
    }),
  );
  return {
    status: res.statusCode,
    subjects: (res.json().subjects ?? []) as GridSubject[],
    total: res.json().meta?.total as number,
    read: statements.some((s) => s.includes(PAGE_QUERY)),
  };
}

/** Reads the page until it comes from the cache, so the next read shows whether a change was seen. */
async function cached(projectId: string, query = '') {
  await grid(projectId, query);
  const again = await grid(projectId, query);
  expect(again.read, 'the same page, nothing changed: from the cache').toBe(false);
  return again;
}

describe('grid page cache', () => {
  test('a page asked for again while nothing changed is not read again', async () => {
    const { projectId } = await newProject('Cache', ['Ann', 'Bo']);
    const first = await grid(projectId);
    expect(first.read).toBe(true);
    const second = await grid(projectId);
    expect(second.read).toBe(false);
    expect(second.subjects).toEqual(first.subjects);
    // Another page, sort or filter is a page of its own.
    expect((await grid(projectId, '&direction=desc')).read).toBe(true);
    expect((await grid(projectId, '&keyword=ann')).total).toBe(1);
  });

  test('every change a page shows is seen at once, however it was made', async () => {
    const p = await newProject('Changes', ['Ann', 'Bo']);
    const { db } = t.ctx;
    const names = (g: { subjects: GridSubject[] }) => g.subjects.map((s) => s.full_name);

    // A subject's values.
    expect(names(await cached(p.projectId))).toEqual(['Ann', 'Bo']);
    await sql`UPDATE subjects SET properties = jsonb_set(properties, ${`{${p.fields.first_name}}`}::text[], '"Cy"')
      WHERE project_id = ${p.projectId} AND properties ->> ${p.fields.first_name!} = 'Ann'`.execute(db);
    expect(names(await grid(p.projectId))).toEqual(['Bo', 'Cy']);

    // A subject added, and one deleted.
    await cached(p.projectId);
    await db
      .insertInto('subjects')
      .values({ project_id: p.projectId, properties: JSON.stringify({ [p.fields.first_name!]: 'Al' }) })
      .execute();
    expect(names(await grid(p.projectId))).toEqual(['Al', 'Bo', 'Cy']);
    await cached(p.projectId);
    await sql`DELETE FROM subjects WHERE project_id = ${p.projectId} AND properties ->> ${p.fields.first_name!} = 'Bo'`.execute(
      db,
    );
    const afterDelete = await grid(p.projectId);
    expect(names(afterDelete)).toEqual(['Al', 'Cy']);
    expect(afterDelete.total).toBe(2);

    // A photo assigned as primary (no renditions yet), then its renditions made, then the photo deleted.
    const al = afterDelete.subjects[0]!;
    const photo = await db
      .insertInto('photos')
      .values({
        album_id: p.albumId,
        storage_key: `grid-cache/${p.projectId}/original`,
        upload_file_name: 'al.jpg',
        upload_file_size: 1000,
        upload_content_type: 'image/jpeg',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await cached(p.projectId);
    await db
      .insertInto('subject_photo_assignments')
      .values({ subject_id: al.id, photo_id: photo.id, is_primary: true })
      .execute();
    const assigned = (await grid(p.projectId)).subjects[0]!;
    expect(assigned).toMatchObject({
      photos_count: 1,
      primary_photo_id: photo.id,
      primary_photo_thumbnails: null,
    });

    await cached(p.projectId);
    await db
      .updateTable('photos')
      .set({ renditions_ready_at: new Date() })
      .where('id', '=', photo.id)
      .execute();
    const ready = (await grid(p.projectId)).subjects[0]!;
    expect(ready.primary_photo_thumbnails?.small).toContain('small');

    // A change no page shows (the working master's size) keeps the cached pages.
    await db
      .updateTable('photos')
      .set({ master_width: 100, master_height: 150 })
      .where('id', '=', photo.id)
      .execute();
    expect((await grid(p.projectId)).read).toBe(false);

    await db.deleteFrom('photos').where('id', '=', photo.id).execute();
    expect((await grid(p.projectId)).subjects[0]).toMatchObject({ photos_count: 0, primary_photo_id: null });
  });

  test('projects of the same shape, and callers who see other fields, never share a page', async () => {
    const a = await newProject('Twin A', ['Ann']);
    const b = await newProject('Twin B', ['Zed']);
    expect((await cached(a.projectId)).subjects.map((s) => s.full_name)).toEqual(['Ann']);
    expect((await grid(b.projectId)).subjects.map((s) => s.full_name)).toEqual(['Zed']);

    // The studio may search hidden values; the school may not: the studio's page must not answer it.
    expect((await cached(a.projectId, '&keyword=secret')).total).toBe(1);
    const school = await grid(a.projectId, '&keyword=secret', 'schoolStaff');
    expect(school.status).toBe(200);
    expect(school.total).toBe(0);
    expect(JSON.stringify((await grid(a.projectId, '', 'schoolStaff')).subjects)).not.toContain('secret-');
  });

  test('a project on its way out answers 404, whatever pages were kept', async () => {
    const p = await newProject('Leaving', ['Ann']);
    await cached(p.projectId);
    await t.ctx.db
      .updateTable('projects')
      .set({ deleting_at: new Date() })
      .where('id', '=', p.projectId)
      .execute();
    expect((await grid(p.projectId)).status).toBe(404);
  });
});

describe('GridPageCache', () => {
  const query = (n: number) => ({ sql: `q${n}`, parameters: [n], query: {} as never, queryId: {} as never });

  test('keeps rows up to its bound, least recently used out first; 0 keeps nothing', async () => {
    const cache = new GridPageCache(7);
    let runs = 0;
    const read = (n: number, rows = 2) =>
      cache.read(query(n), '1', async () => {
        runs++;
        return Array.from({ length: rows }, (_, i) => i);
      });
    await read(1);
    await read(2);
    await read(1); // kept; 1 is now the most recent
    expect(runs).toBe(2);
    await read(3); // a third page of 2 rows (+1 each) passes 7: the least recent (2) goes
    await read(1);
    expect(runs).toBe(3);
    await read(2);
    expect(runs).toBe(4);
    // A page read under another version is read again.
    await cache.read(query(2), '2', async () => {
      runs++;
      return [];
    });
    expect(runs).toBe(5);

    const none = new GridPageCache(0);
    let noneRuns = 0;
    for (let i = 0; i < 2; i++)
      await none.read(query(1), '1', async () => {
        noneRuns++;
        return [1];
      });
    expect(noneRuns).toBe(2);
  });
});
