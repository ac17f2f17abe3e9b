import type { Db } from '../../src/db/database.js';
import { createTestApp, type TestApp } from './app.js';
import { type BuiltUser, buildOrganization, buildUser, signInAll } from './factories.js';

/**
 * Two trees for authorization tests:
 *   labA > studioA > schoolA1, schoolA2;  labA > studioA2;   labB > studioB > schoolB
 * and one user of each kind in tree A, plus a manager in tree B.
 */
export async function buildWorld(db: Db) {
  const labA = await buildOrganization(db, { role: 'lab_role', name: 'Lab A' });
  const studioA = await buildOrganization(db, { role: 'studio_role', parent: labA.id, name: 'Studio A' });
  const studioA2 = await buildOrganization(db, { role: 'studio_role', parent: labA.id, name: 'Studio A2' });
  const schoolA1 = await buildOrganization(db, {
    role: 'customer_role',
    parent: studioA.id,
    name: 'School A1',
  });
  const schoolA2 = await buildOrganization(db, {
    role: 'customer_role',
    parent: studioA.id,
    name: 'School A2',
  });
  const labB = await buildOrganization(db, { role: 'lab_role', name: 'Lab B' });
  const studioB = await buildOrganization(db, { role: 'studio_role', parent: labB.id, name: 'Studio B' });
  const schoolB = await buildOrganization(db, {
    role: 'customer_role',
    parent: studioB.id,
    name: 'School B',
  });
  const orgs = { labA, studioA, studioA2, schoolA1, schoolA2, labB, studioB, schoolB };

  const users: Record<string, BuiltUser> = {
    labManager: await buildUser(db, { organizations: [labA.id], manager: true }),
    studioManager: await buildUser(db, { organizations: [studioA.id], manager: true }),
    studioStaff: await buildUser(db, { organizations: [studioA.id] }),
    schoolStaff: await buildUser(db, { organizations: [schoolA1.id], manages: 'own' }),
    unlicensed: await buildUser(db, { organizations: [studioA.id], slugs: ['plic-io'] }),
    // People to look at and invite, one in each organization.
    memberStudioA2: await buildUser(db, { organizations: [studioA2.id] }),
    memberSchoolA1: await buildUser(db, { organizations: [schoolA1.id] }),
    memberSchoolA2: await buildUser(db, { organizations: [schoolA2.id] }),
    memberStudioA: await buildUser(db, { organizations: [studioA.id] }),
    memberSchoolB: await buildUser(db, { organizations: [schoolB.id] }),
    memberStudioB: await buildUser(db, { organizations: [studioB.id] }),
    foreignManager: await buildUser(db, { organizations: [studioB.id], manager: true }),
  };
  return { orgs, users };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/** Whom the area tests act as; `worldApp` signs each of them in. */
export const SIGNED_IN = [
  'labManager',
  'studioManager',
  'studioStaff',
  'schoolStaff',
  'memberSchoolB',
  'foreignManager',
] as const;

/**
 * The real server on a fresh database (`createTestApp`'s arguments after `signedIn`), the world in it, and
 * the tokens of `signedIn` by name.
 */
export async function worldApp(
  signedIn: readonly string[] = SIGNED_IN,
  ...app: Parameters<typeof createTestApp>
) {
  return inWorld(await createTestApp(...app), signedIn);
}

/** The world built in the fresh app `t` (a listening one, say), and the tokens of `signedIn` by name. */
export async function inWorld<App extends TestApp>(t: App, signedIn: readonly string[] = SIGNED_IN) {
  const w = await buildWorld(t.ctx.db);
  return { t, w, tokens: await signInAll(t.app, w.users, signedIn) };
}
