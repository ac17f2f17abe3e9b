import type { Abilities, ExportFormatRef, LayoutRef, ProjectExportRef, TemplateRef } from './abilities.js';
import { APP_SLUG, type OrganizationRole } from './constants.js';
import { childRoleFor, isCustomer } from './organizations.js';

/**
 * Every action the API performs, with who may perform it. Routes declare one action each; the server's
 * `authorize` and the web's gating both read this table, so the two can't disagree. An action that is not
 * here is refused (deny by default).
 *
 * - `auth`: `public` (anyone, no token), `signed-in` (a valid token; the not-licensed and switch-accounts
 *   screens need that much), `licensed` (a valid token acting as a licensed account), `family` (a
 *   guardian's family token, which no other level accepts, and which is accepted by nothing else).
 * - `check`: the rule, from the caller's abilities and, for record actions, the record the route found in
 *   view. Visibility (404 for records out of view) is decided before it, by the API's access module.
 */
export type AuthLevel = 'public' | 'signed-in' | 'licensed' | 'family';

/** An organization as a rule sees it: its role, and whether it is the caller's own or one below. */
export interface OrganizationTarget {
  id: string;
  role: OrganizationRole;
  placement: 'own' | 'sub';
}

/** A user-creation request: where, and for which app (this one, or every app). */
export interface UserCreationTarget extends OrganizationTarget {
  plic_app_id: string;
  enable_for_all_apps: boolean;
}

/**
 * A user to delete (deactivate): whether it is the caller, and where each of its accounts sits for the
 * caller ('other' when out of the caller's view).
 */
export interface UserTarget {
  is_self: boolean;
  placements: ('own' | 'sub' | 'other')[];
}

interface RecordTypes {
  none: undefined;
  userTarget: UserTarget;
  organization: OrganizationTarget;
  userCreation: UserCreationTarget;
  template: TemplateRef;
  exportFormat: ExportFormatRef;
  projectExport: ProjectExportRef;
  layout: LayoutRef;
}

interface Policy<K extends keyof RecordTypes> {
  auth: AuthLevel;
  record: K;
  check: (abilities: Abilities, record: RecordTypes[K]) => boolean;
}

type AnyPolicy = { [K in keyof RecordTypes]: Policy<K> }[keyof RecordTypes];

const anyone = () => true;
const open = (auth: AuthLevel): Policy<'none'> => ({ auth, record: 'none', check: anyone });
/** Any licensed caller who can see the record (visibility has already answered 404 otherwise). */
const inView: Policy<'none'> = { auth: 'licensed', record: 'none', check: anyone };
const when = (check: (a: Abilities) => boolean): Policy<'none'> => ({
  auth: 'licensed',
  record: 'none',
  check,
});
const onOrganization = (check: (a: Abilities, o: OrganizationTarget) => boolean): Policy<'organization'> => ({
  auth: 'licensed',
  record: 'organization',
  check,
});

/** Who may import a roster into a project's subjects. */
export const canImportRoster = (a: Abilities) => a.isStudioOrLabManager;

export const POLICIES = {
  // No token: sign-in, reset links, invitations, health, documentation, the web app, signed storage links.
  public: open('public'),
  // Signed in, licensed or not.
  'current-user.show': open('signed-in'),
  'current-user.switch-account': open('signed-in'),
  'user.show': open('signed-in'),
  'licenses.list': open('signed-in'),

  // Organizations (portal-core §6).
  'organization.show': onOrganization((a, o) => a.canShowOrganization(o.id)),
  // Renaming and contacts: managers only (studio or lab managers for their tree, other managers for an
  // organization they manage); staff never, whatever their account manages.
  'organization.update': onOrganization(
    (a, o) => a.isStudioOrLabManager || (a.isManager && a.canShowOrganization(o.id) && o.placement === 'own'),
  ),
  'organization.list-children': when((a) => a.canListOrganizations),
  'organization.create-child': onOrganization(
    (a, o) => a.canCreateOrganizations && childRoleFor(o.role) !== null,
  ),
  'organization.support': inView,
  'organization.list-accounts': inView,
  'organization.list-users': inView,

  // Users.
  'user.create': {
    auth: 'licensed',
    record: 'userCreation',
    check: (a, t) =>
      a.canCreateUsersIn(t.id, t.placement) &&
      // New users are limited to this app unless a manager chose all apps (portal-core §6); only such a
      // manager may name another app.
      (t.plic_app_id === APP_SLUG || a.canEnableForAllApps) &&
      (!t.enable_for_all_apps || a.canEnableForAllApps),
  } satisfies Policy<'userCreation'>,
  'user.invite': when((a) => a.canSendInvites),
  // Deleting (deactivating) a user: a manager over every organization the user has an account
  // in (its own only when it manages it), never oneself.
  'user.delete': {
    auth: 'licensed',
    record: 'userTarget',
    check: (a, t) =>
      a.isManager &&
      !t.is_self &&
      t.placements.length > 0 &&
      t.placements.every((p) => p !== 'other') &&
      (!t.placements.includes('own') || a.managesOwnOrganization),
  } satisfies Policy<'userTarget'>,

  // Seasons and templates: studio and lab accounts that manage their own organization.
  'season.list': inView,
  'season.show': inView,
  'season.create': onOrganization((a, o) => o.placement === 'own' && a.canManageSeasons),
  'template.field-keys': inView,
  'template.list': when((a) => a.canViewProjectTemplates),
  // Reusable templates are for studios and labs; a project's own copy is seen with its project.
  'template.show': {
    auth: 'licensed',
    record: 'template',
    check: (a, t) => t.project_id !== null || a.canViewProjectTemplates,
  } satisfies Policy<'template'>,
  'template.create': onOrganization((a, o) =>
    a.canEditProjectTemplate({ organization_id: o.id, project_id: null }),
  ),
  'template.update': {
    auth: 'licensed',
    record: 'template',
    check: (a, t) => a.canEditProjectTemplate(t),
  } satisfies Policy<'template'>,
  'template.delete': {
    auth: 'licensed',
    record: 'template',
    check: (a, t) => a.canDeleteProjectTemplate(t) && t.project_id === null,
  } satisfies Policy<'template'>,

  // Projects.
  'project.list': inView,
  'project.show': inView,
  'project.activate': inView,
  'project.create': when((a) => a.canCreateProjects),
  'project.update': when((a) => a.canCreateProjects),
  // Deleting a project with everything in it: managers whose tree holds the project.
  'project.delete': when((a) => a.isManager),
  // What the product holds about a project, for a school's privacy office: anyone who sees the project.
  'project.data-summary': inView,
  // A project's live events (server-sent): anyone who sees the project opens the stream; each event is
  // passed on only to callers whose policy allows reading what it names (the API's events module).
  'project.events': inView,

  // Subjects and their photos: anyone who sees the project works on them; deleting is the studio's
  // (customers don't delete subjects: a school's roster changes go through the studio).
  'subject.list': inView,
  'subject.show': inView,
  'subject.create': inView,
  'subject.update': inView,
  'subject.delete': when((a) => a.canDeleteSubjects),
  // Merging duplicates deletes the subjects merged into the one kept: whoever may delete subjects.
  'subject.merge': when((a) => a.canDeleteSubjects),
  // Finding duplicates reads the project's subjects: customers run exports and prints for their projects.
  'subject.find-duplicates': inView,
  // Fields a template hides from customers: read (values, labels, and any output built from them: exports,
  // prints) only by studio and lab managers. Not a route's action: every module that reads subject values
  // asks `readsHiddenFields`, and outputs that hold hidden values are out of view for everyone else.
  'subject.read-hidden-fields': when((a) => a.canViewHiddenFields),
  // Consent (directory information opt-out, leave out of the yearbook) is owned by the school: its own
  // accounts set it (one subject, a selection); the studio and lab see it and may not change it
  // (docs/authorization.md). The roster import does not read consent columns yet (imports are the studio's).
  'subject.set-consent': when((a) => a.canSetConsent),
  // Layouts and prints (exports-and-printing §6): customers print for their projects too; built-in
  // layouts are everyone's. Editing layouts is the studio's or lab's managers'.
  'layout.list': inView,
  'layout.show': inView,
  'layout-render.create': inView,
  'layout-render.list': inView,
  'layout-render.show': inView,
  'layout-render.download': inView,
  'layout-render.worker-statuses': inView,
  // Editing layouts (exports §6): studio or lab managers. The menu entry; a copy of any layout in view
  // goes into the manager's own organization, and only such copies are changed.
  'layout.edit': when((a) => a.canEditLayouts),
  'layout.copy': when((a) => a.canEditLayouts && a.managesOwnOrganization),
  'layout.update': {
    auth: 'licensed',
    record: 'layout',
    check: (a, l) => a.canEditLayout(l),
  } satisfies Policy<'layout'>,
  'photo.list': inView,
  'photo.show': inView,
  'photo.upload': inView,
  'photo.crop': inView,
  'photo.assign': inView,
  'photo.import': inView,
  // Photo checks: a school sees its own projects' flags; marking retakes and making auto crops again (the
  // project's head-size rule) are the studio's or lab's, who shoot the retakes (docs/decisions.md).
  'photo-check.list': inView,
  'photo-check.retake': when((a) => a.canRunPictureDay),
  'photo-check.auto-crops': when((a) => a.canRunPictureDay),
  // Coverage: who still has no portrait. Read, downloaded and printed by anyone who sees
  // the project (the studio or lab of its tree, the school's own staff); the "missing portraits" e-mail
  // to the school is sent by the studio or lab that shoots the photos, never by the school to itself.
  'coverage.show': inView,
  'coverage.print': inView,
  'coverage.notify': when((a) => a.canRunPictureDay),
  // Picture day: a whole shoot uploaded, matched, reviewed and applied by the studio or lab of the
  // project's tree; customers (schools) don't run batches (403 on their own projects).
  'photo-batch.list': when((a) => a.canRunPictureDay),
  'photo-batch.show': when((a) => a.canRunPictureDay),
  'photo-batch.create': when((a) => a.canRunPictureDay),
  'photo-batch.upload': when((a) => a.canRunPictureDay),
  'photo-batch.match': when((a) => a.canRunPictureDay),
  'photo-batch.review': when((a) => a.canRunPictureDay),
  'photo-batch.apply': when((a) => a.canRunPictureDay),

  // Picture-day sessions and stations: run by the studio or lab of the project's tree (sessions, stations
  // and their links, the roster a station caches, check-ins, clock cards, walk-ups' review); the school
  // reads its projects' sessions, their check-ins and live events (its coverage), and opens no station.
  // A station link acts only through STATION_LINK_ACTIONS, on its own session.
  'photo-session.list': inView,
  'photo-session.show': inView,
  'photo-session.create': when((a) => a.canRunPictureDay),
  'photo-session.roster': when((a) => a.canRunPictureDay),
  'photo-session.events': inView,
  'photo-session.clock': when((a) => a.canRunPictureDay),
  'station.create': when((a) => a.canRunPictureDay),
  'station.revoke-link': when((a) => a.canRunPictureDay),
  // Tethered capture: the station's live batch, opened by the studio or lab, or by the station's own link.
  'station.batch': when((a) => a.canRunPictureDay),
  // The station's "now" view (its current student's frames, checks and crop) and the photographer's pick.
  'station.now': when((a) => a.canRunPictureDay),
  'station.pick': when((a) => a.canRunPictureDay),
  // A session's settings (whether a live batch's matched frames are applied as they come).
  'photo-session.update': when((a) => a.canRunPictureDay),
  'check-in.list': inView,
  'check-in.create': when((a) => a.canRunPictureDay),
  'walk-up.list': when((a) => a.canRunPictureDay),
  'walk-up.approve': when((a) => a.canRunPictureDay),
  // The day's end: the absent and retake lists, read by whoever reads the session's check-ins (the school
  // too). A student's camera card printed again at a station: staff, and a station link for its session.
  'photo-session.day-lists': inView,
  'photo-session.camera-card': when((a) => a.canRunPictureDay),

  // Roster imports (portal-core §6 "upload subjects": studio or lab managers). The domain's
  // canUploadSubjects also needs the companion app, because it gated the link to that app; the import
  // now lives here, so it needs only the manager role (decided: isStudioOrLabManager).
  'subject-import.list': when(canImportRoster),
  'subject-import.show': when(canImportRoster),
  'subject-import.create': when(canImportRoster),
  'subject-import.update': when(canImportRoster),
  'subject-import.check': when(canImportRoster),
  'subject-import.apply': when(canImportRoster),

  // File requests are the studio's; files are seen and sent by anyone who sees the project.
  'file-request.list': inView,
  'file-request.show': inView,
  'file-request.create': when((a) => a.canRequestFiles),
  'attachment.list': inView,
  'attachment.upload': inView,
  'attachment.download': inView,
  // A file that never arrived (Not Uploaded) may be removed by anyone who may send files for the project.
  'attachment.discard': inView,

  // Export formats (exports §6). Seen: built-in ones, those of organizations in view, and those the
  // organizations above share with sub-organizations (access module). Created by accounts that manage
  // their own organization, in it; changed, copied and deleted as canUpdate/Copy/DeleteExportFormat say
  // (creator only when restricted; built-in formats never).
  'export-format.list': inView,
  'export-format.show': inView,
  'export-format.create': onOrganization((a, o) => o.placement === 'own' && a.managesOwnOrganization),
  'export-format.update': {
    auth: 'licensed',
    record: 'exportFormat',
    check: (a, f) => a.canUpdateExportFormat(f),
  } satisfies Policy<'exportFormat'>,
  'export-format.copy': {
    auth: 'licensed',
    record: 'exportFormat',
    check: (a, f) => a.canCopyExportFormat(f),
  } satisfies Policy<'exportFormat'>,
  'export-format.delete': {
    auth: 'licensed',
    record: 'exportFormat',
    check: (a, f) => a.canDeleteExportFormat(f),
  } satisfies Policy<'exportFormat'>,
  // Not a route of its own: the second check when a format is made available to sub-organizations.
  'export-format.share': when((a) => a.canShareExportFormatWithSubOrganizations),

  // Project exports (exports §4, §6): whoever sees the project runs, checks, follows and downloads its
  // exports (customers run exports for their projects); deleting is for the export's creator or a manager
  // (of the project's organization tree, which visibility already guarantees). A running export is a 409
  // whoever asks (only done or stalled exports may be deleted).
  'project-export.list': inView,
  'project-export.show': inView,
  'project-export.create': inView,
  'project-export.check': inView,
  'project-export.download': inView,
  'project-export.delete': {
    auth: 'licensed',
    record: 'projectExport',
    check: (a, e) => a.canDeleteProjectExport(e),
  } satisfies Policy<'projectExport'>,

  // Yearbook deliveries: the studio or lab of the project's tree sets the publisher targets and makes the
  // deliveries; the school's staff read the ledger (what was sent when, and its change lists), run the
  // check, see the next deadline and choose a student's yearbook pose until the target's deadline.
  'yearbook-target.list': inView,
  'yearbook-target.show': inView,
  'yearbook-target.create': when((a) => a.canRunPictureDay),
  'yearbook-target.update': when((a) => a.canRunPictureDay),
  'yearbook-target.delete': when((a) => a.canRunPictureDay),
  'yearbook-target.choose-pose': inView,
  'yearbook-deadline.show': inView,
  'yearbook-delivery.create': when((a) => a.canRunPictureDay),
  'yearbook-delivery.check': inView,
  'yearbook-delivery.list': inView,
  'yearbook-delivery.show': inView,
  'yearbook-delivery.download': inView,
  'yearbook-delivery.change-list': inView,

  // Families (docs/families.md). A guardian signed in with a family token acts only through the family
  // actions, on the children it claimed (any other child 404); no other route accepts a family token and
  // the family routes accept nothing else (401). The studio or lab issues and lists the access codes; whoever
  // sees the project reads its guardians, pose choices and opt-out requests; the school's own accounts
  // remove a guardian, decide the requests and choose whether requests apply at once.
  'family.read': open('family'),
  'family.choose-pose': open('family'),
  'family.request-opt-out': open('family'),
  'family.update-settings': open('family'),
  'family-code.list': when((a) => a.canRunPictureDay),
  'family-code.issue': when((a) => a.canRunPictureDay),
  'guardian.list': inView,
  'guardian-link.delete': when((a) => a.canSetConsent || a.isStudioOrLabManager),
  'opt-out-request.list': inView,
  'opt-out-request.decide': when((a) => a.canSetConsent),
  'family-settings.update': when((a) => a.canSetConsent),

  // Screens and links only the web offers (no route of their own; the routes behind them keep their own
  // actions above). The sidebar's entries, the switch-accounts screen (also offered while unlicensed), the
  // support chat, the companion app's links (support, Upload Subjects), and the users list's admin link.
  'organization.browse': when((a) => a.sidebar.organizations),
  'template.browse': when((a) => a.sidebar.projectTemplates),
  'current-user.list-accounts': { auth: 'signed-in', record: 'none', check: (a) => a.canSwitchAccounts },
  'support.chat': when((a) => a.canUseSupportChat),
  'companion-app.open': when((a) => a.canOpenCompanionApp),
  'user.admin-link': when((a) => a.canOpenAdminUserUrl),
  // Studios and labs pick among their organizations (a new project's, the projects list's filter); a
  // school has only its own.
  'project.choose-organization': when((a) => a.canSelectProjectOrganization),

  // Activity trail: managers read their tree's trail; a school's own accounts read the trail of
  // its projects (the API narrows them to project rows), so a school sees who touched its students' data.
  'audit-event.list': onOrganization((a, o) => a.isManager || (o.placement === 'own' && isCustomer(o.role))),
} satisfies Record<string, AnyPolicy>;

export type Action = keyof typeof POLICIES;
type RecordOf<A extends Action> = Parameters<(typeof POLICIES)[A]['check']>[1];
/** Actions decided from the caller alone, before any record is looked at. */
/** The actions only the web asks (screens and links with no route of their own), listed above. */
export const WEB_ONLY_ACTIONS = [
  'organization.browse',
  'template.browse',
  'current-user.list-accounts',
  'support.chat',
  'companion-app.open',
  'user.admin-link',
  'project.choose-organization',
] as const satisfies readonly Action[];

/**
 * What a station link (a device signed in for one photo session) may do, on its own session only; every
 * other route answers it 404, as a record out of view.
 */
export const STATION_LINK_ACTIONS = [
  'photo-session.show',
  'photo-session.roster',
  'photo-session.events',
  'photo-session.clock',
  'check-in.list',
  'check-in.create',
  'photo-session.camera-card',
  // Tethered capture: the live batch, and its upload calls for that batch only (picture-day/live-batch.ts).
  'station.batch',
  'photo-batch.upload',
  'photo.upload',
  // Its own station's "now" view and pick.
  'station.now',
  'station.pick',
] as const satisfies readonly Action[];
export const isStationLinkAction = (action: Action) =>
  (STATION_LINK_ACTIONS as readonly string[]).includes(action);
/** Whether an action is a guardian's (a family token's, and nobody else's). */
export const isFamilyAction = (action: Action) => POLICIES[action].auth === 'family';

export type CallerAction = { [A in Action]: RecordOf<A> extends undefined ? A : never }[Action];
/** Actions that need the record the route found. */
export type RecordAction = Exclude<Action, CallerAction>;

/** Whether the caller may read the fields a template hides from customers (the one question modules ask). */
export const readsHiddenFields = (abilities: Abilities) => can(abilities, 'subject.read-hidden-fields');

export const isAction = (name: string): name is Action => Object.hasOwn(POLICIES, name);

export function policyOf(action: Action): { auth: AuthLevel; needsRecord: boolean } {
  const policy: AnyPolicy = POLICIES[action];
  return { auth: policy.auth, needsRecord: policy.record !== 'none' };
}

/** Whether abilities allow an action (on a record, for record actions). Unknown actions are refused. */
export function can<A extends Action>(
  abilities: Abilities,
  action: A,
  ...record: RecordOf<A> extends undefined ? [] : [RecordOf<A>]
): boolean {
  const policy: AnyPolicy | undefined = POLICIES[action];
  if (!policy) return false;
  return (policy.check as (a: Abilities, r: unknown) => boolean)(abilities, record[0]);
}
