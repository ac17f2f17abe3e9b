import { describe, expect, test } from 'vitest';
import { type AbilityContext, defineAbilities } from '../src/abilities.js';
import type { OrganizationRole } from '../src/constants.js';
import { can } from '../src/policies.js';

function ctx(
  options: {
    role?: OrganizationRole;
    manager?: boolean;
    managesOwn?: boolean;
    managed?: string[];
    accounts?: number;
    roles?: string[];
    slugs?: string[];
    whitelist?: string[];
    chat?: boolean;
    noAccount?: boolean;
  } = {},
): AbilityContext {
  const orgId = '10';
  return {
    user: {
      id: '1',
      roles: [...(options.manager ? ['manager'] : []), ...(options.roles ?? [])],
      active_plic_app_slugs: options.slugs ?? ['school-portal'],
      accounts_count: options.accounts ?? 1,
    },
    account: options.noAccount
      ? null
      : {
          id: '100',
          organization_id: orgId,
          managed_organization_ids: [...(options.managesOwn ? [orgId] : []), ...(options.managed ?? [])],
          enable_plic_app_whitelist: options.whitelist !== undefined,
          plic_app_whitelist_slugs: options.whitelist ?? [],
        },
    organization: { id: orgId, role: options.role ?? 'studio_role' },
    supportChatEnabled: options.chat,
  };
}
const abilities = (options: Parameters<typeof ctx>[0] = {}) => defineAbilities(ctx(options));

describe('licensing', () => {
  test('licensed with no whitelist and the slug active', () => {
    expect(abilities().isLicensed).toBe(true);
  });
  test('licensed when the whitelist names this app', () => {
    expect(abilities({ whitelist: ['school-portal', 'plic-io'] }).isLicensed).toBe(true);
  });
  test('not licensed when the whitelist leaves this app out', () => {
    expect(abilities({ whitelist: ['plic-io'] }).isLicensed).toBe(false);
  });
  test('not licensed when the user’s active slugs lack this app', () => {
    expect(abilities({ slugs: ['plic-io'] }).isLicensed).toBe(false);
  });
  test('not licensed without an account', () => {
    expect(abilities({ noAccount: true }).isLicensed).toBe(false);
  });
});

describe('switching accounts', () => {
  test('allowed with several accounts', () => {
    expect(abilities({ accounts: 2 }).canSwitchAccounts).toBe(true);
  });
  test('allowed with the shapeshifter role and one account', () => {
    expect(abilities({ roles: ['shapeshifter'] }).canSwitchAccounts).toBe(true);
  });
  test('refused with one account and no shapeshifter role', () => {
    expect(abilities().canSwitchAccounts).toBe(false);
    expect(abilities().sidebar.switchAccounts).toBe(false);
  });
});

describe('managing the own organization', () => {
  test('an account manages its own organization when its id is in managed ids', () => {
    expect(abilities({ managesOwn: true }).managesOwnOrganization).toBe(true);
    expect(abilities({ managed: ['11'] }).managesOwnOrganization).toBe(false);
  });
  test('show organization: managers, or accounts managing that organization', () => {
    expect(abilities({ manager: true }).canShowOrganization('99')).toBe(true);
    expect(abilities({ managed: ['11'] }).canShowOrganization('11')).toBe(true);
    expect(abilities({ managed: ['11'] }).canShowOrganization('12')).toBe(false);
  });
});

describe('studio-or-lab manager powers', () => {
  const powers = [
    'canListOrganizations',
    'canCreateOrganizations',
    'canCreateProjects',
    'canViewHiddenFields',
    'canEditLayouts',
    'canSendInvites',
    'canEnableForAllApps',
    'canShareExportFormatWithSubOrganizations',
  ] as const;
  test.each(powers)('%s: studio and lab managers only', (power) => {
    expect(abilities({ manager: true, role: 'studio_role' })[power]).toBe(true);
    expect(abilities({ manager: true, role: 'lab_role' })[power]).toBe(true);
    expect(abilities({ manager: true, role: 'vertically_integrated_role' })[power]).toBe(true);
    expect(abilities({ manager: false, role: 'studio_role' })[power]).toBe(false);
    expect(abilities({ manager: true, role: 'customer_role' })[power]).toBe(false);
  });
  test('support chat needs the ability and a chat service', () => {
    expect(abilities({ manager: true, chat: true }).canUseSupportChat).toBe(true);
    expect(abilities({ manager: true, chat: false }).canUseSupportChat).toBe(false);
    expect(abilities({ manager: false, chat: true }).canUseSupportChat).toBe(false);
  });
  test('subject uploads and the companion app also need the account enabled for the companion app', () => {
    expect(abilities({ manager: true }).canUploadSubjects).toBe(true);
    expect(abilities({ manager: true, whitelist: ['school-portal'] }).canUploadSubjects).toBe(false);
    expect(abilities({ manager: true, whitelist: ['school-portal'] }).canOpenCompanionApp).toBe(false);
    expect(abilities({ manager: true, whitelist: ['school-portal', 'plic-io'] }).canOpenCompanionApp).toBe(
      true,
    );
  });
});

describe('organizations', () => {
  test('a studio creates customers, a lab creates studios, a school creates nothing', () => {
    expect(abilities({ manager: true, role: 'studio_role' }).childOrganizationRole).toBe('customer_role');
    expect(abilities({ manager: true, role: 'lab_role' }).childOrganizationRole).toBe('studio_role');
    expect(abilities({ manager: true, role: 'customer_role' }).childOrganizationRole).toBeNull();
    expect(abilities({ manager: true, role: 'customer_role' }).canCreateOrganizations).toBe(false);
  });
});

describe('users', () => {
  test('a manager of the own organization creates users there and below; others only below', () => {
    const own = abilities({ manager: true, managesOwn: true });
    expect(own.canCreateUsersIn('10', 'own')).toBe(true);
    expect(own.canCreateUsersIn('11', 'sub')).toBe(true);
    const staff = abilities({});
    expect(staff.canCreateUsersIn('10', 'own')).toBe(false);
    expect(staff.canCreateUsersIn('11', 'sub')).toBe(true);
    expect(own.canCreateUsersIn('99', 'other')).toBe(false);
  });

  test('New User is offered only where there is somewhere to create users', () => {
    expect(abilities({ manager: true, managesOwn: true, role: 'customer_role' }).canCreateUsers).toBe(true);
    expect(abilities({ role: 'studio_role' }).canCreateUsers).toBe(true);
    // School staff: not a manager of the school, and a school has no organizations below it.
    expect(abilities({ managesOwn: true, role: 'customer_role' }).canCreateUsers).toBe(false);
  });
});

describe('project templates', () => {
  const own = { organization_id: '10', project_id: null };
  test('studio or lab managers of the own organization edit templates not tied to a project', () => {
    const a = abilities({ manager: true, managesOwn: true });
    expect(a.canEditProjectTemplate(own)).toBe(true);
    expect(a.canEditProjectTemplate({ ...own, project_id: '5' })).toBe(false);
    expect(a.canDeleteProjectTemplate({ ...own, project_id: '5' })).toBe(true);
    expect(a.canEditProjectTemplate({ ...own, organization_id: '11' })).toBe(false);
  });
  test('not without managing the own organization, and not for staff', () => {
    expect(abilities({ manager: true }).canEditProjectTemplate(own)).toBe(false);
    expect(abilities({ managesOwn: true }).canDeleteProjectTemplate(own)).toBe(false);
  });
  test("deleting leaves a project's own template alone (the web asks this policy, it keeps no copy)", () => {
    const a = abilities({ manager: true, managesOwn: true });
    expect(can(a, 'template.delete', own)).toBe(true);
    expect(can(a, 'template.delete', { ...own, project_id: '5' })).toBe(false);
  });
});

describe('export formats and exports', () => {
  const format = { organization_id: '10', created_by_user_id: '2', restricted: false };
  test('custom formats: same organization and managing the own organization', () => {
    expect(abilities({ managesOwn: true }).canUpdateExportFormat(format)).toBe(true);
    expect(abilities({}).canUpdateExportFormat(format)).toBe(false);
    expect(abilities({ managesOwn: true }).canUpdateExportFormat({ ...format, organization_id: '11' })).toBe(
      false,
    );
  });
  test('restricted formats: the creator only; copy and delete follow', () => {
    const restricted = { ...format, restricted: true };
    expect(abilities({ managesOwn: true }).canUpdateExportFormat(restricted)).toBe(false);
    expect(abilities({}).canUpdateExportFormat({ ...restricted, created_by_user_id: '1' })).toBe(true);
    expect(abilities({}).canDeleteExportFormat({ ...restricted, created_by_user_id: '1' })).toBe(true);
    expect(abilities({}).canCopyExportFormat(restricted)).toBe(false);
  });
  test('built-in formats can never be edited', () => {
    expect(
      abilities({ manager: true, managesOwn: true }).canUpdateExportFormat({
        ...format,
        organization_id: null,
      }),
    ).toBe(false);
  });
  test('a project export is deleted only when done or stalled', () => {
    const a = abilities({ manager: true });
    expect(a.canDeleteProjectExport({ created_by_user_id: null, state: 'done' })).toBe(true);
    expect(a.canDeleteProjectExport({ created_by_user_id: null, state: 'stalled' })).toBe(true);
    expect(a.canDeleteProjectExport({ created_by_user_id: null, state: 'running' })).toBe(false);
  });
  test('a project export is deleted by its creator or a manager', () => {
    const own = abilities({});
    expect(own.canDeleteProjectExport({ created_by_user_id: '1' })).toBe(true);
    expect(own.canDeleteProjectExport({ created_by_user_id: '2' })).toBe(false);
    expect(own.canDeleteProjectExport({ created_by_user_id: null })).toBe(false);
    expect(abilities({ manager: true }).canDeleteProjectExport({ created_by_user_id: '2' })).toBe(true);
  });
  test('customers can run exports and prints', () => {
    expect(abilities({ role: 'customer_role' }).canRunExports).toBe(true);
  });
});

describe('sidebar entries', () => {
  test('a studio manager managing the own organization sees every entry but switch', () => {
    expect(abilities({ manager: true, managesOwn: true }).sidebar).toEqual({
      switchAccounts: false,
      organizations: true,
      projectTemplates: true,
      seasons: true,
      fileRequests: true,
    });
  });
  test('file requests are studio only', () => {
    expect(abilities({ manager: true, managesOwn: true, role: 'lab_role' }).sidebar.fileRequests).toBe(false);
  });
  test.each([
    { who: 'accounts not managing the own organization', as: { manager: true } },
    { who: 'schools that manage themselves', as: { managesOwn: true, role: 'customer_role' } },
  ] as const)('$who see none of the studio entries', ({ as }) => {
    const s = abilities(as).sidebar;
    expect([s.organizations, s.projectTemplates, s.seasons, s.fileRequests]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('layouts (exports §6: editing layouts is for studio or lab managers)', () => {
  test('a manager of the own organization edits its own layouts, never built-in or other ones', () => {
    const a = abilities({ manager: true, managesOwn: true });
    expect(a.canEditLayout({ organization_id: '10' })).toBe(true);
    expect(a.canEditLayout({ organization_id: null })).toBe(false);
    expect(a.canEditLayout({ organization_id: '11' })).toBe(false);
  });
  test('not for staff, schools, or managers who do not manage their own organization', () => {
    expect(abilities({ managesOwn: true }).canEditLayout({ organization_id: '10' })).toBe(false);
    expect(
      abilities({ manager: true, managesOwn: true, role: 'customer_role' }).canEditLayout({
        organization_id: '10',
      }),
    ).toBe(false);
    expect(abilities({ manager: true }).canEditLayout({ organization_id: '10' })).toBe(false);
  });
});

describe('screens and links only the web offers, asked through can()', () => {
  const studioManager = { manager: true, managesOwn: true };
  test('Organizations: studio and lab managers of their own organization', () => {
    expect(can(abilities({ ...studioManager, role: 'lab_role' }), 'organization.browse')).toBe(true);
    expect(can(abilities({ manager: true }), 'organization.browse')).toBe(false);
    expect(can(abilities({ ...studioManager, role: 'customer_role' }), 'organization.browse')).toBe(false);
  });
  test('Project Templates: studio and lab accounts managing their own organization, staff too', () => {
    expect(can(abilities({ managesOwn: true }), 'template.browse')).toBe(true);
    expect(can(abilities({ manager: true }), 'template.browse')).toBe(false);
    expect(can(abilities({ managesOwn: true, role: 'customer_role' }), 'template.browse')).toBe(false);
  });
  test('Switch Accounts: several accounts or the shapeshifter role, licensed or not', () => {
    expect(can(abilities({ accounts: 2, slugs: ['plic-io'] }), 'current-user.list-accounts')).toBe(true);
    expect(can(abilities(), 'current-user.list-accounts')).toBe(false);
  });
  test('support chat, companion app, admin link, choosing a project organization', () => {
    expect(can(abilities({ manager: true, chat: true }), 'support.chat')).toBe(true);
    expect(can(abilities({ manager: true }), 'support.chat')).toBe(false);
    expect(can(abilities({ manager: true }), 'companion-app.open')).toBe(true);
    expect(can(abilities({ manager: true, whitelist: ['school-portal'] }), 'companion-app.open')).toBe(false);
    expect(can(abilities({ manager: true }), 'user.admin-link')).toBe(true);
    expect(can(abilities(), 'user.admin-link')).toBe(false);
    expect(can(abilities(), 'project.choose-organization')).toBe(true);
    expect(can(abilities({ manager: true, role: 'customer_role' }), 'project.choose-organization')).toBe(
      false,
    );
  });
});
