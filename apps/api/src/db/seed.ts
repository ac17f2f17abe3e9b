import { APP_SLUG, COMPANION_APP_SLUG, MANAGER_ROLE, type OrganizationRole } from '@school-portal/domain';
import type { Transaction } from 'kysely';
import { hashPassword } from '../modules/auth/passwords.js';
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
export async function seedDemoData(db: Db): Promise<boolean> {
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

    const previous = await trx
      .insertInto('seasons')
      .values({
        organization_id: studio,
        name: '2025-2026',
        period_start: '2025-08-01',
        period_end: '2026-07-31',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const current = await trx
      .insertInto('seasons')
      .values({
        organization_id: studio,
        name: '2026-2027',
        period_start: '2026-08-01',
        period_end: '2027-07-31',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('organizations')
      .set({ current_season_id: current.id })
      .where('id', '=', studio)
      .execute();

    await trx
      .insertInto('projects')
      .values([
        {
          organization_id: school,
          season_id: previous.id,
          name: 'Maple Grove Spring 2026',
          short_code: 'MG26S',
        },
        {
          organization_id: school,
          season_id: current.id,
          name: 'Maple Grove Fall 2026',
          short_code: 'MG26F',
        },
        { organization_id: school2, season_id: current.id, name: 'Riverside Fall 2026', short_code: 'RV26F' },
        {
          organization_id: studio,
          season_id: current.id,
          name: 'Studio Sports Day 2026',
          short_code: 'SSD26',
        },
      ])
      .execute();

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
  return true;
}
