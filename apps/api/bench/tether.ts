/**
 * npm run bench:tether — tethered capture through the real uploader and the real server: two cameras,
 * each at its own station, each writing a JPEG of 12 to 24 MP (a face portrait, its EXIF capture time
 * and camera) into its own folder every two seconds for `--minutes` minutes (default 5), each folder
 * watched by its own uploader process (scripts/tether) sending into the station's live batch on an API
 * process with its workers (src/main.ts, as `npm start`). Each station checks in a new student every ten
 * seconds through the check-ins route; each camera first photographs its station's clock card. The
 * session applies as it goes (`live_apply`), the heavier path.
 *
 * Prints the p50 / p95 / max time from a file complete on disk (its write closed) to the station's
 * session stream carrying its `station.frame` event (its match and its checks; goal: p95 at most 5 s),
 * how many frames were matched to the student checked in before them, the files lost (written, not in the
 * batch once the grace is over: on a starved machine, perhaps only late) or doubled (in it more than once) and frames never told, and the API process's RSS at the start
 * (after its first frames) and at the end.
 *
 * The JPEGs are made with sharp once per camera (a portrait of 16 and of 20 MP) and copied, each copy's
 * EXIF capture time written in place (its bytes only: no decode). Options: --minutes (default 5),
 * --stable-ms (the uploader's, default 250), or MINUTES, STABLE_MS, GRACE_SECONDS (default 180: how long the last frames are waited for) in the environment. Needs TEST_DATABASE_URL's server (else an embedded
 * PostgreSQL under var/).
 */
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { clockCardPayload } from '@school-portal/domain';
import sharp from 'sharp';
import { drawnClockCard, photographCard } from '../test/support/camera-cards.js';
import { openEventStream } from '../test/support/event-stream.js';
import { buildOrganization, buildUser } from '../test/support/factories.js';
import { facePortrait } from '../test/support/portraits.js';
import { processes } from '../test/support/processes.js';
import { projectWithFields } from '../test/support/project-data.js';
import { benchDatabase } from './database.js';
import { signInAt, startApi } from './processes.js';
import { median } from './support.js';

const { values: args } = parseArgs({
  options: { minutes: { type: 'string' }, 'stable-ms': { type: 'string' } },
});
// From the command line (npm run bench:tether -- --minutes 1), else the environment (MINUTES, STABLE_MS).
const MINUTES = Number(args.minutes ?? process.env.MINUTES ?? 5);
const STABLE_MS = args['stable-ms'] ?? process.env.STABLE_MS ?? '250';
const GRACE_MS = Number(process.env.GRACE_SECONDS ?? 180) * 1000;
const FRAME_EVERY_MS = 2_000;
const CHECK_IN_EVERY_MS = 10_000;
const STUDIO_EMAIL = 'tether-studio@example.test';

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** EXIF's DateTimeOriginal text of a time (the camera's clock, UTC). */
const exifTime = (at: Date) => at.toISOString().slice(0, 19).replace('T', ' ').replace(/-/g, ':');
const BASE_TIME = new Date(Date.UTC(2001, 0, 1, 0, 0, 0));

interface Camera {
  folder: string;
  name: string;
  station: { id: string; token: string };
  /** The camera's clock minus the station's, in ms. */
  offsetMs: number;
  /** The portrait, its EXIF time BASE_TIME (rewritten in place on each copy). */
  portrait: Buffer;
  megapixels: number;
}

/** A copy of a portrait with its capture time `at` in its EXIF (the same bytes otherwise). */
function frameAt(portrait: Buffer, at: Date): Buffer {
  const copy = Buffer.from(portrait);
  const from = Buffer.from(exifTime(BASE_TIME));
  const to = Buffer.from(exifTime(at));
  for (let i = copy.indexOf(from); i >= 0; i = copy.indexOf(from, i + 1)) to.copy(copy, i);
  return copy;
}

const exif = (at: Date, serial: string) => ({
  IFD0: { Make: 'Canon', Model: 'EOS R6' },
  IFD2: { DateTimeOriginal: exifTime(at), BodySerialNumber: serial },
});

async function portraitOf(megapixels: number, serial: string, seed: number) {
  const height = Math.round(Math.sqrt((megapixels * 1e6) / 1.5));
  const width = Math.round(height * 1.5);
  const png = await facePortrait({ width, height, seed }, exif(BASE_TIME, serial));
  return sharp(png).jpeg({ quality: 90 }).withExif(exif(BASE_TIME, serial)).toBuffer();
}

/** The API process's resident memory now, in MiB. */
async function rssMiB(pid: number): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024);
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

const { runtime, close } = await benchDatabase('tether');
const children = processes();
const root = await mkdtemp(path.join(tmpdir(), 'bench-tether-'));
let api: Awaited<ReturnType<typeof startApi>> | undefined;
try {
  const db = runtime.ctx.db;
  const studio = await buildOrganization(db, { role: 'studio_role', name: 'Tether studio' });
  const school = await buildOrganization(db, {
    role: 'customer_role',
    name: 'Tether school',
    parent: studio.id,
  });
  await buildUser(db, { organizations: [studio.id], email: STUDIO_EMAIL });
  const project = await projectWithFields(db, school.id, 'Tethered bench', ['student_id', 'first_name']);
  const students = Math.ceil((MINUTES * 60_000) / CHECK_IN_EVERY_MS) * 2 + 10;
  const subjectIds = (
    await db
      .insertInto('subjects')
      .values(
        Array.from({ length: students }, (_, i) => ({
          project_id: project.projectId,
          properties: JSON.stringify({ [project.fields.first_name!]: `Kid ${i}` }),
        })),
      )
      .returning('id')
      .execute()
  ).map((r) => r.id);

  api = await startApi(runtime.ctx.config.databaseUrl!, 'tether', {
    RUN_WORKERS: 'true',
    MALLOC_ARENA_MAX: '2',
  });
  const base = api.base;
  const token = await signInAt(base, STUDIO_EMAIL);
  const call = async <T = unknown>(
    method: string,
    url: string,
    body: unknown,
    bearer = token,
  ): Promise<T> => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const session = (
    await call<{ photo_session: { id: string } }>(
      'POST',
      `/api/projects/${project.projectId}/photo-sessions`,
      {
        photo_session: { name: 'Bench day', date: new Date().toISOString().slice(0, 10) },
      },
    )
  ).photo_session;
  await call('PATCH', `/api/photo-sessions/${session.id}`, { photo_session: { live_apply: true } });
  const station = async (name: string) => {
    const made = await call<{ station: { id: string }; station_link: { token: string } }>(
      'POST',
      `/api/photo-sessions/${session.id}/stations`,
      { station: { name } },
    );
    return { id: made.station.id, token: made.station_link.token };
  };

  log('making the photos...');
  const cameras: Camera[] = [];
  for (const [k, [name, megapixels, offsetMs]] of (
    [
      ['cam-a', 16, 0],
      ['cam-b', 20, -95_000],
    ] as const
  ).entries()) {
    const folder = path.join(root, name);
    await mkdir(folder, { recursive: true });
    cameras.push({
      folder,
      name,
      station: await station(`Station ${k + 1}`),
      offsetMs,
      portrait: await portraitOf(megapixels, `000${k}`, k),
      megapixels,
    });
  }

  // The studio's stream of the session: every station's frames.
  const stream = await openEventStream(`${base}/api/photo-sessions/${session.id}/events`, token);
  await stream.next('ready', 60_000);

  const uploaders = cameras.map((c) =>
    children.start(
      [
        '--import',
        'tsx',
        'scripts/tether/main.ts',
        '--station-link',
        c.station.token,
        '--station',
        c.station.id,
        '--server',
        base,
        '--folder',
        c.folder,
        '--stable-ms',
        STABLE_MS,
      ],
      { MALLOC_ARENA_MAX: '2' },
    ),
  );
  for (const u of uploaders) while (!u.output().includes('watching')) await sleep(200);

  /** When each file's write closed (Date.now()), by camera folder and name. */
  const written = new Map<string, number>();
  /** Which student each frame was shot of (the station's last check-in when written). */
  const shotOf = new Map<string, string>();
  let next = 0;
  const checkIn = async (c: Camera) => {
    const subject = subjectIds[next++]!;
    await call(
      'POST',
      `/api/photo-sessions/${session.id}/check-ins`,
      {
        check_ins: [
          {
            client_id: randomUUID(),
            station_id: c.station.id,
            subject_id: subject,
            status: 'photographed',
            at: new Date().toISOString(),
          },
        ],
      },
      c.station.token,
    );
    return subject;
  };

  // Each camera's clock card first: it sets the camera's clock and station.
  for (const c of cameras) {
    const shown = new Date();
    const card = await drawnClockCard(clockCardPayload(c.station.id, shown));
    const shot = await photographCard(card, { width: 2400, height: 1600, share: 0.4, angle: 4 });
    const bytes = await sharp(shot)
      .jpeg({ quality: 90 })
      .withExif(exif(new Date(shown.getTime() + c.offsetMs), `000${cameras.indexOf(c)}`))
      .toBuffer();
    await writeFile(path.join(c.folder, 'IMG_0000.JPG'), bytes);
  }
  await sleep(3_000);

  log(`shooting for ${MINUTES} min: 2 cameras, a frame every ${FRAME_EVERY_MS / 1000} s each...`);
  const started = Date.now();
  const end = started + MINUTES * 60_000;
  let rssStart: number | null = null;
  await Promise.all(
    cameras.map(async (c, k) => {
      // The two cameras out of step, as two photographers are.
      await sleep(k * (FRAME_EVERY_MS / 2));
      let frame = 0;
      let student = await checkIn(c);
      let checkedAt = Date.now();
      while (Date.now() < end) {
        if (Date.now() - checkedAt >= CHECK_IN_EVERY_MS) {
          student = await checkIn(c);
          checkedAt = Date.now();
          // The camera fires a moment after the check-in.
          await sleep(400);
        }
        const due = started + k * (FRAME_EVERY_MS / 2) + frame * FRAME_EVERY_MS;
        if (Date.now() < due) await sleep(due - Date.now());
        frame++;
        const name = `IMG_${String(frame).padStart(4, '0')}.JPG`;
        const bytes = frameAt(c.portrait, new Date(Date.now() + c.offsetMs));
        await writeFile(path.join(c.folder, name), bytes);
        written.set(`${c.name}/${name}`, Date.now());
        shotOf.set(`${c.name}/${name}`, student);
        if (rssStart === null && frame === 5 && api) rssStart = await rssMiB(api.child.pid!);
      }
    }),
  );
  log('shooting done; waiting for the last frames...');
  const graceEnd = Date.now() + GRACE_MS;
  const told = () =>
    new Set(stream.received.filter((r) => r.event === 'station.frame').map((r) => r.data.photo_id));
  const items = async () =>
    db
      .selectFrom('photo_batch_items as i')
      .innerJoin('photo_batches as b', 'b.id', 'i.photo_batch_id')
      .innerJoin('photos as ph', 'ph.id', 'i.photo_id')
      .select(['i.photo_id', 'i.file_name', 'i.state', 'i.subject_id', 'i.reason_code', 'b.station_id'])
      .select(['i.created_at as sent_at', 'ph.upload_verified_at', 'ph.checked_at'])
      .where('b.photo_session_id', '=', session.id)
      .execute();
  while (Date.now() < graceEnd) {
    const rows = await items();
    const heard = told();
    const frames = rows.filter((r) => !/IMG_0000/.test(r.file_name));
    if (frames.length >= written.size && frames.every((r) => heard.has(r.photo_id))) break;
    await sleep(1_000);
  }
  const rssEnd = await rssMiB(api.child.pid!);

  const rows = (await items()).filter((r) => !/IMG_0000/.test(r.file_name));
  const byFile = new Map<string, typeof rows>();
  for (const r of rows) {
    // Each camera's folder is its uploader's: the station tells the camera, the name (less its hash) the file.
    const camera = cameras.find((c) => c.station.id === r.station_id)!.name;
    const file = `${camera}/${r.file_name.replace(/~\w+/, '')}`;
    byFile.set(file, [...(byFile.get(file) ?? []), r]);
  }
  const firstTold = new Map<string, number>();
  for (const r of stream.received)
    if (r.event === 'station.frame' && !firstTold.has(String(r.data.photo_id)))
      firstTold.set(String(r.data.photo_id), r.at);
  const lost = [...written.keys()].filter((f) => !byFile.has(f));
  const doubled = [...byFile.values()].filter((list) => list.length > 1).length;
  const latencies: number[] = [];
  // Where the time goes: to the uploader's first call, to verified, to checked, to the stream.
  const stages: Record<'sent' | 'verified' | 'checked' | 'told', number[]> = {
    sent: [],
    verified: [],
    checked: [],
    told: [],
  };
  let untold = 0;
  let rightly = 0;
  let wrongly = 0;
  /** Frames sent to review, by reason: a frame within 2 s of a check-in (the clocks can't tell) is one. */
  const reviews = new Map<string, number>();
  for (const [file, at] of written) {
    const row = byFile.get(file)?.[0];
    if (!row) continue;
    const heard = firstTold.get(row.photo_id);
    if (heard === undefined) untold++;
    else latencies.push(heard - at);
    if (row.upload_verified_at && row.checked_at && heard !== undefined) {
      stages.sent.push(row.sent_at.getTime() - at);
      stages.verified.push(row.upload_verified_at.getTime() - row.sent_at.getTime());
      stages.checked.push(row.checked_at.getTime() - row.upload_verified_at.getTime());
      stages.told.push(heard - row.checked_at.getTime());
    }
    if (row.state === 'matched' && row.subject_id === shotOf.get(file)) rightly++;
    else if (row.state === 'matched') wrongly++;
    else reviews.set(row.reason_code ?? row.state, (reviews.get(row.reason_code ?? row.state) ?? 0) + 1);
  }
  latencies.sort((a, b) => a - b);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  log(
    [
      `frames written: ${written.size} (${cameras.map((c) => `${c.name} ${c.megapixels} MP`).join(', ')}) in ${MINUTES} min`,
      `file complete on disk -> station.frame on the session stream: p50 ${seconds(percentile(latencies, 50))}, p95 ${seconds(percentile(latencies, 95))} (goal: at most 5 s), max ${seconds(latencies.at(-1) ?? Number.NaN)}`,
      `median stages: written -> first call ${seconds(median(stages.sent))}, -> verified ${seconds(median(stages.verified))}, -> checked ${seconds(median(stages.checked))}, -> told ${seconds(median(stages.told))} (load ${loadavg()[0]!.toFixed(2)} at the end, ${cpus().length} cores)`,
      `matched to the student checked in before them: ${rightly} of ${written.size}; to another: ${wrongly}; to review: ${[...reviews].map(([k, n]) => `${n} ${k}`).join(', ') || 'none'}`,
      `files lost: ${lost.length}${lost.length ? ` (${lost.slice(0, 5).join(', ')})` : ''}, doubled: ${doubled}, never told: ${untold}`,
      `API process RSS: ${rssStart ?? '?'} MiB at the start (5th frame), ${rssEnd} MiB at the end`,
    ].join('\n'),
  );
  stream.close();
  if (lost.length || doubled) process.exitCode = 1;
} finally {
  children.killAll();
  await api?.stop();
  // Still closing after stop's 20 s (jobs in flight on a loaded machine): it must not outlive its database.
  if (api && api.child.exitCode === null) api.child.kill('SIGKILL');
  await rm(root, { recursive: true, force: true });
  await close();
}
