import type { OrganizationRole, OrganizationTarget } from '@school-portal/domain';
import { type Insertable, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageRequest, pageOf } from '../../db/paging.js';
import type { Database } from '../../db/schema.js';
import { type Access, type Decision, withTarget } from '../access/visibility.js';

export const organizationColumns = [
  'o.id',
  'o.name',
  'o.role',
  'o.short_code',
  'o.contact_name',
  'o.contact_phone',
  'o.contact_email',
  'o.logo_url',
  'o.logo_thumb_url',
  'o.support_url',
  'o.parent_organization_id',
  'p.name as parent_organization_name',
  'o.current_season_id',
  'o.created_at',
  'o.updated_at',
] as const;

export function selectOrganizations(db: Db) {
  return db
    .selectFrom('organizations as o')
    .leftJoin('organizations as p', 'p.id', 'o.parent_organization_id')
    .select(organizationColumns);
}

export type OrganizationRow = Awaited<
  ReturnType<ReturnType<typeof selectOrganizations>['executeTakeFirstOrThrow']>
>;

/**
 * The organization `id` if the caller's account can see it (its own or one below), else 404, so other trees
 * are never revealed; then the action decided on it as the policies see it (`organizationTarget`).
 */
export function findOrganization(access: Access, id: string, decision?: Decision<OrganizationRow>) {
  const target = (organization: OrganizationRow) => organizationTarget(organization, access);
  return access.findRow('organization', id, selectOrganizations, 'o.id', withTarget(decision, target));
}

/**
 * One page of the organizations below `organizationId`, by name: its children, or with
 * `traverse_sub_organizations` every level below it; `keyword` filters names.
 */
export function listChildOrganizations(
  db: Db,
  access: Access,
  organizationId: string,
  q: PageRequest & { traverse_sub_organizations?: boolean; keyword?: string },
) {
  let query = selectOrganizations(db);
  query = q.traverse_sub_organizations
    ? query.where('o.id', 'in', access.subtreeIds(organizationId)).where('o.id', '!=', organizationId)
    : query.where('o.parent_organization_id', '=', organizationId);
  if (q.keyword) query = query.where('o.name', 'ilike', keywordPattern(q.keyword));
  return pageOf(db, query, (query) => query.orderBy('o.name').orderBy('o.id'), q);
}

/** An organization's id and name. */
export function organizationName(db: Db, id: string) {
  return db.selectFrom('organizations').select(['id', 'name']).where('id', '=', id).executeTakeFirstOrThrow();
}

export async function supportOf(db: Db, organizationId: string, appSlug: string) {
  const [links, contacts] = await Promise.all([
    db
      .selectFrom('organization_support_links')
      .select(['id', 'label', 'external_url', 'plic_app_slug'])
      .where('organization_id', '=', organizationId)
      .where((eb) => eb.or([eb('plic_app_slug', '=', ''), eb('plic_app_slug', '=', appSlug)]))
      .orderBy('position')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('organization_support_contacts')
      .select(['id', 'label', 'name', 'email', 'phone_number', 'plic_app_slug'])
      .where('organization_id', '=', organizationId)
      .where((eb) => eb.or([eb('plic_app_slug', '=', ''), eb('plic_app_slug', '=', appSlug)]))
      .orderBy('position')
      .orderBy('id')
      .execute(),
  ]);
  return {
    support_links: links,
    support_contacts: contacts.map((c) => ({ ...c, phone_number_formatted: formatPhone(c.phone_number) })),
  };
}

/** +15550199 -> +1 555 0199; other forms are shown as entered. */
export function formatPhone(phone: string | null): string | null {
  if (!phone) return null;
  const digits = phone.replace(/[^\d+]/g, '');
  const nanp = /^\+?1?(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (nanp) return `(${nanp[1]}) ${nanp[2]}-${nanp[3]}`;
  return phone;
}

export const keywordPattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const countAll = sql<number>`count(*)::int`;

/** An organization as the policies see it: its role, and whether it is the caller's own. */
export const organizationTarget = (
  organization: { id: string; role: string },
  access: Pick<Access, 'placementOf'>,
): OrganizationTarget => ({
  id: organization.id,
  role: organization.role as OrganizationRole,
  placement: access.placementOf(organization.id),
});

/** The organization `id` as a one-row subquery, for lists filtered to the organizations a query selects. */
export function organizationIdQuery(db: Db, id: string) {
  return db.selectFrom('organizations').select('id').where('id', '=', id);
}

/** Makes a season the organization's current one (seasons are created by their module, kept here). */
export async function setCurrentSeason(
  trx: Transaction<Database> | Db,
  organizationId: string,
  seasonId: string,
) {
  await trx
    .updateTable('organizations')
    .set({ current_season_id: seasonId })
    .where('id', '=', organizationId)
    .execute();
}

/** Changes an organization's fields; answers it as lists show it. */
export async function updateOrganization(
  db: Db,
  id: string,
  changes: Partial<Omit<Insertable<Database['organizations']>, 'id' | 'role' | 'parent_organization_id'>>,
): Promise<OrganizationRow> {
  if (Object.keys(changes).length > 0) {
    await db
      .updateTable('organizations')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  }
  return selectOrganizations(db).where('o.id', '=', id).executeTakeFirstOrThrow();
}

/** Adds a child organization of the role its parent may have below it. */
export async function createChildOrganization(
  db: Db,
  parentId: string,
  role: OrganizationRole,
  values: Omit<
    Insertable<Database['organizations']>,
    'id' | 'role' | 'parent_organization_id' | 'logo_thumb_url' | 'current_season_id'
  >,
): Promise<OrganizationRow> {
  const created = await db
    .insertInto('organizations')
    .values({
      ...values,
      logo_thumb_url: null,
      current_season_id: null,
      role,
      parent_organization_id: parentId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return selectOrganizations(db).where('o.id', '=', created.id).executeTakeFirstOrThrow();
}
