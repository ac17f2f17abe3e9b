import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { closePage, freshPage, heading, pathOf, requestsInFlight, storedToken } from './helpers.js';
import {
  apiAs,
  DEMO_USERS,
  mailedLinkPath,
  organizationIdByName,
  productAndBrowser,
  projectIdByName,
  signedInPage,
  withSignedInPage,
} from './support/server.js';

const product = productAndBrowser();

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test('a studio manager adds a school and a user, invites them, and the invitee joins seeing only that school', async () => {
  const school = 'Birch Lane Academy';
  const email = 'bea.birch@school.test';
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);

  // New organization, with the short code rule first.
  await mainNav(page).getByRole('link', { name: 'Organizations' }).click();
  await heading(page, 'Organizations').waitFor();
  await page.getByRole('link', { name: 'New Organization' }).click();
  await heading(page, 'New Organization').waitFor();
  expect(pathOf(page)).toBe('/organizations/new');
  expect(await page.getByLabel('Role').inputValue()).toBe('Customer');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(school);
  await page.getByLabel('Short Code').fill('BIRCHLANE1');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Is too long (maximum is 9 characters).').waitFor();
  expect(pathOf(page)).toBe('/organizations/new');
  await page.getByLabel('Short Code').fill('BIRCH');
  await page.getByLabel('Contact Name').fill('Bill Birch');
  await page.getByLabel('Contact E-mail').fill('office@birch.test');
  await page.getByRole('button', { name: 'Save' }).click();

  await heading(page, school).waitFor();
  expect(pathOf(page)).toMatch(/^\/organizations\/\d+$/);
  await page.getByTestId('detail-short-code').getByText('BIRCH').waitFor();
  await page.getByTestId('detail-role').getByText('Customer').waitFor();
  await page.getByText('No main support URL.').waitFor();
  await page.getByText('There are no users to show.').waitFor();
  await page.getByText('There are no projects to show.').waitFor();
  const organizationId = pathOf(page).split('/').pop()!;

  // New user in it: the organization comes preselected; save only once the form is valid.
  await page.getByTestId('section-nav').getByRole('link', { name: 'New User' }).click();
  await heading(page, 'New User').waitFor();
  expect(new URL(page.url()).searchParams.get('organizationId')).toBe(organizationId);
  const organizationSelect = page.getByLabel('Organization');
  await expect.poll(() => organizationSelect.inputValue()).toBe(organizationId);
  const save = page.getByRole('button', { name: 'Save' });
  expect(await save.isDisabled()).toBe(true);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bea Birch');
  await page.getByLabel('Email').fill('not-an-address');
  expect(await save.isDisabled()).toBe(true);
  await page.getByLabel('Email').fill(email);
  await expect.poll(() => save.isDisabled()).toBe(false);
  await save.click();

  await heading(page, 'Bea Birch').waitFor();
  expect(pathOf(page)).toMatch(/^\/users\/\d+$/);
  const status = page.getByTestId('invite-status');
  await status.getByText('Not sent').waitFor();
  await page.getByTestId('user-accounts').getByText(`Demo Studio › ${school}`).waitFor();

  // Send the invite: a notification that stays, and the button is done.
  const send = page.getByRole('button', { name: 'Send Invite' });
  await send.click();
  const notification = page.getByText(`An invitation to School Portal has been sent to ${email}.`);
  await notification.waitFor();
  await status.getByText(/^Sent /).waitFor();
  expect(await page.getByRole('button', { name: /Send/ }).isDisabled()).toBe(true);
  await page.waitForTimeout(6500);
  expect(await notification.isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Close notification' }).click();
  await notification.waitFor({ state: 'detached' });

  // The same address again: taken, at the top and on the field.
  await page.goto(`${product.baseUrl}/users/new?organizationId=${organizationId}`);
  await heading(page, 'New User').waitFor();
  await expect.poll(() => page.getByLabel('Organization').inputValue()).toBe(organizationId);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bea Again');
  await page.getByLabel('Email').fill(email);
  await expect.poll(() => page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(false);
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('form-error').getByText('A user with this e-mail address already exists.').waitFor();
  await page.getByText('Has already been taken.').waitFor();
  await closePage(page);

  // The invitee opens the e-mailed link on another browser and chooses a password.
  const linkPath = await mailedLinkPath(product.baseUrl, email, '/invitations/');
  const invitee = await freshPage(product.browser);
  await invitee.goto(`${product.baseUrl}${linkPath}`);
  await heading(invitee, 'Welcome to School Portal').waitFor();
  expect(await invitee.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
  expect(await invitee.getByLabel('Email').inputValue()).toBe(email);
  await invitee.getByLabel('Password', { exact: true }).fill('short');
  await invitee.getByLabel('Confirm Password').fill('short');
  await invitee.getByRole('button', { name: 'Set Password and Sign In' }).click();
  await invitee.getByText('Is too short (minimum is 8 characters).').waitFor();
  await invitee.getByLabel('Password', { exact: true }).fill('birch-lane-passphrase');
  await invitee.getByLabel('Confirm Password').fill('birch-lane-passphrase');
  await invitee.getByRole('button', { name: 'Set Password and Sign In' }).click();

  // Signed in, inside the school only.
  await mainNav(invitee).waitFor();
  expect(await storedToken(invitee)).not.toBeNull();
  expect(await invitee.getByTestId('sidebar-organization').textContent()).toBe(school);
  expect(await mainNav(invitee).getByRole('link', { name: 'Organizations' }).count()).toBe(0);
  await invitee.goto(`${product.baseUrl}/organizations`);
  await heading(invitee, 'Projects').waitFor();
  expect(pathOf(invitee)).toBe('/projects');
  await mainNav(invitee).getByRole('link', { name: 'Users' }).click();
  await heading(invitee, 'Users').waitFor();
  const rows = invitee.getByTestId('account-row');
  await rows.first().waitFor();
  expect(await rows.count()).toBe(1);
  expect(await rows.first().textContent()).toContain('Bea Birch');
  expect(await rows.first().textContent()).toContain(school);
  expect(await rows.first().textContent()).toContain('Accepted');
  // Not a manager of the school: no organization to add users to, so no New User is offered.
  expect(await invitee.getByRole('link', { name: 'New User' }).count()).toBe(0);
  // Support comes from the studio above the school.
  await mainNav(invitee).getByRole('link', { name: 'Support' }).click();
  await invitee.getByText('Support for School Portal is provided by Demo Studio.').waitFor();
  await invitee.getByRole('link', { name: /Demo Studio help centre/ }).waitFor();
  await closePage(invitee);

  // The link is single-use.
  const again = await freshPage(product.browser);
  await again.goto(`${product.baseUrl}${linkPath}`);
  await again.getByTestId('invitation-invalid').waitFor();
  await again.getByRole('link', { name: 'Go to Sign In' }).waitFor();
  await closePage(again);
});

test('All Users filters by permission, invite status and keyword, with an empty text; Support shows the lab', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    await mainNav(page).getByRole('link', { name: 'Users' }).click();
    await heading(page, 'Users').waitFor();
    const rows = page.getByTestId('account-row');
    await rows.first().waitFor();
    const header = page.getByRole('table', { name: 'Users' }).getByRole('columnheader');
    expect(await header.allTextContents()).toEqual([
      'Name',
      'Organization',
      'School Portal Permission',
      'Invite Status',
      'Actions',
    ]);

    await page.getByLabel('School Portal Permission').selectOption({ label: 'Not Allowed' });
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Uma Unlicensed');
    expect(new URL(page.url()).searchParams.get('permission')).toBe('not-allowed');

    await page.getByLabel('School Portal Permission').selectOption({ label: 'Any' });
    await page.getByLabel('Invite Status').selectOption({ label: 'Accepted' });
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    for (const text of await page.getByTestId('invite-status').allTextContents())
      expect(text).toBe('Accepted');

    await page.getByLabel('Search users').fill('riley');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Riley Riverside');

    await page.getByLabel('Search users').fill('nobody-by-this-name');
    await page.getByText('There are no users to show.').waitFor();
    expect(await rows.count()).toBe(0);

    // Actions: the info button opens the user.
    await page.getByLabel('Search users').fill('steve');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByRole('link', { name: 'View Steve Staff' }).click();
    await heading(page, 'Steve Staff').waitFor();
    await page
      .getByTestId('invite-status')
      .getByText(/^Accepted /)
      .waitFor();

    // Support: the lab's links and contacts for the studio; no chat without a chat service.
    await mainNav(page).getByRole('link', { name: 'Support' }).click();
    await page.getByText('Support for School Portal is provided by Demo Lab.').waitFor();
    await page.getByTestId('support-contact').getByText('Demo Lab support').waitFor();
    expect(await page.getByTestId('support-chat').count()).toBe(0);
  });
});

test('organizations page ten at a time, search, and show an empty text', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    // Enough schools for two pages, added through the API as this manager.
    const token = await storedToken(page);
    const me = (await (
      await fetch(`${product.baseUrl}/api/users/me`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as { user: { organization_id: string } };
    for (let i = 1; i <= 10; i += 1) {
      const response = await fetch(
        `${product.baseUrl}/api/organizations/${me.user.organization_id}/organizations`,
        {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ organization: { name: `Paging School ${String(i).padStart(2, '0')}` } }),
        },
      );
      expect(response.status).toBe(201);
    }

    await mainNav(page).getByRole('link', { name: 'Organizations' }).click();
    await heading(page, 'Organizations').waitFor();
    const rows = page.getByTestId('organization-row');
    await expect.poll(() => rows.count()).toBe(10);
    const range = page.getByTestId('pager-range');
    const total = Number((await range.textContent())?.split(' of ')[1]);
    expect(total).toBeGreaterThanOrEqual(12);
    expect(await range.textContent()).toBe(`1–10 of ${total}`);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => range.textContent()).toBe(`11–${Math.min(20, total)} of ${total}`);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => range.textContent()).toBe(`1–10 of ${total}`);

    // Rows: contact buttons and the way in.
    await page.getByLabel('Search organizations').fill('maple');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Call Maple Grove Elementary' }).getAttribute('href')).toBe(
      'tel:+1 555 0120',
    );
    expect(await page.getByRole('link', { name: 'E-mail Maple Grove Elementary' }).getAttribute('href')).toBe(
      'mailto:office@maple.demo.test',
    );
    await page.getByRole('link', { name: 'View Maple Grove Elementary' }).click();
    await heading(page, 'Maple Grove Elementary').waitFor();
    await page.getByTestId('organization-users').getByText('Sasha School').waitFor();
    await page.getByTestId('organization-projects').getByText('Maple Grove Fall 2026 (MG26F)').waitFor();
    // Editing: the same rules as the new-organization form.
    await page.getByText('No main support URL.').waitFor();
    await page.getByRole('button', { name: 'Edit Organization' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Organization' });
    await dialog.getByLabel('Support URL').fill('https://maple.example.test/help');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Maple Grove Elementary has been saved.').waitFor();
    await page.getByRole('link', { name: /https:\/\/maple\.example\.test\/help/ }).waitFor();
    expect(await page.getByText('No main support URL.').count()).toBe(0);
    await page.getByTestId('section-nav').getByRole('link', { name: 'All Organizations' }).click();
    await heading(page, 'Organizations').waitFor();

    await page.getByLabel('Search organizations').fill('no-such-organization');
    await page.getByText('There are no organizations to show.').waitFor();
  });
});

test('school staff do not get the organizations screens', async () => {
  await withSignedInPage(product, DEMO_USERS.school, async (page) => {
    expect(await mainNav(page).getByRole('link', { name: 'Organizations' }).count()).toBe(0);
    await page.goto(`${product.baseUrl}/organizations/new`);
    await mainNav(page).waitFor();
    await expect.poll(() => pathOf(page)).not.toBe('/organizations/new');
  });
});

test('a studio manager deletes a user and lands on the users list without the deleted user being fetched again', async () => {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  const school = await organizationIdByName(product.app, 'Maple Grove Elementary');
  const { user } = await api<{ user: { id: string } }>(`/api/organizations/${school}/users`, 'POST', {
    user: { name: 'Dana Departing', email: 'dana.departing@example.test' },
    plic_app_id: 'school-portal',
  });

  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    await page.goto(`${product.baseUrl}/users/${user.id}`);
    await heading(page, 'Dana Departing').waitFor();
    // On a slow network the users list's code arrives late; meanwhile the user's page stays and must not
    // ask for the deleted user again.
    await page.route('**/assets/UsersPage-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.getByRole('button', { name: 'Delete User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete User' });
    await dialog.getByRole('button', { name: 'Delete User' }).click();
    await page.getByText('Dana Departing was deleted.').waitFor();
    await heading(page, 'Users').waitFor();
    expect(pathOf(page)).toBe('/users');
    await page.getByRole('table', { name: 'Users' }).waitFor();
    expect(await page.getByRole('table', { name: 'Users' }).getByText('Dana Departing').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

test('the web offers what the server allows, no more', async () => {
  const db = product.app.ctx.db;
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.school);
  const school = await organizationIdByName(product.app, 'Maple Grove Elementary');
  // Their own school: shown, but neither renamed nor given users by school staff.
  await page.goto(`${product.baseUrl}/organizations/${school}`);
  await heading(page, 'Maple Grove Elementary').waitFor();
  expect(await page.getByRole('button', { name: /Edit/ }).count()).toBe(0);
  expect(await page.getByRole('link', { name: 'New User' }).count()).toBe(0);
  // Their studio's reusable template is not theirs to open by address.
  const template = await db
    .selectFrom('project_templates')
    .select('id')
    .where('project_id', 'is', null)
    .executeTakeFirstOrThrow();
  // The show screen serves a project's own copy to its school too, so only the answer can tell.
  const answer = page.waitForResponse((r) => r.url().endsWith(`/api/project-templates/${template.id}`));
  await page.goto(`${product.baseUrl}/project-templates/${template.id}`);
  expect((await answer).status()).toBe(403);
  expect(await page.getByRole('button', { name: /Save|Edit|Delete/ }).count()).toBe(0);
  // A user page that cannot be shown offers no New User either.
  await page.goto(`${product.baseUrl}/users/999999999`);
  await page.getByText('This user could not be found.').waitFor();
  expect(await page.getByRole('link', { name: 'New User' }).count()).toBe(0);
  await closePage(page);
});

test('screens a role may not use send it home before asking the API for anything', async () => {
  const template = await product.app.ctx.db
    .selectFrom('project_templates')
    .select('id')
    .where('project_id', 'is', null)
    .executeTakeFirstOrThrow();
  const project = await projectIdByName(product.app, 'Maple Grove Fall 2026');
  const refused: [string, string[]][] = [
    [
      DEMO_USERS.school,
      [
        '/project-templates',
        `/project-templates/${template.id}/edit`,
        '/project-templates/new',
        '/users/new',
        `/projects/${project}/subjects/import`,
      ],
    ],
    [DEMO_USERS.staff, ['/activity', `/projects/${project}/subjects/import`]],
  ];
  for (const [email, paths] of refused) {
    await withSignedInPage(product, email, async (page, errors) => {
      const inFlight = requestsInFlight(page);
      for (const path of paths) {
        await page.goto(`${product.baseUrl}${path}`);
        await mainNav(page).waitFor();
        await expect.poll(() => pathOf(page)).not.toBe(path);
        // Every request of the page it lands on answered (a project's live stream stays open).
        // (none for half a second, as "network idle" means).
        await page.waitForLoadState('load');
        await expect.poll(inFlight, { timeout: 15_000 }).toBe(0);
        await page.waitForTimeout(500);
        await expect.poll(inFlight, { timeout: 15_000 }).toBe(0);
      }
      // Not one refusal: the screens asked nothing the caller's abilities say the server refuses.
      expect(errors).toEqual([]);
    });
  }
  // The school's own trail is theirs (spec: a school reads who worked on its projects): no redirect there.
  await withSignedInPage(product, DEMO_USERS.school, async (page, errors) => {
    await page.goto(`${product.baseUrl}/activity`);
    await heading(page, 'Activity').waitFor();
    expect(pathOf(page)).toBe('/activity');
    expect(errors).toEqual([]);
  });
});

test('studio staff add a user to a school from New User; a manager sends the invitation', async () => {
  await withSignedInPage(product, DEMO_USERS.staff, async (page, errors) => {
    await page.goto(`${product.baseUrl}/users`);
    await heading(page, 'Users').waitFor();
    await page.getByTestId('section-nav').getByRole('link', { name: 'New User' }).click();
    await heading(page, 'New User').waitFor();
    const organization = page.getByLabel('Organization');
    await organization.waitFor();
    const options = await organization.locator('option').allTextContents();
    // Below the studio only (spec §6: others create users only in sub-organizations).
    expect(options).toContain('Maple Grove Elementary');
    expect(options).toContain('Riverside High School');
    expect(options).not.toContain('Demo Studio');
    expect(await page.getByLabel('Enable for all apps').count()).toBe(0);
    await organization.selectOption({ label: 'Maple Grove Elementary' });
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Stan Staffmade');
    await page.getByLabel('Email').fill('stan.staffmade@school.test');
    const save = page.getByRole('button', { name: 'Save' });
    await expect.poll(() => save.isDisabled()).toBe(false);
    await save.click();
    await heading(page, 'Stan Staffmade').waitFor();
    await page.getByTestId('invite-status').getByText('Not sent').waitFor();
    expect(await page.getByRole('button', { name: /Send/ }).count()).toBe(0);
    await page
      .getByTestId('invite-by-manager')
      .getByText('A manager of your studio or lab sends the invitation.')
      .waitFor();
    expect(errors).toEqual([]);
  });
  // The studio's manager invites them.
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    const user = await product.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'stan.staffmade@school.test')
      .executeTakeFirstOrThrow();
    await page.goto(`${product.baseUrl}/users/${user.id}`);
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await page
      .getByTestId('invite-status')
      .getByText(/^Sent /)
      .waitFor();
  });
});
