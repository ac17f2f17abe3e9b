import { randomUUID } from 'node:crypto';
import { expect, test } from 'vitest';
import { threeStudentProject } from './support/factories.js';
import { apiAs, DEMO_USERS, productAndBrowser, withSignedInPage } from './support/server.js';

// The school's Coverage page and project dashboard hear picture day pushed by the server (the project's
// event stream): a station's check-in, sent through the API with the station link's token as its device
// sends it, moves the session's figures on the open Coverage page, and a batch the studio applies moves the
// dashboard's coverage card, each within a second or two, without a reload.

const product = productAndBrowser();

test('a check-in at a station shows on the school’s open Coverage page, without a reload', async () => {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  const project = await threeStudentProject(product.app, api, 'Live coverage', 7101);
  const { photo_session: session } = await api<{ photo_session: { id: string } }>(
    `/api/projects/${project.id}/photo-sessions`,
    'POST',
    { photo_session: { name: 'Fall picture day', date: new Date().toISOString().slice(0, 10) } },
  );
  const { station, station_link: link } = await api<{
    station: { id: string };
    station_link: { token: string };
  }>(`/api/photo-sessions/${session.id}/stations`, 'POST', { station: { name: 'Gym A' } });

  await withSignedInPage(product, DEMO_USERS.school, async (page, errors) => {
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/projects/${project.id}/events`)) streams.push(request.url());
    });
    await page.goto(`${product.baseUrl}/projects/${project.id}/coverage`);
    const figure = (key: string) => page.getByTestId(`session-${session.id}-count-${key}`).locator('dd');
    await expect.poll(() => figure('photographed').textContent()).toBe('0');
    expect(await figure('remaining').textContent()).toBe('3');
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    // The stream's moment to be listened to (its `ready`); a mark that a reload would wipe.
    await page.waitForTimeout(500);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));

    const started = Date.now();
    const sent = await fetch(`${product.baseUrl}/api/photo-sessions/${session.id}/check-ins`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${link.token}`,
        'X-App-Slug': 'school-portal',
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        check_ins: [
          {
            client_id: randomUUID(),
            station_id: station.id,
            subject_id: project.studentIds[0],
            status: 'photographed',
            at: new Date().toISOString(),
          },
        ],
      }),
    });
    expect(sent.status).toBe(200);
    await expect.poll(() => figure('photographed').textContent(), { timeout: 3_000, interval: 50 }).toBe('1');
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await figure('remaining').textContent()).toBe('2');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });
});

test("a batch applied by the studio moves the school's open project dashboard, without a reload", async () => {
  const { api } = await apiAs(product.baseUrl, DEMO_USERS.studio);
  const project = await threeStudentProject(product.app, api, 'Live dashboard', 7201);
  const db = product.app.ctx.db;
  // A batch whose one photo is matched to the first student (as matching leaves it), applied by the studio.
  const { photo_batch: batch } = await api<{ photo_batch: { id: string; album_id: string } }>(
    `/api/projects/${project.id}/photo-batches`,
    'POST',
    { photo_batch: { name: 'Shoot', match_by: 'camera_card' } },
  );
  const { album_id } = await db
    .selectFrom('photo_batches')
    .select('album_id')
    .where('id', '=', batch.id)
    .executeTakeFirstOrThrow();
  const photo = await db
    .insertInto('photos')
    .values({
      album_id,
      storage_key: `e2e/live-dashboard/${batch.id}`,
      upload_file_name: 'IMG_1.jpg',
      upload_file_size: 10,
      upload_content_type: 'image/jpeg',
      upload_verified_at: new Date(),
      verification_state: 'verified',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('photo_batch_items')
    .values({
      photo_batch_id: batch.id,
      photo_id: photo.id,
      file_name: 'IMG_1.jpg',
      byte_size: 10,
      state: 'matched',
      subject_id: project.studentIds[0]!,
    })
    .execute();
  await db.updateTable('photo_batches').set({ state: 'matched' }).where('id', '=', batch.id).execute();

  await withSignedInPage(product, DEMO_USERS.school, async (page, errors) => {
    const streams: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/projects/${project.id}/events`)) streams.push(request.url());
    });
    await page.goto(`${product.baseUrl}/projects/${project.id}`);
    const withoutPhoto = page
      .getByTestId('coverage-card')
      .getByTestId('coverage-count-without_photo')
      .locator('dd');
    await expect.poll(() => withoutPhoto.textContent()).toBe('3');
    await expect.poll(() => streams.length).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    await page.evaluate(() => Object.assign(window, { notReloaded: true }));
    await api(`/api/photo-batches/${batch.id}/apply`, 'POST', {});
    await expect.poll(() => withoutPhoto.textContent(), { timeout: 5_000, interval: 50 }).toBe('2');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    expect(errors).toEqual([]);
  });
});
