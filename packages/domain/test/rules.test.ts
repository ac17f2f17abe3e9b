import { describe, expect, test } from 'vitest';
import {
  accountBreadcrumb,
  booleanParam,
  childRoleFor,
  formatFieldErrors,
  formatFieldMessage,
  isLab,
  isStudio,
  notLicensedRedirect,
  passwordSchema,
  switchAccountSchema,
} from '../src/index.js';

const open = { enable_plic_app_whitelist: false, plic_app_whitelist_slugs: [] };
const closed = { enable_plic_app_whitelist: true, plic_app_whitelist_slugs: ['plic-io'] };
const licensedUser = { active_plic_app_slugs: ['school-portal'] };

describe('not-licensed redirects', () => {
  const both = [
    { id: '1', ...closed },
    { id: '2', ...open },
  ];
  test.each([
    {
      when: 'home when the current account is licensed',
      user: licensedUser,
      current: { id: '1', ...open },
      defaultId: '1',
      accounts: [],
      expected: 'home',
    },
    {
      when: 'switch-accounts when the default account is not enabled but another is',
      user: licensedUser,
      current: { id: '1', ...closed },
      defaultId: '1',
      accounts: both,
      expected: 'switch-accounts',
    },
    {
      when: 'stays when no other account is enabled',
      user: licensedUser,
      current: { id: '1', ...closed },
      defaultId: '1',
      accounts: [{ id: '1', ...closed }],
      expected: null,
    },
    {
      when: 'stays when the current account is not the default',
      user: licensedUser,
      current: { id: '1', ...closed },
      defaultId: '2',
      accounts: both,
      expected: null,
    },
    {
      when: 'stays when the user lacks the app in their active slugs',
      user: { active_plic_app_slugs: [] },
      current: { id: '1', ...open },
      defaultId: '1',
      accounts: [],
      expected: null,
    },
  ])('$when', ({ user, current, defaultId, accounts, expected }) => {
    expect(
      notLicensedRedirect({ user, currentAccount: current, defaultAccountId: defaultId, accounts }),
    ).toBe(expected);
  });
});

describe('organizations', () => {
  test('lab and studio derive from role', () => {
    expect(isLab('lab_role')).toBe(true);
    expect(isLab('vertically_integrated_role')).toBe(true);
    expect(isStudio('vertically_integrated_role')).toBe(true);
    expect(isStudio('lab_role')).toBe(false);
  });
  test('child roles', () => {
    expect(childRoleFor('studio_role')).toBe('customer_role');
    expect(childRoleFor('lab_role')).toBe('studio_role');
    expect(childRoleFor('customer_role')).toBeNull();
  });
});

describe('account breadcrumb', () => {
  test('parent then organization, Missing Name when blank', () => {
    expect(accountBreadcrumb({ name: 'School', parent_organization_name: 'Studio' })).toEqual([
      'Studio',
      'School',
    ]);
    expect(accountBreadcrumb({ name: '', parent_organization_name: null })).toEqual(['Missing Name']);
    expect(accountBreadcrumb({ name: null, parent_organization_name: 'Studio' })).toEqual([
      'Studio',
      'Missing Name',
    ]);
  });
});

describe('field errors', () => {
  test('capital first letter and a closing period', () => {
    expect(formatFieldMessage('has already been taken')).toBe('Has already been taken.');
    expect(formatFieldMessage('Done.')).toBe('Done.');
    expect(formatFieldErrors({ email: ['has already been taken', 'is invalid'] })).toEqual({
      email: 'Has already been taken. Is invalid.',
    });
  });
  test('booleans as text, omitted when unset', () => {
    expect([booleanParam(true), booleanParam(false), booleanParam(undefined)]).toEqual([
      'true',
      'false',
      undefined,
    ]);
  });
});

describe('schemas', () => {
  test('passwords: 8 to 128 characters, common ones refused', () => {
    expect(passwordSchema.safeParse('a brand new password').success).toBe(true);
    expect(passwordSchema.safeParse('short').success).toBe(false);
    expect(passwordSchema.safeParse('Password123').success).toBe(false);
    expect(passwordSchema.safeParse('x'.repeat(129)).success).toBe(false);
  });
  test('switch account takes the id as text or number', () => {
    expect(switchAccountSchema.parse({ user: { current_account_id: 5 } }).user.current_account_id).toBe('5');
    const missing = switchAccountSchema.safeParse({ user: {} });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe("can't be blank");
  });
});
