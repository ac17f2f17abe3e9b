import { expect, test } from 'vitest';
import { eventually } from '../../api/test/support/app.js';
import { makeJpeg } from '../../api/test/support/images.js';
import { closePage, freshPage } from './helpers.js';
import { DEMO_USERS, productAndBrowser, signIn } from './support/server.js';

// The server's PUBLIC_URL says localhost while the browser opens 127.0.0.1 (a proxy
// alias or a LAN address does the same). Uploads and thumbnails must work all the same: storage
// addresses are same-origin relative paths.

const product = productAndBrowser({}, { publicHost: 'localhost' });

test('opened through 127.0.0.1, a photo uploads and its thumbnail shows', async () => {
  expect(product.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const page = await freshPage(product.browser);
  const failures: string[] = [];
  // A request cut off by leaving its page (the cropper's large image, still loading on a busy machine)
  // is no failure of its address.
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText !== 'net::ERR_ABORTED') failures.push(request.url());
  });
  await signIn(page, product.baseUrl, DEMO_USERS.studio);
  const db = product.app.ctx.db;
  const subject = await db
    .selectFrom('subjects as s')
    .innerJoin('projects as p', 'p.id', 's.project_id')
    .leftJoin('subject_photo_assignments as a', 'a.subject_id', 's.id')
    .select(['s.id', 's.project_id'])
    .where('p.name', '=', 'Riverside Fall 2026')
    .where('a.id', 'is', null)
    .orderBy('s.id')
    .executeTakeFirstOrThrow();
  const subjectPath = `/projects/${subject.project_id}/subjects/${subject.id}`;
  await page.goto(`${product.baseUrl}${subjectPath}/upload`);
  await page
    .getByTestId('photo-input')
    .setInputFiles([{ name: 'host-check.jpg', mimeType: 'image/jpeg', buffer: await makeJpeg(600, 750) }]);
  await page.getByRole('button', { name: 'Upload 1 Photo' }).click();
  // One photo without a crop opens the cropper; then the subject's page shows the thumbnail.
  await page.waitForURL((url) => /\/photos\/\d+\/crop$/.test(url.pathname), { timeout: 30_000 });
  await page.goto(`${product.baseUrl}${subjectPath}`);
  const image = page.getByTestId('subject-photo').getByRole('img');
  await eventually(
    async () =>
      (await image.count()) === 1 &&
      (await image.evaluate(
        (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
      )),
    20_000,
  );
  expect(failures.filter((url) => url.includes('/storage/'))).toEqual([]);
  await closePage(page);
});
