import { expect, test } from 'vitest';
import { moveBatch } from '../../api/src/modules/picture-day/queries.js';
import { schoolProject } from './support/factories.js';
import { apiAs, DEMO_USERS, productAndBrowser, withSignedInPage } from './support/server.js';

// The picture-day batch page hears its batch's changes pushed by the server (GET /api/projects/:id/events,
// read with fetch and the bearer token): an open batch is not polled at all, so only the push can show it.

const product = productAndBrowser();

test("a batch's state moved elsewhere shows on its page within a second or two, without polling", async () => {
  const { api } = await apiAs(product.baseUrl);
  const project = await schoolProject(product.app, api, {
    name: 'Live batch',
    template: 'Live Batch Template',
    fields: ['first_name'],
  });
  const { photo_batch: batch } = await api<{ photo_batch: { id: string } }>(
    `/api/projects/${project.id}/photo-batches`,
    'POST',
    { photo_batch: { name: 'Live', match_by: 'camera_card' } },
  );
  await withSignedInPage(product, DEMO_USERS.studio, async (page, errors) => {
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/projects/${project.id}/events`)) streams.push(request.url());
    });
    await page.goto(`${product.baseUrl}/projects/${project.id}/picture-day/${batch.id}`);
    await page.getByTestId('batch-state').getByText('Uploading').waitFor();
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    // Give the stream its moment to be listened to (its `ready`), then move the batch as any instance's
    // change would (a transaction's pg_notify), not through this page.
    await page.waitForTimeout(500);
    const started = Date.now();
    await moveBatch(product.app.ctx.db, batch.id, ['open'], 'failed', { error: 'Moved elsewhere' });
    await page.getByTestId('batch-state').getByText('Failed').waitFor({ timeout: 3_000 });
    expect(Date.now() - started).toBeLessThan(3_000);
    // The token went in a header: never in the stream's address.
    expect(streams.filter((url) => url.includes('token'))).toEqual([]);
    expect(errors).toEqual([]);
  });
});
