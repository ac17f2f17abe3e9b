import { writeFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { drawnCard } from '../../api/test/support/camera-cards.js';
import { closePage, freshPage } from './helpers.js';
import { schoolProject } from './support/factories.js';
import { apiAs, launchBrowser, productAndBrowser, scratchFolder } from './support/server.js';

// A station reads a printed camera card through the device's camera: Chromium's fake camera plays a
// video of the card (a Y4M file made here), and the station selects the card's student.

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });
const folder = scratchFolder('station-camera-');
let camera: Browser | undefined;
let link = '';
let student = '';

/** One frame of YUV 4:2:0 (grey: the chroma planes flat) that Chromium's fake camera plays in a loop. */
async function cardVideo(code: string, file: string) {
  const width = 640;
  const height = 480;
  // One resize a pipeline (sharp keeps the last): the card brought to 560 px first, then framed in white.
  const card = await sharp(await drawnCard(code))
    .resize({ width: 560 })
    .toBuffer();
  const { data: luma, info } = await sharp(card)
    .extend({ top: 60, bottom: 60, left: 40, right: 40, background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A frame of another size would be read as a sheared picture (some cards still read, most not).
  if (info.width !== width || info.height !== height || info.channels !== 1)
    throw new Error(`the card's frame is ${info.width} x ${info.height} x ${info.channels}`);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  await writeFile(file, Buffer.concat([header, luma, chroma, chroma]));
}

beforeAll(async () => {
  const { api } = await apiAs(product.baseUrl);
  const project = await schoolProject(product.app, api, {
    name: 'Camera Day',
    template: 'Camera Day Template',
    fields: ['first_name', 'last_name', 'grade'],
  });
  await project.addSubject({ first_name: 'Ada', last_name: 'Lane', grade: '2' });
  const subjectId = await project.addSubject({ first_name: 'Cy', last_name: 'North', grade: '2' });
  const row = await product.app.ctx.db
    .selectFrom('subjects')
    .select('card_code')
    .where('id', '=', subjectId)
    .executeTakeFirstOrThrow();
  student = 'Cy North';
  const video = folder.file('card.y4m');
  await cardVideo(String(row.card_code), video);
  const { photo_session: session } = await api<{ photo_session: { id: string } }>(
    `/api/projects/${project.id}/photo-sessions`,
    'POST',
    { photo_session: { name: 'Camera day', date: new Date().toISOString().slice(0, 10) } },
  );
  const answer = await api<{ station_link: { url: string } }>(
    `/api/photo-sessions/${session.id}/stations`,
    'POST',
    { station: { name: 'Camera' } },
  );
  link = answer.station_link.url;
  camera = await launchBrowser([
    '--use-fake-device-for-media-stream',
    '--use-fake-ui-for-media-stream',
    `--use-file-for-fake-video-capture=${video}`,
  ]);
});

afterAll(async () => {
  await camera?.close();
});

test("the device's camera reads a printed camera card and selects its student", async () => {
  if (!camera) throw new Error('no camera browser');
  const page = await freshPage(camera);
  // What the page said, printed when the read fails: a camera that gives no frames, a reader that did not load.
  const said: string[] = [];
  page.on('console', (message) => said.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => said.push(`error: ${error.message}`));
  page.on('requestfailed', (request) =>
    said.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
  );
  try {
    await page.goto(link);
    // Linux Chromium has no BarcodeDetector: this reads through zxing-wasm, compiled on opening the camera
    // (seconds on a loaded machine).
    await page.locator('[data-testid="station"]:not([data-roster-size="0"])').waitFor();
    await page.getByRole('button', { name: 'Use Camera' }).click();
    await expect
      .poll(
        () =>
          page
            .getByTestId('station-selected-name')
            .textContent({ timeout: 1000 })
            .catch(() => null),
        // zxing's WebAssembly compiles when the camera opens: seconds on a loaded machine.
        { timeout: 60_000 },
      )
      .toBe(student)
      .catch(async (error: unknown) => {
        const video = await page
          .evaluate(() => {
            const element = document.querySelector('video');
            return element
              ? `video ${element.videoWidth}x${element.videoHeight}, ready ${element.readyState}, paused ${element.paused}`
              : 'no video element';
          })
          .catch(() => 'page gone');
        const panel = await page
          .getByTestId('station-camera')
          .textContent({ timeout: 1000 })
          .catch(() => 'no camera panel');
        console.error(`camera read failed: ${video}; panel: ${panel}\n${said.slice(-30).join('\n')}`);
        throw error;
      });
  } finally {
    await closePage(page);
  }
});
