import type { Page } from 'playwright-core';

// The Import Roster screen's steps after the mapping, as the roster specs (CSV, OneRoster) take them.

/** Check on the mapping step: waits for the check's counts. */
export async function checkImport(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Check' }).click();
  await page.getByTestId('import-check').waitFor();
}

/** Applies the checked import and waits for its done message (`Import complete: ...`). */
export async function applyImport(page: Page, done: string): Promise<void> {
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByText(done).waitFor();
}

/** From the done import to the subjects grid, once it shows `count` cards: the text of them all. */
export async function importedSubjectsText(page: Page, count: number): Promise<string> {
  await page.getByRole('link', { name: 'View Subjects' }).click();
  const cards = page.getByRole('list', { name: 'Subjects' }).getByTestId('subject-card');
  await cards.nth(count - 1).waitFor();
  return (await cards.allTextContents()).join(' ');
}
