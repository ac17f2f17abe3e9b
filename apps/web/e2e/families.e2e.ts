import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { RENDITIONS } from '../../api/src/images/images.js';
import { baseOf, photoKeyBase } from '../../api/src/modules/photos/service.js';
import { choose, closePage, downloadBy, freshPage, heading, pageErrors, storedToken } from './helpers.js';
import {
  type ApiCall,
  apiAs,
  DEMO_USERS,
  productAndBrowser,
  projectIdByName,
  signIn,
} from './support/server.js';

// E-mailed links name the address the browser opens.
const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
const PARENT = 'parent.nguyen@example.test';
/** How long a screen may take to show what a poll waits for (a loaded machine). */
const POLL = { timeout: 15_000 };
let studio: ApiCall;
let projectId: string;
let ava: string;

/** A subject of a demo project by its first and last name. */
async function subjectId(project: string, first: string, last: string): Promise<string> {
  const { subjects } = await studio<{ subjects: { id: string; display_name: string }[] }>(
    `/api/projects/${project}/subjects?limit=100`,
  );
  const subject = subjects.find((s) => s.display_name === `${first} ${last}`);
  if (!subject) throw new Error(`no ${first} ${last}`);
  return subject.id;
}

/** One more photo of a subject: a copy of a photo (its stored files under keys of their own), assigned to it. */
async function copyPhotoTo(photoId: string, subject: string): Promise<string> {
  const { db, storage } = product.app.ctx;
  const { id: _id, ...row } = await db
    .selectFrom('photos')
    .selectAll()
    .where('id', '=', photoId)
    .executeTakeFirstOrThrow();
  const base = baseOf(row.storage_key);
  // Keys as an upload's are made: the photo's organization and project, then a random name.
  const [, organizationId, projectOfPhoto] = /^org-(\d+)\/projects\/(\d+)\//.exec(base) ?? [];
  const copyBase = photoKeyBase(organizationId!, projectOfPhoto!);
  for (const name of ['original', 'master', ...RENDITIONS]) {
    if (await storage.head(`${base}/${name}`)) await storage.copy(`${base}/${name}`, `${copyBase}/${name}`);
  }
  const copy = await db
    .insertInto('photos')
    .values({
      ...row,
      storage_key: `${copyBase}/original`,
      created_at: new Date(),
      // JSON columns go back as JSON text (an array would be sent as a PostgreSQL array).
      face: row.face === null ? null : JSON.stringify(row.face),
      checks: row.checks === null ? null : JSON.stringify(row.checks),
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('subject_photo_assignments')
    .values({ subject_id: subject, photo_id: copy.id, is_primary: false })
    .execute();
  return String(copy.id);
}

/** The sign-in link (its path and fragment) of the newest e-mail to `email` in the development mailbox. */
async function mailedSignInLink(email: string, seen = 0): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${product.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    const links = messages
      .map((m) => /https?:\/\/\S+?(\/family\/sign-in#token=[A-Za-z0-9_-]+)/.exec(m.text)?.[1])
      .filter((link): link is string => !!link);
    if (links.length > seen) return links[links.length - 1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No family sign-in link mailed to ${email}`);
}

/**
 * The unsubscribe link (its path and fragment) of an e-mail to `email`: the e-mails to a guardian carry
 * one of their own (the very first sign-in link, to an address that is no guardian yet, a bare one).
 */
async function mailedUnsubscribeLink(email: string): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const response = await fetch(`${product.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const { messages } = (await response.json()) as { messages: { text: string }[] };
    for (const message of messages) {
      const link = /https?:\/\/\S+?(\/family\/unsubscribe#token=[A-Za-z0-9_-]+)/.exec(message.text)?.[1];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No unsubscribe link mailed to ${email}`);
}

async function mailedLinkCount(email: string): Promise<number> {
  const response = await fetch(`${product.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await response.json()) as { messages: { text: string }[] };
  return messages.filter((m) => m.text.includes('/family/sign-in#token=')).length;
}

/** Every API request the page makes, with the bearer token it carried. */
function bearerLog(page: Page): { path: string; token: string | null }[] {
  const log: { path: string; token: string | null }[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/api/')) return;
    const auth = request.headers().authorization ?? null;
    log.push({ path: url.pathname, token: auth?.replace(/^Bearer /, '') ?? null });
  });
  return log;
}

/** What axe-core finds serious or critical on the page as it stands (WCAG 2.1 A and AA). */
async function axeFindings(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** A `datetime-local` value `days` from now, in the browser's (and this process's) time zone. */
function localDateTime(days: number): string {
  const d = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

beforeAll(async () => {
  ({ api: studio } = await apiAs(product.baseUrl, DEMO_USERS.studio));
  projectId = await projectIdByName(product.app, 'Maple Grove Fall 2026');
  const spring = await projectIdByName(product.app, 'Maple Grove Spring 2026');
  ava = await subjectId(projectId, 'Ava', 'Nguyen');
  // Ava has the demo's portrait; a second pose to choose from, and a photo of her from the spring
  // (an earlier project of the same school, the same Student ID and last name).
  const { db } = product.app.ctx;
  const first = await db
    .selectFrom('subject_photo_assignments')
    .select('photo_id')
    .where('subject_id', '=', ava)
    .executeTakeFirstOrThrow();
  await copyPhotoTo(String(first.photo_id), ava);
  await db
    .updateTable('projects')
    .set({ created_at: new Date('2026-02-01T00:00:00Z') })
    .where('id', '=', spring)
    .execute();
  await copyPhotoTo(String(first.photo_id), await subjectId(spring, 'Ava', 'Nguyen'));
}, 120_000);

test('the studio sets the pose deadline and prints a family notice; with its code a parent claims the child, signs in by the e-mailed link, sees the proofs, chooses the pose and asks for an opt-out; the school sees the choice and approves it', async () => {
  // The studio: the Families screen of the project sets the family pose deadline and lists the codes.
  const studioPage = await freshPage(product.browser);
  let code: string;
  let benCode: string;
  try {
    await signIn(studioPage, product.baseUrl, DEMO_USERS.studio);
    await studioPage.goto(`${product.baseUrl}/projects/${projectId}`);
    await studioPage
      .getByRole('navigation', { name: 'Project' })
      .getByRole('link', { name: 'Families' })
      .click();
    await heading(studioPage, 'Families').waitFor();
    await studioPage.getByText('Guardians cannot choose the yearbook pose (no deadline is set).').waitFor();
    await studioPage.getByLabel('Family pose deadline', { exact: true }).fill(localDateTime(7));
    await studioPage.getByRole('button', { name: 'Save Deadline' }).click();
    await studioPage.getByText('The pose deadline was saved.').waitFor();
    await studioPage
      .getByTestId('family-pose-deadline')
      .getByText(/Guardians can choose the yearbook pose until/)
      .waitFor();

    const codes = studioPage.getByRole('table', { name: 'Access codes' });
    const avaRow = codes.getByRole('row').filter({ hasText: 'Ava Nguyen' });
    const listed = (await avaRow.getByTestId('family-code-value').textContent()) ?? '';
    expect(listed).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/);
    expect(await axeFindings(studioPage)).toEqual([]);
    // The codes as a file, for a mail merge of the notices.
    const csv = await downloadBy(studioPage.getByRole('button', { name: 'Download Codes (CSV)' }));
    expect(csv.suggestedFilename()).toBe('family-codes.csv');
    const csvText = await readFile(await csv.path(), 'utf8');
    expect(csvText.split('\r\n')[0]).toBe('Child,Code');
    expect(csvText).toContain(`Ava Nguyen,${listed}\r\n`);
    // The family notice, printed through the print screens for Ava alone; its code is what the parent types.
    await studioPage.getByRole('link', { name: 'Print Family Notices' }).click();
    await choose(studioPage, 'Choose Category', 'Family Notices');
    const card = studioPage.getByTestId('layout-card').filter({ hasText: 'Family Notice' });
    await card.getByRole('link', { name: 'Select Layout' }).click();
    await studioPage.getByRole('button', { name: 'Select Subjects' }).click();
    await studioPage.getByTestId('selected-count').getByText('5 subjects selected').waitFor();
    for (const other of ['Ben Okafor', 'Chloe Schmidt', 'Diego Ramos', 'Emma Kowalski']) {
      await studioPage.getByRole('checkbox', { name: `Select ${other}` }).uncheck();
    }
    await studioPage.getByTestId('selected-count').getByText('1 subject selected').waitFor();
    await studioPage.getByRole('button', { name: 'Check for Duplicate Subjects' }).click();
    await studioPage.getByTestId('check-duplicates-step').waitFor();
    await studioPage.getByRole('button', { name: 'Confirm and Print' }).click();
    await studioPage.getByRole('textbox', { name: 'PDF Name' }).fill('Family notice Ava');
    await studioPage.getByRole('button', { name: 'Print', exact: true }).click();
    const render = studioPage.getByTestId('highlighted-render');
    await render.getByText('Completed').waitFor({ timeout: 60_000 });
    const pdf = await downloadBy(render.getByRole('button', { name: 'Download' }));
    const notice = execFileSync('pdftotext', ['-layout', await pdf.path(), '-']).toString();
    expect(notice).toContain('Maple Grove Elementary');
    expect(notice).toContain('For the family of Ava');
    expect(notice).not.toContain('Nguyen');
    code = /\b[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}\b/.exec(notice)?.[0] ?? '';
    expect(code).toBe(listed);
    expect(notice).toContain(`/family/claim?code=${code}`);
    await studioPage.goto(`${product.baseUrl}/projects/${projectId}/families`);
    await heading(studioPage, 'Families').waitFor();

    // A new code for Ben: the old one stops working.
    const benRow = codes.getByRole('row').filter({ hasText: 'Ben Okafor' });
    const oldBen = (await benRow.getByTestId('family-code-value').textContent()) ?? '';
    await studioPage.getByRole('checkbox', { name: 'Select Ben Okafor' }).check();
    await studioPage.getByRole('button', { name: 'Issue New Code for 1 Child' }).click();
    await studioPage.getByRole('dialog').getByRole('button', { name: 'Issue New Codes' }).click();
    await studioPage.getByText('1 new code was issued.').waitFor();
    await expect
      .poll(async () => benRow.getByTestId('family-code-value').textContent(), { timeout: 15_000 })
      .not.toBe(oldBen);
    benCode = (await benRow.getByTestId('family-code-value').textContent()) ?? '';
  } finally {
    await closePage(studioPage);
  }

  // A parent, on another browser: the claim page from the notice's address (the code filled in).
  const parent = await freshPage(product.browser);
  let link = '';
  const errors = pageErrors(parent);
  const bearers = bearerLog(parent);
  try {
    await parent.goto(`${product.baseUrl}/family/claim?code=${code}`);
    await heading(parent, "See your child's photos").waitFor();
    expect(await parent.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex');
    // The code left the address bar.
    expect(new URL(parent.url()).search).toBe('');
    expect(await parent.getByLabel('Access code').inputValue()).toBe(code);
    expect(await axeFindings(parent)).toEqual([]);
    // A wrong last name gets the same answer, and no e-mail.
    await parent.getByLabel("Child's last name").fill('Smith');
    await parent.getByLabel('Your e-mail').fill(PARENT);
    await parent.getByRole('button', { name: 'Send Me a Sign-in Link' }).click();
    await heading(parent, 'Check your e-mail').waitFor();
    const sameAnswer = await parent.getByTestId('claim-sent').textContent();
    await parent.getByRole('button', { name: 'Enter Another Code' }).click();
    await parent.getByLabel('Access code').fill(code.toLowerCase().replace('-', ' '));
    await parent.getByLabel("Child's last name").fill('nguyen');
    await parent.getByLabel('Your e-mail').fill(PARENT);
    await parent.getByRole('button', { name: 'Send Me a Sign-in Link' }).click();
    await heading(parent, 'Check your e-mail').waitFor();
    expect(await parent.getByTestId('claim-sent').textContent()).toBe(sameAnswer);
    link = await mailedSignInLink(PARENT);
    expect(await mailedLinkCount(PARENT)).toBe(1);

    // The e-mailed link signs the family in with a token of its own, never the organization's.
    await parent.goto(`${product.baseUrl}${link}`);
    await heading(parent, "Your family's photos").waitFor();
    expect(new URL(parent.url()).pathname).toBe('/family');
    expect(new URL(parent.url()).hash).toBe('');
    const familyToken = await parent.evaluate(() => window.localStorage.getItem('sp.family-token'));
    expect(familyToken).toBeTruthy();
    expect(await storedToken(parent)).toBeNull();

    // The gallery: the child with her class, this season's two proofs with the crop, the spring's one.
    const child = parent.getByTestId('family-child').filter({ hasText: 'Ava Nguyen' });
    await child.getByRole('heading', { level: 2, name: 'Ava Nguyen' }).waitFor();
    await child
      .getByTestId('pose-open')
      .getByText(/Choose the photo of Ava for the yearbook by/)
      .waitFor();
    const current = child.getByRole('list', { name: 'Photos of Ava' }).first();
    await expect.poll(() => current.getByTestId('family-proof').count(), POLL).toBe(2);
    await expect
      .poll(() => child.getByTestId('family-earlier').getByTestId('family-proof').count(), POLL)
      .toBe(1);
    const proof = current.getByRole('img', { name: 'Photo 1 of Ava' });
    await expect
      .poll(() => proof.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0);
    expect(
      await proof.evaluate((img: HTMLImageElement) => img.naturalWidth <= 1200 && img.naturalHeight <= 1200),
    ).toBe(true);
    await expect.poll(() => current.getByTestId('proof-crop').count(), POLL).toBeGreaterThan(0);
    expect(await axeFindings(parent)).toEqual([]);
    // No other child of the school is there.
    expect(await parent.getByText('Okafor').count()).toBe(0);

    // The yearbook pose: the second photo.
    await child.getByRole('button', { name: 'Use photo 2 of Ava in the yearbook' }).click();
    await current
      .getByTestId('family-proof')
      .nth(1)
      .getByTestId('pose-chosen')
      .getByText('Your yearbook choice')
      .waitFor();
    expect(await current.getByTestId('family-proof').nth(0).getByTestId('pose-chosen').count()).toBe(0);

    // An opt-out request: leave her out of the directory.
    const optOuts = child.getByTestId('family-opt-outs');
    await optOuts.getByRole('button', { name: 'Ask to leave Ava out of the directory' }).click();
    await parent.getByRole('dialog').getByRole('button', { name: 'Send Request' }).click();
    await optOuts.getByTestId('opt-out-sent').waitFor();
    await optOuts
      .getByTestId('family-opt-out-request')
      .getByText(/Left out of the directory: asked on .*, waiting for the school\./)
      .waitFor();
    expect(await optOuts.getByRole('button', { name: 'Ask to leave Ava out of the directory' }).count()).toBe(
      0,
    );

    // The "photos are ready" e-mail, asked for here, and stopped by the unsubscribe link of an e-mail.
    const photosReady = parent.getByRole('checkbox', { name: 'E-mail me when new photos are ready' });
    await parent.getByTestId('family-signed-in-as').getByText(`Signed in as ${PARENT}.`).waitFor();
    expect(await photosReady.isChecked()).toBe(false);
    await photosReady.check();
    await expect.poll(() => photosReady.isDisabled(), POLL).toBe(false);
    expect(await photosReady.isChecked()).toBe(true);
    // Claiming again (here the same child) mails a guardian's link, with an unsubscribe link of its own.
    await parent.getByRole('link', { name: 'Add Another Child' }).click();
    await heading(parent, "See your child's photos").waitFor();
    await parent.getByLabel('Access code').fill(code);
    await parent.getByLabel("Child's last name").fill('Nguyen');
    await parent.getByLabel('Your e-mail').fill(PARENT);
    await parent.getByRole('button', { name: 'Send Me a Sign-in Link' }).click();
    await heading(parent, 'Check your e-mail').waitFor();
    await parent.goto(`${product.baseUrl}${await mailedUnsubscribeLink(PARENT)}`);
    await parent
      .getByTestId('unsubscribed')
      .getByText('You will no longer get e-mails that photos are ready.')
      .waitFor();
    expect(new URL(parent.url()).hash).toBe('');
    await parent.goto(`${product.baseUrl}/family`);
    await heading(parent, "Your family's photos").waitFor();
    await parent.getByTestId('family-signed-in-as').waitFor();
    expect(await photosReady.isChecked()).toBe(false);

    // The family token went to family routes only, and nothing else went with a token.
    for (const { path, token } of bearers) {
      if (token !== null) {
        expect(path.startsWith('/api/family/')).toBe(true);
        expect(token).toBe(familyToken);
      }
    }
    expect(bearers.some((b) => b.path === '/api/family/children' && b.token === familyToken)).toBe(true);
    expect(errors).toEqual([]);
  } catch (error) {
    await closePage(parent);
    throw error;
  }

  // The school: the guardian who claimed, the choice on the subject's yearbook photo, the request approved.
  const school = await freshPage(product.browser);
  const schoolBearers = bearerLog(school);
  try {
    await signIn(school, product.baseUrl, DEMO_USERS.school);
    await school.goto(`${product.baseUrl}/projects/${projectId}/families`);
    await heading(school, 'Families').waitFor();
    const guardians = school.getByRole('table', { name: 'Guardians' });
    await guardians.getByRole('row').filter({ hasText: 'Ava Nguyen' }).getByText(PARENT).waitFor();
    // The school does not see the codes (the studio prints the notices).
    expect(await school.getByRole('table', { name: 'Access codes' }).count()).toBe(0);
    const queue = school.getByRole('table', { name: 'Opt-out requests' });
    const request = queue.getByRole('row').filter({ hasText: 'Ava Nguyen' });
    await request.getByText('Directory').waitFor();
    await request.getByText(PARENT).waitFor();
    await request.getByRole('button', { name: 'Approve the request for Ava Nguyen' }).click();
    await school.getByText('The request for Ava Nguyen was approved.').waitFor();
    await school.getByTestId('opt-outs-empty').getByText('No requests are waiting.').waitFor();
    await school.getByRole('button', { name: 'All' }).click();
    await queue.getByRole('row').filter({ hasText: 'Ava Nguyen' }).getByText('Approved').waitFor();

    await school.goto(`${product.baseUrl}/projects/${projectId}/subjects/${ava}`);
    const photos = school.getByTestId('subject-photo');
    await expect.poll(() => photos.count(), POLL).toBe(2);
    const chosen = photos.filter({ has: school.getByTestId('chosen-by-guardian') });
    await expect.poll(() => chosen.count(), POLL).toBe(1);
    await chosen.getByText('Yearbook').waitFor();
    const subject = await studio<{ subject: { directory_opt_out: boolean; yearbook_opt_out: boolean } }>(
      `/api/subjects/${ava}`,
    );
    expect(subject.subject.directory_opt_out).toBe(true);
    expect(subject.subject.yearbook_opt_out).toBe(false);
    // The organization token never went to a family route.
    expect(schoolBearers.filter((b) => b.path.startsWith('/api/family/') && b.token !== null)).toEqual([]);
  } finally {
    await closePage(school);
  }

  // The parent sees the answer; after the deadline the pose is locked and says so.
  try {
    await parent.reload();
    const child = parent.getByTestId('family-child').filter({ hasText: 'Ava Nguyen' });
    await child
      .getByTestId('family-opt-out-request')
      .getByText(/Left out of the directory: asked on .*, approved by the school on/)
      .waitFor();
    await studio(`/api/projects/${projectId}`, 'PATCH', {
      project: { family_pose_deadline: new Date(Date.now() - 60_000).toISOString() },
    });
    await parent.reload();
    await child
      .getByTestId('pose-locked')
      .getByText(/The yearbook photo was locked on .*: the choice can no longer be changed\./)
      .waitFor();
    expect(await child.getByRole('button', { name: /in the yearbook/ }).count()).toBe(0);
    await child.getByTestId('pose-chosen').getByText('Your yearbook choice').waitFor();

    // Signing out forgets the family token; the gallery leads back to the claim page.
    await parent.getByRole('button', { name: 'Sign Out' }).click();
    await heading(parent, "See your child's photos").waitFor();
    expect(await parent.evaluate(() => window.localStorage.getItem('sp.family-token'))).toBeNull();
    await parent.goto(`${product.baseUrl}/family`);
    await heading(parent, "See your child's photos").waitFor();
    // The used link does not sign in again.
    await parent.goto(`${product.baseUrl}${link}`);
    await parent.getByTestId('family-link-invalid').waitFor();
  } finally {
    await closePage(parent);
  }

  // Guessing codes: past the limit, the page says when to try again (429 with Retry-After).
  const guesser = await freshPage(product.browser);
  try {
    await guesser.goto(`${product.baseUrl}/family/claim`);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      if (attempt > 0) {
        const another = guesser.getByRole('button', { name: 'Enter Another Code' });
        if (await another.isVisible()) await another.click();
      }
      await guesser.getByLabel('Access code').fill(benCode);
      await guesser.getByLabel("Child's last name").fill(`Guess${attempt}`);
      await guesser.getByLabel('Your e-mail').fill(`guesser${attempt}@example.test`);
      await guesser.getByRole('button', { name: 'Send Me a Sign-in Link' }).click();
      const outcome = await Promise.race([
        guesser
          .getByTestId('claim-sent')
          .waitFor()
          .then(() => 'sent' as const),
        guesser
          .getByTestId('claim-rate-limited')
          .waitFor()
          .then(() => 'limited' as const),
      ]);
      if (outcome === 'limited') break;
    }
    const limited = guesser.getByTestId('claim-rate-limited');
    await limited.getByText('Too many attempts.').waitFor();
    await limited.getByText(/Please try again in \d+ (minutes?|seconds?)\./).waitFor();
    expect(Number(await limited.getByTestId('retry-after').getAttribute('data-seconds'))).toBeGreaterThan(0);
  } finally {
    await closePage(guesser);
  }
}, 240_000);
