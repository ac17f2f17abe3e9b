import { readFile } from 'node:fs/promises';
import { beforeAll, expect, test } from 'vitest';
import { closePage, downloadBy, heading } from './helpers.js';
import { schoolProject } from './support/factories.js';
import { apiAs, DEMO_USERS, productAndBrowser, signedInPage } from './support/server.js';

/**
 * Coverage, who still lacks a portrait before the yearbook: the studio sees who is missing a portrait on
 * the project's dashboard and its coverage page, downloads the list as CSV and as a PDF, and e-mails the
 * school; the school sees the same figures and list, without the e-mail button.
 */
const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
const NAME = 'Coverage Fall 2026';
let projectId: string;

beforeAll(async () => {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  const project = await schoolProject(product.app, api, {
    name: NAME,
    template: 'Coverage template',
    fields: ['first_name', 'last_name', 'student_id', 'grade', 'teacher'],
  });
  projectId = project.id;
  await project.addSubject({
    first_name: 'Ada',
    last_name: 'Lane',
    student_id: '2001',
    grade: '3',
    teacher: 'Ms. Lee',
  });
  await project.addSubject({
    first_name: 'Ben',
    last_name: 'Moss',
    student_id: '2002',
    grade: '3',
    teacher: 'Ms. Lee',
  });
  await project.addSubject({
    first_name: 'Cy',
    last_name: 'North',
    student_id: '2003',
    grade: '4',
    teacher: 'Mr. Ortiz',
  });
});

/** The development mailbox's messages to `to`, as they stand. */
async function mailboxOf(to: string) {
  const response = await fetch(`${product.baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as { messages: { subject: string; text: string | null }[] }).messages;
}

async function mailTo(to: string, subject: string) {
  for (let attempt = 0; attempt < 75; attempt += 1) {
    const found = (await mailboxOf(to)).find((m) => m.subject === subject);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no e-mail "${subject}" to ${to}`);
}

test('the studio sees the counts, downloads the CSV and the PDF, and e-mails the school', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.studio);
  try {
    await page.goto(`${product.baseUrl}/projects/${projectId}`);
    const card = page.getByTestId('coverage-card');
    await expect
      .poll(() => card.getByTestId('coverage-count-without_portrait').locator('dd').textContent())
      .toBe('3');
    await card.getByRole('link', { name: 'See who is missing' }).click();
    await page.waitForURL(`**/projects/${projectId}/coverage`);
    await heading(page, 'Coverage').waitFor();

    const classes = page.getByRole('table', { name: 'Coverage by class' });
    await classes.getByRole('row', { name: /Ms\. Lee 3 2 0/ }).waitFor();
    await classes.getByRole('row', { name: /Mr\. Ortiz 4 1 0/ }).waitFor();
    const missing = page.getByRole('table', { name: 'Subjects without a portrait' });
    for (const name of ['Lane, Ada', 'Moss, Ben', 'North, Cy']) await missing.getByText(name).waitFor();

    const csv = await downloadBy(page.getByRole('button', { name: 'Download CSV' }));
    expect(csv.suggestedFilename()).toBe(`Missing portraits - ${NAME}.csv`);
    const text = await readFile((await csv.path())!, 'utf8');
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'Last Name,First Name,Student ID,Grade,Teacher',
    );
    expect(text).toContain('North,Cy,2003,4,Mr. Ortiz');

    await page.getByRole('button', { name: 'Download PDF' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText('The list of missing portraits is ready for download.')
      .waitFor({ timeout: 30_000 });
    const pdf = await downloadBy(dialog.getByRole('button', { name: 'Download Now' }));
    expect(pdf.suggestedFilename()).toBe(`Missing Portraits - ${NAME}.pdf`);

    // The e-mail is shown before it goes: recipient, subject and text; nothing is sent on opening or
    // on Cancel, only on Send E-mail.
    const subject = `Missing portraits for ${NAME}: 3`;
    const sentSoFar = async () =>
      (await mailboxOf('office@maple.demo.test')).filter((m) => m.subject === subject).length;
    await page.getByRole('button', { name: 'E-mail the school' }).click();
    const confirm = page.getByRole('dialog', { name: 'E-mail the school?' });
    await confirm.getByText('An e-mail goes to Maple Grove Elementary').waitFor();
    const preview = confirm.getByRole('region', { name: 'The e-mail' });
    await preview.getByText('To: office@maple.demo.test').waitFor();
    await preview.getByText(`Subject: ${subject}`).waitFor();
    await preview.getByText(/3 of 3 subjects have no portrait yet/).waitFor();
    expect(await preview.textContent()).toContain(`/projects/${projectId}/coverage`);
    expect(await preview.textContent()).not.toContain('North');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await sentSoFar()).toBe(0);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await sentSoFar()).toBe(0);

    await page.getByRole('button', { name: 'E-mail the school' }).click();
    await preview.getByText(`Subject: ${subject}`).waitFor();
    await confirm.getByRole('button', { name: 'Send E-mail' }).click();
    await page.getByText('The missing portraits were e-mailed to Maple Grove Elementary.').waitFor();
    const mail = await mailTo('office@maple.demo.test', subject);
    expect(await sentSoFar()).toBe(1);
    expect(mail.text).toContain(`/projects/${projectId}/coverage`);
    expect(mail.text).not.toContain('North');
  } finally {
    await closePage(page);
  }
});

test('the school sees the counts and the list, and no e-mail button', async () => {
  const page = await signedInPage(product.browser, product.baseUrl, DEMO_USERS.school);
  try {
    await page.goto(`${product.baseUrl}/projects/${projectId}`);
    await expect
      .poll(() =>
        page.getByTestId('coverage-card').getByTestId('coverage-count-subjects').locator('dd').textContent(),
      )
      .toBe('3');
    await page.goto(`${product.baseUrl}/projects/${projectId}/coverage`);
    await heading(page, 'Coverage').waitFor();
    await page.getByRole('table', { name: 'Subjects without a portrait' }).getByText('North, Cy').waitFor();
    await page.getByRole('button', { name: 'Download CSV' }).waitFor();
    expect(await page.getByRole('button', { name: 'E-mail the school' }).count()).toBe(0);
  } finally {
    await closePage(page);
  }
});
