import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { type ListeningTestApp, listeningTestApp } from './support/app.js';
import { injectAs, signIn } from './support/factories.js';
import { makeJpeg } from './support/images.js';
import { processes, waitFor } from './support/processes.js';
import { projectWithFields } from './support/project-data.js';
import { buildWorld } from './support/world.js';

/**
 * The tether uploader (`npm run tether`) as a real process against the real server: it watches a camera
 * folder, waits for files written in pieces, sends each into the station's live batch once (two cameras'
 * IMG_0001.JPG stay two photos), prints what the server refused and goes on, and after a kill -9 resumes
 * from its journal without sending a confirmed file again.
 */

let t: ListeningTestApp;
let studio: string;
let projectId: string;
let root: string;
const children = processes();

beforeAll(async () => {
  t = await listeningTestApp();
  const w = await buildWorld(t.ctx.db);
  studio = await signIn(t.app, w.users.studioStaff!.email);
  projectId = (await projectWithFields(t.ctx.db, w.orgs.schoolA1.id, 'Tethered', ['student_id'])).projectId;
}, 120_000);
afterEach(() => children.killAll());
afterAll(async () => {
  children.killAll();
  await t?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

/** A station of a new session, its link, and an empty shoot folder with the given camera folders. */
async function station(cameras: string[]) {
  const session = await injectAs(t.app, studio, 'POST', `/api/projects/${projectId}/photo-sessions`, {
    photo_session: { name: 'Fall picture day', date: new Date().toISOString().slice(0, 10) },
  });
  const made = await injectAs(
    t.app,
    studio,
    'POST',
    `/api/photo-sessions/${session.json().photo_session.id}/stations`,
    {
      station: { name: 'Gym A' },
    },
  );
  expect(made.statusCode, made.body).toBe(201);
  root ??= await mkdtemp(path.join(tmpdir(), 'tether-'));
  const folder = await mkdtemp(path.join(root, 'shoot-'));
  for (const camera of cameras) await mkdir(path.join(folder, camera));
  return { id: made.json().station.id as string, link: made.json().station_link.url as string, folder };
}

const uploader = (link: string, folder: string, extra: string[] = []) =>
  children.start(
    [
      '--import',
      'tsx',
      'scripts/tether/main.ts',
      '--station-link',
      link,
      '--folder',
      folder,
      ...extra,
      '--stable-ms',
      '300',
      '--give-up-ms',
      '2500',
    ],
    {},
  );

/** The live batch's items (file name, size, verified), as the studio reads them. */
async function items(stationId: string) {
  const batch = await injectAs(t.app, studio, 'POST', `/api/stations/${stationId}/batch`);
  const res = await injectAs(t.app, studio, 'GET', `/api/photo-batches/${batch.json().photo_batch.id}/items`);
  return res.json().photo_batch_items as { file_name: string; byte_size: number; verified: boolean }[];
}

const lines = (output: string, word: string) => output.split('\n').filter((l) => l.includes(`  ${word}: `));

describe('the tether uploader', () => {
  test('waits for files written in pieces and keeps two cameras’ IMG_0001.JPG apart', async () => {
    const { id, link, folder } = await station(['cam-a', 'cam-b']);
    const run = uploader(link, folder);
    await waitFor(() => run.output().includes('watching'), 20_000);
    const a = await makeJpeg(640, 480);
    const b = await makeJpeg(320, 240);
    // Tethering software writes in pieces, with pauses longer than the uploader's size check.
    const slow = path.join(folder, 'cam-a', 'IMG_0001.JPG');
    const pieces = 4;
    for (let i = 0; i < pieces; i++) {
      const piece = a.subarray(
        Math.floor((a.length * i) / pieces),
        Math.floor((a.length * (i + 1)) / pieces),
      );
      await writeFile(slow, piece, { flag: i === 0 ? 'w' : 'a' });
      await new Promise((r) => setTimeout(r, 600));
    }
    await writeFile(path.join(folder, 'cam-b', 'IMG_0001.JPG'), b);
    // The camera's raw file beside it is not the uploader's to send.
    await writeFile(path.join(folder, 'cam-b', 'IMG_0001.CR2'), b);
    await waitFor(() => lines(run.output(), 'confirmed').length === 2, 30_000);
    expect(lines(run.output(), 'waiting').join('\n')).toContain('cam-a/IMG_0001.JPG is still being written');
    expect(lines(run.output(), 'refused')).toEqual([]);
    const got = await items(id);
    expect(got.map((i) => i.file_name.replace(/~\w+/, '')).sort()).toEqual([
      'cam-a/IMG_0001.JPG',
      'cam-b/IMG_0001.JPG',
    ]);
    expect(got.map((i) => i.byte_size).sort((x, y) => x - y)).toEqual([b.length, a.length]);
    expect(got.every((i) => i.verified)).toBe(true);
    // The photographer's files are left as they were.
    expect(await readFile(slow)).toEqual(a);
  }, 60_000);

  test('prints what the server refused (not a JPEG, cut short) and goes on with the next file', async () => {
    const { id, link, folder } = await station(['cam-a']);
    const run = uploader(link, folder);
    await waitFor(() => run.output().includes('watching'), 20_000);
    await writeFile(path.join(folder, 'cam-a', 'NOTES.JPG'), 'a shopping list, not a photo');
    const good = await makeJpeg(320, 240);
    await writeFile(path.join(folder, 'cam-a', 'CUT.JPG'), good.subarray(0, Math.floor(good.length / 2)));
    await writeFile(path.join(folder, 'cam-a', 'IMG_0002.JPG'), good);
    await waitFor(() => lines(run.output(), 'refused').length === 2, 30_000);
    await waitFor(() => lines(run.output(), 'confirmed').length === 1, 30_000);
    const refused = lines(run.output(), 'refused').join('\n');
    expect(refused).toMatch(/refused: cam-a\/NOTES\.JPG: file .+\. Going on with the next photo\./);
    expect(refused).toMatch(/refused: cam-a\/CUT\.JPG: file .+\./);
    expect(lines(run.output(), 'confirmed')[0]).toContain('cam-a/IMG_0002.JPG');
    expect((await items(id)).filter((i) => i.verified).map((i) => i.file_name.replace(/~\w+/, ''))).toEqual([
      'cam-a/IMG_0002.JPG',
    ]);
  }, 60_000);

  test('killed with SIGKILL and started again, it sends each file once', async () => {
    const { id, link, folder } = await station(['cam-a']);
    const names = Array.from({ length: 6 }, (_, i) => `IMG_${String(i + 1).padStart(4, '0')}.JPG`);
    for (const [i, name] of names.entries())
      await writeFile(path.join(folder, 'cam-a', name), await makeJpeg(200 + i, 150));
    const first = uploader(link, folder);
    await waitFor(() => lines(first.output(), 'confirmed').length >= 2, 30_000);
    first.child.kill('SIGKILL');
    await first.exited;
    const confirmedBefore = lines(first.output(), 'confirmed').map((l) => l.split('confirmed: ')[1]);

    const second = uploader(link, folder);
    await waitFor(
      () => (second.output().match(/confirmed: /g) ?? []).length + confirmedBefore.length >= 6,
      30_000,
    );
    // What the first run confirmed is not sent again; the rest is, and the batch holds each file once.
    for (const name of confirmedBefore) expect(second.output()).not.toContain(`sending: ${name}`);
    const got = await items(id);
    expect(got.map((i) => i.file_name.replace(/~\w+/, '')).sort()).toEqual(names.map((n) => `cam-a/${n}`));
    expect(got.every((i) => i.verified)).toBe(true);
    const journal = JSON.parse(
      await readFile(path.join(path.dirname(folder), `.school-portal-tether-${id}.json`), 'utf8'),
    );
    expect(Object.values(journal.files).map((f) => (f as { state: string }).state)).toEqual(
      names.map(() => 'confirmed'),
    );
    expect((await stat(path.join(folder, 'cam-a', names[0]!))).isFile()).toBe(true);
  }, 60_000);

  test('goes on where it was when the network comes back', async () => {
    const { id, link, folder } = await station(['cam-a']);
    // A way to the server that can be cut and mended: the laptop's network.
    const target = new URL(t.origin);
    const sockets = new Set<Socket>();
    const network = createServer((socket) => {
      const upstream = connect(Number(target.port), target.hostname);
      for (const s of [socket, upstream]) {
        sockets.add(s);
        s.on('error', () => s.destroy());
        s.on('close', () => sockets.delete(s));
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((r) => network.listen(0, '127.0.0.1', r));
    const port = (network.address() as { port: number }).port;
    const cut = () => {
      network.close();
      for (const s of sockets) s.destroy();
    };
    const token = decodeURIComponent(new URL(link).hash.split('token=')[1]!);
    const run = uploader(token, folder, ['--station', id, '--server', `http://127.0.0.1:${port}`]);
    try {
      await waitFor(() => run.output().includes('watching'), 20_000);
      await writeFile(path.join(folder, 'cam-a', 'IMG_0001.JPG'), await makeJpeg(210, 150));
      await waitFor(() => lines(run.output(), 'confirmed').length === 1, 20_000);
      cut();
      for (const n of [2, 3, 4])
        await writeFile(path.join(folder, 'cam-a', `IMG_000${n}.JPG`), await makeJpeg(200 + n, 150));
      await waitFor(() => run.output().includes('waiting: the server cannot be reached'), 20_000);
      await new Promise<void>((r) => network.listen(port, '127.0.0.1', r));
      await waitFor(() => lines(run.output(), 'confirmed').length === 4, 40_000);
    } finally {
      cut();
    }
    const got = await items(id);
    expect(got.map((i) => i.file_name.replace(/~\w+/, '')).sort()).toEqual(
      [1, 2, 3, 4].map((n) => `cam-a/IMG_000${n}.JPG`),
    );
    expect(got.every((i) => i.verified)).toBe(true);
  }, 60_000);
});
