import { type Action, can, policyOf, readsHiddenFields } from '@school-portal/domain';
import { type Compilable, type SelectQueryBuilder, sql } from 'kysely';
import { type Db, prepared } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { forbidden, notFound, unprocessable } from '../../http/errors.js';
import { isRecordId } from '../../http/params.js';
import type { Session } from '../users/session.js';
import { ancestorOrganizationIds, visibleOrganizationIds } from './tree.js';

/**
 * Which records a caller can see, for every kind, in one place: its account's organization and every one
 * below it, the projects of those, and what hangs off those projects. A few kinds also reach upward: the
 * seasons and reusable templates of the organizations above (a school uses its studio's). A template copy
 * tied to a project is seen exactly when its project is. Nothing else in the code knows the tree.
 */
export type VisibleKind =
  | 'organization'
  | 'project'
  | 'season'
  | 'template'
  | 'subject'
  | 'album'
  | 'photo'
  | 'photo_crop'
  | 'assignment'
  | 'project_import'
  | 'subject_import'
  | 'file_request'
  | 'attachment'
  | 'export_format'
  | 'user'
  | 'layout_category'
  | 'layout'
  | 'layout_render'
  | 'project_export'
  | 'photo_batch'
  | 'photo_batch_item';

/**
 * What a lookup gives back: the record's id, and where it sits (its organization and project). Built-in
 * export formats belong to no organization: their `organization_id` is null.
 */
export interface VisibleRef {
  id: string;
  organization_id: string;
  project_id: string | null;
}

type RefQuery = SelectQueryBuilder<Database, keyof Database, VisibleRef>;

/** The request a lookup decides for: the route's declared action, and how to mark it decided. */
export interface RouteDecision {
  action: Action | undefined;
  decided: () => void;
}

/** The record as the policy of `A` sees it (an organization's role and placement, a format's creator). */
type PolicyRecord<A extends Action> = Parameters<typeof can<A>>[2];

/**
 * What a lookup decides once the record is found: an action (the route's own when left out) and, for an
 * action whose policy reads the record, that record built from the row found.
 */
export type Decision<R, A extends Action = Action> =
  | A
  | { action?: A; target?: (row: R) => PolicyRecord<A> | Promise<PolicyRecord<A>> };

/**
 * `decision`, with `target` building the record its policy reads unless the decision brings its own: a
 * module's finder gives every action on its kind the record as the policies see it.
 */
export function withTarget<R>(
  decision: Decision<R> | undefined,
  target: (row: R) => PolicyRecord<Action> | Promise<PolicyRecord<Action>>,
): Decision<R> {
  const given = typeof decision === 'string' ? { action: decision } : decision;
  return { target, ...given };
}

/** The ids in view of a kind (a subquery), as `findRow`'s query gets them. */
export type VisibleIds = ReturnType<Access['ids']>;

/** Tables whose rows belong to one project through a `project_id` of their own. */
type ProjectOwnedTable =
  | 'subjects'
  | 'project_imports'
  | 'subject_imports'
  | 'attachments'
  | 'layout_renders'
  | 'project_exports'
  | 'photo_batches';
/** Tables whose rows hang off a record of another kind, and the column naming it. */
type ChildTable = 'photos' | 'photo_crops' | 'subject_photo_assignments' | 'photo_batch_items';
type ChildColumn = 'album_id' | 'photo_id' | 'subject_id' | 'photo_batch_id';
/** Tables of layouts and their categories: built in (no organization) or an organization's. */
type LayoutTable = 'layouts' | 'layout_categories';

export class Access {
  /**
   * `route` is the request's: `find` and `findRow` decide its action. Jobs and other code without a request
   * leave it out and name the action they decide.
   */
  constructor(
    private readonly db: Db,
    private readonly session: Session | null,
    private readonly route?: RouteDecision,
  ) {}

  private get root(): string | null {
    return this.session?.account?.organization_id ?? null;
  }

  /** Ids of the organizations in view: the account's own and every one below it. */
  organizationIds() {
    const root = this.root;
    // Without an account nothing is in view; `-1` matches no organization.
    return visibleOrganizationIds(this.db, root ?? '-1');
  }

  /** Ids of the organizations in view or above the caller's (whose seasons and templates it may use). */
  organizationIdsInViewOrAbove() {
    return this.db
      .selectFrom('organizations')
      .select('organizations.id')
      .where((eb) =>
        eb.or([
          eb('organizations.id', 'in', this.organizationIds()),
          eb('organizations.id', 'in', ancestorOrganizationIds(this.db, this.root ?? '-1')),
        ]),
      );
  }

  /** An organization in view and every one below it (for "traverse sub-organizations" lists). */
  subtreeIds(organizationId: string) {
    return visibleOrganizationIds(this.db, organizationId).where('tree.id', 'in', this.organizationIds());
  }

  /** An organization and every one above it (a school, its studio, the studio's lab). */
  selfAndAncestorIds(organizationId: string) {
    return ancestorOrganizationIds(this.db, organizationId);
  }

  /** Seasons a project of `organizationId` may take: in view, of that organization or one above it. */
  seasonIdsFor(organizationId: string) {
    return this.ids('season').where(
      'v.id',
      'in',
      this.db
        .selectFrom('seasons')
        .select('seasons.id')
        .where('seasons.organization_id', 'in', ancestorOrganizationIds(this.db, organizationId)),
    );
  }

  /** Reusable templates in view (a project's own copy is not one). */
  reusableTemplateIds() {
    return this.db.selectFrom(this.refs('template').as('v')).select('v.id').where('v.project_id', 'is', null);
  }

  /**
   * Export formats a project of `organizationId` may use (exports §3): the built-in ones, that
   * organization's own, and those the organizations above it make available to sub-organizations; and,
   * for a caller whose organization is above the project's, the caller's own (a studio uses the format it
   * made on its school's project; the school itself still sees only what is shared with it).
   */
  exportFormatIdsFor(organizationId: string) {
    const { db } = this;
    return db
      .selectFrom('project_export_formats as f')
      .select('f.id')
      .where((eb) =>
        eb.or([
          eb('f.organization_id', 'is', null),
          eb('f.organization_id', '=', organizationId),
          eb.and([
            eb('f.organization_id', 'in', ancestorOrganizationIds(db, organizationId)),
            eb.or([
              eb('f.available_to_suborganizations', '=', true),
              eb('f.organization_id', '=', this.root ?? '-1'),
            ]),
          ]),
        ]),
      );
  }

  projectIds() {
    return this.db
      .selectFrom('projects')
      .select('projects.id')
      .where('projects.organization_id', 'in', this.organizationIds())
      .where('projects.deleting_at', 'is', null);
  }

  /** Where the caller's organization sits for an organization in view. */
  placementOf(organizationId: string): 'own' | 'sub' {
    return organizationId === this.root ? 'own' : 'sub';
  }

  /** The records of a kind the caller can see, as (id, organization, project) rows. */
  refs(kind: VisibleKind): RefQuery {
    const { db } = this;
    switch (kind) {
      case 'organization':
        return db
          .selectFrom('organizations as r')
          .select(['r.id', 'r.id as organization_id'])
          .select((eb) => eb.val<string | null>(null).as('project_id'))
          .where('r.id', 'in', this.organizationIds()) as unknown as RefQuery;
      case 'project':
        return (
          db
            .selectFrom('projects as r')
            .select(['r.id', 'r.organization_id', 'r.id as project_id'])
            .where('r.organization_id', 'in', this.organizationIds())
            // A project being deleted is gone for everyone at once (projects.delete job).
            .where('r.deleting_at', 'is', null) as unknown as RefQuery
        );
      case 'season':
        return this.ofOrganization('seasons').where(
          'r.organization_id',
          'in',
          this.organizationIdsInViewOrAbove(),
        ) as unknown as RefQuery;
      case 'template':
        return db
          .selectFrom('project_templates as r')
          .select(['r.id', 'r.organization_id', 'r.project_id'])
          .where((eb) =>
            eb.or([
              eb.and([
                eb('r.project_id', 'is', null),
                eb('r.organization_id', 'in', this.organizationIdsInViewOrAbove()),
              ]),
              eb('r.project_id', 'in', this.projectIds()),
            ]),
          ) as unknown as RefQuery;
      case 'subject':
        return this.ownedByProject('subjects');
      case 'album':
        return this.inLiveProjectInView(
          db
            .selectFrom('albums as r')
            .innerJoin('projects as p', 'p.id', 'r.parent_resource_id')
            .select(['r.id', 'p.organization_id', 'p.id as project_id'])
            .where('r.parent_resource_type', '=', 'Project') as unknown as RefQuery,
        );
      case 'photo':
        return this.childOf('photos', 'album_id', 'album');
      case 'photo_crop':
        return this.childOf('photo_crops', 'photo_id', 'photo');
      case 'assignment':
        return this.childOf('subject_photo_assignments', 'subject_id', 'subject');
      case 'project_import':
        return this.ownedByProject('project_imports');
      case 'subject_import':
        return this.ownedByProject('subject_imports');
      case 'photo_batch':
        return this.ownedByProject('photo_batches');
      case 'photo_batch_item':
        return this.childOf('photo_batch_items', 'photo_batch_id', 'photo_batch');
      case 'file_request':
        // Made in an organization in view, or asking for a project in view.
        return this.ofOrganization('attachment_requests').where((eb) =>
          eb.or([
            eb('r.organization_id', 'in', this.organizationIds()),
            eb(
              'r.id',
              'in',
              eb
                .selectFrom('attachment_request_projects')
                .select('attachment_request_id')
                .where('project_id', 'in', this.projectIds()),
            ),
          ]),
        ) as unknown as RefQuery;
      case 'attachment':
        return this.ownedByProject('attachments');
      case 'export_format':
        // Built-in formats, formats of organizations in view, and those shared from above.
        return this.ofOrganization('project_export_formats').where((eb) =>
          eb.or([
            eb('r.organization_id', 'is', null),
            eb('r.organization_id', 'in', this.organizationIds()),
            eb.and([
              eb('r.available_to_suborganizations', '=', true),
              eb('r.organization_id', 'in', ancestorOrganizationIds(db, this.root ?? '-1')),
            ]),
          ]),
        ) as unknown as RefQuery;
      case 'layout_category':
        return this.builtInOrInViewOrAbove('layout_categories');
      case 'layout':
        return this.builtInOrInViewOrAbove('layouts');
      case 'layout_render':
        return this.outputOfProject('layout_renders');
      case 'project_export':
        return this.outputOfProject('project_exports');
      case 'user':
        // A user is seen through an account in an organization in view (the first such account).
        return db
          .selectFrom('users as r')
          .innerJoin('accounts as a', 'a.user_id', 'r.id')
          .distinctOn('r.id')
          .select(['r.id', 'a.organization_id'])
          .select((eb) => eb.val<string | null>(null).as('project_id'))
          .where('r.deleted_at', 'is', null)
          .where('a.organization_id', 'in', this.organizationIds()) as unknown as RefQuery;
    }
  }

  /** Records an organization owns, not of a project: `r`'s id and organization, to be narrowed. */
  private ofOrganization(table: 'seasons' | 'attachment_requests' | 'project_export_formats') {
    return (
      this.db
        // One table of the three: the columns every one of them reads are the same.
        .selectFrom(`${table} as r` as 'project_export_formats as r')
        .select(['r.id', 'r.organization_id'])
        .select((eb) => eb.val<string | null>(null).as('project_id'))
    );
  }

  /** Narrows a query over `projects as p` to the projects in view that are not being deleted. */
  private inLiveProjectInView(query: RefQuery): RefQuery {
    return query
      .where(sql.ref('p.organization_id'), 'in', this.organizationIds())
      .where(sql.ref('p.deleting_at'), 'is', null);
  }

  /** Records that hang off a record of another kind (a photo off its album): seen exactly when it is. */
  private childOf(table: ChildTable, parentColumn: ChildColumn, parent: VisibleKind): RefQuery {
    return (
      this.db
        // One table of the union: its rows are joined to the parent's refs by one id column.
        .selectFrom(`${table} as r` as 'photos as r')
        .innerJoin(this.refs(parent).as('up'), 'up.id', `r.${parentColumn}` as 'r.album_id')
        .select(['r.id', 'up.organization_id', 'up.project_id']) as unknown as RefQuery
    );
  }

  /** Records with a `project_id` of their own: seen exactly when their project is. */
  private ownedByProject(table: ProjectOwnedTable): RefQuery {
    return this.inLiveProjectInView(
      this.db
        // One table of the union: their columns used here are the same.
        .selectFrom(`${table} as r` as 'subjects as r')
        .innerJoin('projects as p', 'p.id', 'r.project_id')
        .select(['r.id', 'p.organization_id', 'r.project_id']) as unknown as RefQuery,
    );
  }

  /**
   * A project's outputs (prints, exports): seen with their project, except that one holding values of
   * hidden fields is seen only by callers who may read those fields (docs/authorization.md).
   */
  private outputOfProject(table: 'layout_renders' | 'project_exports'): RefQuery {
    const all = this.ownedByProject(table);
    if (this.session && readsHiddenFields(this.session.abilities)) return all;
    return all.where(sql.ref('r.holds_hidden_fields'), '=', false);
  }

  /** Layouts and their categories: built in (no organization), or of an organization in view or above. */
  private builtInOrInViewOrAbove(table: LayoutTable): RefQuery {
    return this.db
      .selectFrom(`${table} as r` as 'layouts as r')
      .select(['r.id'])
      .select((eb) => [
        eb.fn.coalesce('r.organization_id', eb.val('0')).as('organization_id'),
        eb.val<string | null>(null).as('project_id'),
      ])
      .where((eb) =>
        eb.or([
          eb('r.organization_id', 'is', null),
          eb('r.organization_id', 'in', this.organizationIdsInViewOrAbove()),
        ]),
      ) as unknown as RefQuery;
  }

  /** Ids of the records of a kind in view, to filter a list with (`where id in ...`). */
  ids(kind: VisibleKind) {
    return this.db.selectFrom(this.refs(kind).as('v')).select('v.id');
  }

  /**
   * The record the caller names, or the answer by itself: 404 when it is missing or out of view (the same
   * answer, so other organizations' records are never revealed), then 403 when it is found but the action
   * (the route's, unless `decision` names another) is refused by its policy. Deciding the route's action
   * marks the request authorized, which the answer guard in http/auth.ts asks for.
   */
  async find<A extends Action>(kind: VisibleKind, id: string, decision?: Decision<VisibleRef, A>) {
    const ref = await this.lookup(kind, id);
    if (!ref) throw notFound();
    await this.decide(ref, decision);
    return ref;
  }

  /**
   * Like `find`, but answers the record's own row in the same round trip: the row `from` selects whose
   * `idColumn` is `id`, narrowed to the ids in view.
   */
  async findRow<DB, TB extends keyof DB, O, A extends Action>(
    kind: VisibleKind,
    id: string,
    from: (db: Db) => SelectQueryBuilder<DB, TB, O>,
    idColumn: string,
    decision?: Decision<O, A>,
  ): Promise<O> {
    if (!isRecordId(id)) throw notFound();
    const column = sql.ref(idColumn);
    return this.findRowWhere(
      kind,
      (ids, db) => from(db).where(column, '=', id).where(column, 'in', ids),
      decision,
    );
  }

  /**
   * `findRow` for a record named otherwise than by its id (a slug): `select` gets the ids in view (a
   * subquery) and narrows its query to one row with them.
   */
  async findRowWhere<R, A extends Action>(
    kind: VisibleKind,
    select: (visibleIds: VisibleIds, db: Db) => Compilable<R>,
    decision?: Decision<R, A>,
  ): Promise<R> {
    const row = this.session?.account
      ? (await prepared(this.db, select(this.ids(kind), this.db))).rows[0]
      : undefined;
    if (!row) throw notFound();
    await this.decide(row, decision);
    return row;
  }

  /** Decides an action on a record found in view: 403 when its policy refuses the caller. */
  private async decide<R, A extends Action>(row: R, decision: Decision<R, A> | undefined) {
    const { action = this.route?.action, target } =
      typeof decision === 'string' ? { action: decision, target: undefined } : (decision ?? {});
    const abilities = this.session?.abilities;
    if (!action || !abilities) throw forbidden('not_allowed');
    const needsRecord = policyOf(action).needsRecord;
    const record = needsRecord && target ? await target(row) : undefined;
    // A record action looked up without the record its policy reads is the route's bug, not the caller's.
    if (needsRecord && record === undefined)
      throw new Error(`${action}: the lookup gives no record to decide`);
    if (!(can as (a: unknown, n: string, r: unknown) => boolean)(abilities, action, record)) {
      throw forbidden('not_allowed');
    }
    if (action === this.route?.action) this.route.decided();
  }

  /**
   * Ids named in a body: each must be in view, else a 422 "is invalid" under its field, so that a
   * record elsewhere is refused exactly like a missing one.
   */
  async requireVisible(fields: Record<string, { kind: VisibleKind; id: string | null | undefined }>) {
    const errors: Record<string, string[]> = {};
    const found: Record<string, VisibleRef> = {};
    for (const [field, { kind, id }] of Object.entries(fields)) {
      if (id === null || id === undefined) continue;
      const ref = await this.lookup(kind, id);
      if (ref) found[field] = ref;
      else errors[field] = ['is invalid'];
    }
    if (Object.keys(errors).length > 0) throw unprocessable(errors);
    return found;
  }

  private async lookup(kind: VisibleKind, id: string): Promise<VisibleRef | undefined> {
    if (!this.session?.account || !isRecordId(id)) return undefined;
    // One shape per kind, on nearly every request: a prepared statement (planned once per connection).
    const { rows } = await prepared(
      this.db,
      this.db.selectFrom(this.refs(kind).as('v')).selectAll('v').where('v.id', '=', id),
    );
    return rows[0];
  }
}
