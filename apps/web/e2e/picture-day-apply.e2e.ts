import type { Route } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import { schoolProject } from './support/factories.js';
import { type ApiCall, apiAs, DEMO_USERS, productAndBrowser, withSignedInPage } from './support/server.js';

// Picture day's upload stopped by a reload: the batch counts and names every file it
// is missing, not only the ones whose bytes were on their way; and a batch marked as retakes on creation.

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
let api: ApiCall;
let projectId: string;

beforeAll(async () => {
  ({ api } = await apiAs(product.baseUrl));
  const project = await schoolProject(product.app, api, {
    name: 'Reloaded Day',
    template: 'Reloaded Day Template',
    fields: ['first_name', 'last_name', 'student_id'],
  });
  projectId = project.id;
  await project.addSubject({ first_name: 'Ava', last_name: 'Adams', student_id: '00101' });
}, 120_000);

/** A small JPEG, each one other bytes. */
const jpeg = (n: number) =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 10 * n, g: 120, b: 200 } } })
    .jpeg()
    .toBuffer();

const FILES = 14;
/** The uploads let through before the storage stops answering (the rest hang, as on a slow network). */
const LET_THROUGH = 2;

test('a reload mid-upload: the batch counts and names every file not uploaded, not just those in flight', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page) => {
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${product.baseUrl}/projects/${projectId}/picture-day`);
    await page.getByRole('button', { name: 'New Batch' }).click();
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Reloaded');
    await page.getByRole('radio', { name: 'File names' }).check();
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByRole('heading', { name: 'Reloaded' }).waitFor();
    const batchId = new URL(page.url()).pathname.split('/').pop()!;

    // The storage takes the first bytes, then never answers: the upload is stuck, as a slow one is.
    let sent = 0;
    const held: Route[] = [];
    await page.route('**/storage/upload**', async (route) => {
      if (route.request().method() !== 'POST' || sent++ < LET_THROUGH) return route.continue();
      held.push(route);
    });
    const names = Array.from({ length: FILES }, (_, i) => `00101_${String(i + 1).padStart(2, '0')}.jpg`);
    await page
      .getByTestId('batch-file-input')
      .setInputFiles(
        await Promise.all(
          names.map(async (name, i) => ({ name, mimeType: 'image/jpeg', buffer: await jpeg(i) })),
        ),
      );
    // Every file is registered with the batch ahead of its bytes, though only a few are on their way.
    await expect
      .poll(
        async () =>
          (await api<{ photo_batch: { counts: { photos: number } } }>(`/api/photo-batches/${batchId}`))
            .photo_batch.counts.photos,
        { timeout: 30_000 },
      )
      .toBe(FILES);
    await expect
      .poll(
        async () =>
          (await api<{ photo_batch: { counts: { uploaded: number } } }>(`/api/photo-batches/${batchId}`))
            .photo_batch.counts.uploaded,
        { timeout: 30_000 },
      )
      .toBe(LET_THROUGH);
    expect(held.length).toBeGreaterThan(0);

    await page.reload();
    // The uploads held before the reload are dropped (their page is gone); the storage answers again.
    await Promise.all(held.map((route) => route.abort().catch(() => undefined)));
    await page.unroute('**/storage/upload**');
    const missing = FILES - LET_THROUGH;
    const warning = page.getByTestId('batch-not-uploaded');
    await warning
      .getByText(
        `${missing} photos were not uploaded: the upload stopped. Choose them or their folder again to upload them.`,
      )
      .waitFor();
    const listed = await warning.getByTestId('batch-missing-files').textContent();
    const named = names.filter((name) => listed?.includes(name));
    expect(named.length).toBe(missing);

    // Chosen again, the missing files go up, and nothing is missing any more.
    await page
      .getByTestId('batch-file-input')
      .setInputFiles(
        await Promise.all(
          names.map(async (name, i) => ({ name, mimeType: 'image/jpeg', buffer: await jpeg(i) })),
        ),
      );
    await page
      .getByTestId('batch-upload-status')
      .getByText(`${FILES} of ${FILES} photos uploaded.`, { exact: true })
      .waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByTestId('batch-not-uploaded').count()).toBe(0);
  });
});

test('a batch marked as retakes on creation makes the newest photo primary by default', async () => {
  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    await page.goto(`${product.baseUrl}/projects/${projectId}/picture-day`);
    await page.getByRole('button', { name: 'New Batch' }).click();
    await page.getByRole('textbox', { name: 'Batch Name' }).fill('Retake day');
    const newest = page.getByRole('checkbox', {
      name: 'Make the newest photo primary for subjects who already have one (retakes)',
    });
    expect(await newest.isChecked()).toBe(false);
    await page.getByRole('checkbox', { name: /These are retakes/ }).check();
    await expect.poll(() => newest.isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Create Batch' }).click();
    await page.getByRole('heading', { name: 'Retake day' }).waitFor();
    const batchId = new URL(page.url()).pathname.split('/').pop()!;
    const { photo_batch: batch } = await api<{ photo_batch: { retakes: boolean; primary: string } }>(
      `/api/photo-batches/${batchId}`,
    );
    expect([batch.retakes, batch.primary]).toEqual([true, 'newest']);
    await page.getByText('Retakes', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  });
});
