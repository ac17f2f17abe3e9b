import {
  APP_SLUG,
  COMPANION_APP_SLUG,
  MANAGER_ROLE,
  type OrganizationRole,
  SHAPESHIFTER_ROLE,
} from './constants.js';
import { isAccountEnabledFor, isLicensed } from './licensing.js';
import { childRoleFor, isCustomer, isLab, isStudio, isStudioOrLab } from './organizations.js';
import type { User } from './schemas.js';

/**
 * Everything the permission rules look at. The server builds it from the database for each request;
 * the web builds it from `GET /api/users/me?include_accounts=true`. Same input, same answers.
 */
export interface AbilityContext {
  user: {
    id: string;
    roles: string[];
    active_plic_app_slugs: string[];
    accounts_count: number;
  };
  account: {
    id: string;
    organization_id: string;
    managed_organization_ids: string[];
    enable_plic_app_whitelist: boolean;
    plic_app_whitelist_slugs: string[];
  } | null;
  organization: { id: string; role: OrganizationRole } | null;
  /** Whether a support chat service is configured (spec §1). */
  supportChatEnabled?: boolean;
}

export interface TemplateRef {
  organization_id: string;
  project_id: string | null;
}

export interface ExportFormatRef {
  /** Built-in formats have no organization and can never be edited. */
  organization_id: string | null;
  created_by_user_id: string | null;
  restricted: boolean;
}

export interface LayoutRef {
  /** Built-in layouts have no organization and can never be edited. */
  organization_id: string | null;
}

/**
 * A project export as the delete rule sees it: who made it and, when the caller knows it, its state. The
 * server decides the permission without the state (a running export is a 409 there, not a 403); the web
 * passes the state too, so one call says whether to offer Delete.
 */
export interface ProjectExportRef {
  created_by_user_id: string | null;
  /** 'done', 'stalled' or anything else (running): only done or stalled exports may be deleted. */
  state?: string;
}

export interface Abilities {
  isLicensed: boolean;
  isManager: boolean;
  isStudioOrLabManager: boolean;
  managesOwnOrganization: boolean;
  canSwitchAccounts: boolean;
  // organizations
  canListOrganizations: boolean;
  canCreateOrganizations: boolean;
  canShowOrganization: (organizationId: string) => boolean;
  /** The role of a child this account may create, or null (then the new-organization screen goes home). */
  childOrganizationRole: OrganizationRole | null;
  // users
  canCreateUsersIn: (organizationId: string, isOwnOrSubOrganization: 'own' | 'sub' | 'other') => boolean;
  canCreateUsers: boolean;
  canSendInvites: boolean;
  canEnableForAllApps: boolean;
  canOpenAdminUserUrl: boolean;
  // projects and templates
  canCreateProjects: boolean;
  canSelectProjectOrganization: boolean;
  canEditProjectTemplate: (template: TemplateRef) => boolean;
  canDeleteProjectTemplate: (template: TemplateRef) => boolean;
  canViewHiddenFields: boolean;
  /** Reusable templates (list, show, edit screens) are for studio and lab accounts. */
  canViewProjectTemplates: boolean;
  /** Seasons are kept by studio and lab accounts that manage their own organization. */
  canManageSeasons: boolean;
  /** File requests are the studio's: accounts that manage their own studio. */
  canRequestFiles: boolean;
  /** Customers don't delete subjects; studio and lab accounts do. */
  canDeleteSubjects: boolean;
  /** Picture day batches (a whole shoot matched to subjects) are run by studio and lab accounts. */
  canRunPictureDay: boolean;
  /** Consent flags (directory opt-out, leave out of the yearbook) are the school's: its own accounts. */
  canSetConsent: boolean;
  // subjects, layouts, companion app, support
  canUploadSubjects: boolean;
  canEditLayouts: boolean;
  /** A layout is changed only in the manager's own organization: built-in ones are copied first. */
  canEditLayout: (layout: LayoutRef) => boolean;
  canOpenCompanionApp: boolean;
  canUseSupportChat: boolean;
  // exports and printing
  canRunExports: boolean;
  canUpdateExportFormat: (format: ExportFormatRef) => boolean;
  canCopyExportFormat: (format: ExportFormatRef) => boolean;
  canDeleteExportFormat: (format: ExportFormatRef) => boolean;
  canShareExportFormatWithSubOrganizations: boolean;
  canDeleteProjectExport: (projectExport: ProjectExportRef) => boolean;
  // sidebar entries (spec §2)
  sidebar: {
    switchAccounts: boolean;
    organizations: boolean;
    projectTemplates: boolean;
    seasons: boolean;
    fileRequests: boolean;
  };
}

/** Project export states in which an export may be deleted (exports §6: only when done or stalled). */
export const DELETABLE_EXPORT_STATES = ['done', 'stalled'] as const;

export function defineAbilities(ctx: AbilityContext): Abilities {
  const { user, account, organization } = ctx;
  const role = organization?.role ?? null;
  const isManager = user.roles.includes(MANAGER_ROLE);
  const studioOrLab = isStudioOrLab(role);
  const isStudioOrLabManager = isManager && studioOrLab;
  const managedIds = account?.managed_organization_ids ?? [];
  // "An account manages its own organization when its organization id is in managedOrganizationIds."
  const managesOwnOrganization = !!account && managedIds.includes(account.organization_id);
  const ownOrganizationManager = isManager && managesOwnOrganization;
  const companionEnabled = !!account && isAccountEnabledFor(account, COMPANION_APP_SLUG);

  // Custom export formats: editable when not restricted by the same organization's managers of their
  // own organization; when restricted, by the creator only. Built-in formats never.
  const canChangeFormat = (format: ExportFormatRef) => {
    if (format.organization_id === null) return false;
    if (format.restricted) return format.created_by_user_id === user.id;
    return format.organization_id === organization?.id && managesOwnOrganization;
  };
  const canChangeTemplate = (template: TemplateRef) =>
    isStudioOrLabManager && managesOwnOrganization && template.organization_id === organization?.id;

  return {
    isLicensed: isLicensed(user, account, APP_SLUG),
    isManager,
    isStudioOrLabManager,
    managesOwnOrganization,
    canSwitchAccounts: user.accounts_count > 1 || user.roles.includes(SHAPESHIFTER_ROLE),
    canListOrganizations: isStudioOrLabManager,
    canCreateOrganizations: isStudioOrLabManager && childRoleFor(role) !== null,
    canShowOrganization: (organizationId) => isManager || managedIds.includes(organizationId),
    childOrganizationRole: isStudioOrLabManager ? childRoleFor(role) : null,
    // A manager of the own organization may create users there or below; others only below.
    canCreateUsersIn: (_organizationId, where) => {
      if (where === 'other') return false;
      if (where === 'own') return ownOrganizationManager;
      return true;
    },
    // Somewhere to create users: the own organization (its managers), or organizations below it, which
    // only studios and labs have. A school's staff have neither, so no New User leads nowhere.
    canCreateUsers: !!account && (ownOrganizationManager || childRoleFor(role) !== null),
    canSendInvites: isStudioOrLabManager,
    canEnableForAllApps: isStudioOrLabManager,
    canOpenAdminUserUrl: isStudioOrLabManager,
    canCreateProjects: isStudioOrLabManager,
    canSelectProjectOrganization: studioOrLab,
    canEditProjectTemplate: (template) => canChangeTemplate(template) && template.project_id === null,
    canDeleteProjectTemplate: canChangeTemplate,
    canViewHiddenFields: isStudioOrLabManager,
    canViewProjectTemplates: studioOrLab,
    canManageSeasons: managesOwnOrganization && studioOrLab,
    canRequestFiles: managesOwnOrganization && isStudio(role),
    canDeleteSubjects: studioOrLab,
    canRunPictureDay: studioOrLab,
    canSetConsent: !!account && isCustomer(role),
    canUploadSubjects: isStudioOrLabManager && companionEnabled,
    canEditLayouts: isStudioOrLabManager,
    canEditLayout: (layout) =>
      isStudioOrLabManager &&
      managesOwnOrganization &&
      layout.organization_id !== null &&
      layout.organization_id === organization?.id,
    canOpenCompanionApp: isStudioOrLabManager && companionEnabled,
    canUseSupportChat: isStudioOrLabManager && !!ctx.supportChatEnabled,
    canRunExports: !!account,
    canUpdateExportFormat: canChangeFormat,
    canCopyExportFormat: canChangeFormat,
    canDeleteExportFormat: canChangeFormat,
    canShareExportFormatWithSubOrganizations: isStudioOrLabManager,
    // The creator, or a manager (of the project's organization tree: the project is in view).
    canDeleteProjectExport: (projectExport) =>
      !!account &&
      (isManager ||
        (projectExport.created_by_user_id !== null && projectExport.created_by_user_id === user.id)) &&
      (projectExport.state === undefined ||
        (DELETABLE_EXPORT_STATES as readonly string[]).includes(projectExport.state)),
    sidebar: {
      switchAccounts: user.accounts_count > 1 || user.roles.includes(SHAPESHIFTER_ROLE),
      organizations: managesOwnOrganization && isStudioOrLabManager,
      projectTemplates: managesOwnOrganization && studioOrLab,
      seasons: managesOwnOrganization && studioOrLab,
      fileRequests: managesOwnOrganization && isStudio(role),
    },
  };
}

export { isCustomer, isLab, isStudio, isStudioOrLab };

/**
 * The permission rules applied to a signed-in user as `GET /api/users/me` answers it (its current account
 * and organization): what the web shows and offers.
 */
export function abilitiesForUser(user: User, supportChatEnabled = false): Abilities {
  const account = user.current_account;
  return defineAbilities({
    user: {
      id: user.id,
      roles: user.roles,
      active_plic_app_slugs: user.active_plic_app_slugs,
      accounts_count: user.accounts_count ?? user.accounts?.length ?? 0,
    },
    account: account
      ? {
          id: account.id,
          organization_id: account.organization_id,
          managed_organization_ids: account.managed_organization_ids,
          enable_plic_app_whitelist: account.enable_plic_app_whitelist,
          plic_app_whitelist_slugs: account.plic_app_whitelist_slugs,
        }
      : null,
    organization: account?.organization
      ? { id: account.organization.id, role: account.organization.role }
      : null,
    supportChatEnabled,
  });
}
