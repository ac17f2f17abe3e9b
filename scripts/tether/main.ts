/**
 * The tether uploader: runs on the photographer's laptop beside the tethering software, watches the folder
 * the camera writes into, and sends each finished JPEG into the station's live batch (docs/api.md
 * "Tethered capture"). It only reads the photographer's files: it never moves, renames or deletes them.
 *
 *   npm run tether -- --station-link '<the station link>' --folder <the camera folder>
 *
 * What the server has confirmed is kept in a journal beside the folder, written atomically, so that a
 * restart, a network cut or a kill -9 resumes without sending a file twice or skipping one; the server
 * also recognises a file sent again by its name (a hash of station, camera folder, name, size and time).
 */
import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { open, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { watch } from 'chokidar';

const JPEG = /\.jpe?g$/i;

interface Options {
  origin: string;
  token: string;
  stationId: string;
  folder: string;
  journalPath: string;
  /** How long a file's size must stay the same before it counts as written. */
  stableMs: number;
  /** How long a file that stays without its JPEG end is waited for before it is sent as it is. */
  giveUpMs: number;
}

interface JournalEntry {
  upload_name: string;
  size: number;
  mtime_ms: number;
  state: 'sending' | 'confirmed' | 'refused';
  photo_id?: string;
  reason?: string;
}

interface Journal {
  station_id: string;
  batch_id: string | null;
  files: Record<string, JournalEntry>;
}

const say = (line: string) => console.log(`${new Date().toTimeString().slice(0, 8)}  ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function usage(problem: string): never {
  console.error(`${problem}

Start it with:
  npm run tether -- --station-link '<the station link from the studio>' --folder <the folder your camera saves into>
(with a bare token, also --station <station id> --server <address of School Portal>)`);
  process.exit(2);
}

/** The options from the command line: the link's address gives the server and the station. */
function options(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      'station-link': { type: 'string' },
      folder: { type: 'string' },
      station: { type: 'string' },
      server: { type: 'string' },
      journal: { type: 'string' },
      'stable-ms': { type: 'string', default: '1000' },
      'give-up-ms': { type: 'string', default: '30000' },
    },
  });
  const link = values['station-link'];
  if (!link) usage('Missing --station-link.');
  if (!values.folder) usage('Missing --folder.');
  let origin = values.server;
  let token = link;
  let stationId = values.station;
  if (/^https?:\/\//.test(link)) {
    const url = new URL(link);
    token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
    stationId = url.pathname.match(/\/stations\/(\d+)/)?.[1];
    // The app may live under a path: everything before /photo-sessions/ is its address.
    origin = `${url.origin}${url.pathname.replace(/\/photo-sessions\/.*$/, '')}`;
  }
  if (!token) usage('The station link has no token (it ends with #token=...).');
  if (!stationId) usage('With a bare token, give --station <station id>.');
  if (!origin) usage('With a bare token, give --server <address of School Portal>.');
  const folder = path.resolve(values.folder);
  if (!existsSync(folder))
    usage(`The folder ${folder} does not exist: give the folder your camera saves into.`);
  return {
    origin: origin.replace(/\/$/, ''),
    token,
    stationId,
    folder,
    journalPath: values.journal ?? path.join(path.dirname(folder), `.school-portal-tether-${stationId}.json`),
    stableMs: Number(values['stable-ms']),
    giveUpMs: Number(values['give-up-ms']),
  };
}

// ---------- Journal ----------

function loadJournal(o: Options): Journal {
  try {
    const journal = JSON.parse(readFileSync(o.journalPath, 'utf8')) as Journal;
    if (journal.station_id === o.stationId) return journal;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  return { station_id: o.stationId, batch_id: null, files: {} };
}

/** Writes the journal whole or not at all: a new file synced to disk, then renamed over the old one. */
function saveJournal(o: Options, journal: Journal) {
  const temporary = `${o.journalPath}.${process.pid}.tmp`;
  const fd = openSync(temporary, 'w');
  try {
    writeSync(fd, JSON.stringify(journal, null, 1));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, o.journalPath);
}

// ---------- Server ----------

class Refused extends Error {}
class LinkDead extends Error {}

const reasonOf = (body: unknown): string => {
  const b = body as { errors?: Record<string, string[]>; error?: string } | null;
  const messages = Object.entries(b?.errors ?? {}).flatMap(([field, list]) =>
    list.map((m) => (field === 'base' ? m : `${field} ${m}`)),
  );
  return messages.join('; ') || b?.error || 'refused';
};

/**
 * One call to the server, tried again while the server can't be reached or answers 5xx (a network cut, a
 * restart): the photographer sees it waiting, and nothing is lost.
 */
async function call(o: Options, method: string, url: string, body?: unknown) {
  for (let wait = 1000; ; wait = Math.min(wait * 2, 15_000)) {
    let problem: string;
    try {
      const res = await fetch(`${o.origin}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${o.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (res.status === 401 || (res.status === 404 && url.startsWith('/api/stations/')))
        throw new LinkDead(
          'The station link no longer works (revoked or expired): ask the studio for a new one.',
        );
      if (res.status < 500) return { status: res.status, body: answer };
      problem = `the server answered ${res.status}`;
    } catch (error) {
      if (error instanceof LinkDead) throw error;
      problem = 'the server cannot be reached';
    }
    say(`waiting: ${problem}; trying again in ${Math.round(wait / 1000)} s`);
    await sleep(wait);
  }
}

async function liveBatch(o: Options): Promise<{ id: string; name: string }> {
  const res = await call(o, 'POST', `/api/stations/${o.stationId}/batch`);
  if (res.status !== 200 && res.status !== 201)
    throw new LinkDead(`The server refused: ${reasonOf(res.body)}`);
  return (res.body as { photo_batch: { id: string; name: string } }).photo_batch;
}

/** Sends the bytes to the presigned form; tried again while storage can't be reached. */
async function postForm(o: Options, post: { url: string; fields: Record<string, string> }, bytes: Buffer) {
  for (let wait = 1000; ; wait = Math.min(wait * 2, 15_000)) {
    try {
      const form = new FormData();
      for (const [k, v] of Object.entries(post.fields)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(bytes)]), 'file');
      const res = await fetch(new URL(post.url, `${o.origin}/`), { method: 'POST', body: form });
      if (res.ok) return;
      if (res.status < 500) throw new Refused(`the upload was refused (${res.status})`);
    } catch (error) {
      if (error instanceof Refused) throw error;
    }
    say(`waiting: the upload did not get through; trying again in ${Math.round(wait / 1000)} s`);
    await sleep(wait);
  }
}

// ---------- Files ----------

/** The name the file gets in the batch: its camera folder, its name and a hash that tells its version. */
export function uploadName(stationId: string, relative: string, size: number, mtimeMs: number) {
  const parts = relative.split(path.sep);
  const name = parts.pop()!;
  const folder = parts.join('/');
  const hash = createHash('sha256')
    .update([stationId, folder, name, size, Math.round(mtimeMs)].join('\0'))
    .digest('hex')
    .slice(0, 10);
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length).slice(0, 100);
  return `${folder ? `${folder.slice(-120)}/` : ''}${stem}~${hash}${ext}`;
}

/** Whether a file reads as a whole JPEG: it starts with FFD8 and ends with FFD9 (trailing zeros aside). */
async function wholeJpeg(file: string, size: number): Promise<boolean | 'not-jpeg'> {
  if (size < 4) return false;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(2);
    await handle.read(head, 0, 2, 0);
    if (head[0] !== 0xff || head[1] !== 0xd8) return 'not-jpeg';
    const tailSize = Math.min(size, 4096);
    const tail = Buffer.alloc(tailSize);
    await handle.read(tail, 0, tailSize, size - tailSize);
    let end = tailSize;
    while (end > 2 && tail[end - 1] === 0) end--;
    return tail[end - 2] === 0xff && tail[end - 1] === 0xd9;
  } finally {
    await handle.close();
  }
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/**
 * Waits until the file is written: the same size and time for `stableMs` and a whole JPEG. One that
 * stays without its end for `giveUpMs` is sent as it is (the server says what is wrong with it).
 */
async function whenComplete(o: Options, file: string, shown: string) {
  const started = Date.now();
  let told = false;
  let last = await stat(file);
  for (;;) {
    await sleep(Math.min(o.stableMs, 250));
    const now = await stat(file);
    if (now.size !== last.size || now.mtimeMs !== last.mtimeMs) {
      last = now;
      continue;
    }
    if (Date.now() - now.mtimeMs < o.stableMs) continue;
    const whole = await wholeJpeg(file, now.size);
    if (whole) return now;
    if (Date.now() - started > o.giveUpMs) return now;
    if (!told) say(`waiting: ${shown} is still being written`);
    told = true;
  }
}

// ---------- The loop ----------

async function sendFile(o: Options, journal: Journal, batchId: string, relative: string) {
  const file = path.join(o.folder, relative);
  const shown = relative.split(path.sep).join('/');
  const known = journal.files[shown];
  const settled = (f: { size: number; mtimeMs: number }) =>
    known && known.size === f.size && known.mtime_ms === f.mtimeMs && known.state !== 'sending';
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    // Sent before (the journal says the server confirmed or refused it): nothing to wait for.
    if (settled(await stat(file))) return;
    info = await whenComplete(o, file, shown);
  } catch {
    return; // gone before it was finished: nothing to send
  }
  if (settled(info)) return;
  const name = uploadName(o.stationId, relative, info.size, info.mtimeMs);
  // This very version was sent and is being verified: nothing more to do for it.
  if (awaiting.get(shown) === name) return;
  journal.files[shown] = { upload_name: name, size: info.size, mtime_ms: info.mtimeMs, state: 'sending' };
  saveJournal(o, journal);
  const entry = journal.files[shown]!;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch {
    delete journal.files[shown];
    saveJournal(o, journal);
    say(`skipped: ${shown} was removed before it could be sent`);
    return;
  }
  try {
    if (bytes.length !== info.size) return sendFile(o, journal, batchId, relative); // written again meanwhile
    say(`sending: ${shown} (${megabytes(bytes.length)})`);
    const created = await call(o, 'POST', `/api/photo-batches/${batchId}/photos`, {
      photo: {
        upload_file_name: name,
        upload_file_size: bytes.length,
        upload_content_type: 'image/jpeg',
        last_modified: Math.round(info.mtimeMs),
      },
    });
    if (created.status !== 200 && created.status !== 201) throw new Refused(reasonOf(created.body));
    const { photo } = created.body as {
      photo: { id: string; presigned_post?: { url: string; fields: Record<string, string> } };
    };
    entry.photo_id = photo.id;
    if (photo.presigned_post) await postForm(o, photo.presigned_post, bytes);
    say(`sent: ${shown}, the server is checking it`);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    refuse(o, journal, shown, entry, error);
    return;
  }
  // The next file is sent while the server checks this one: a frame every second or two from the camera
  // must not wait for the one before it to be verified (the bytes are sent in order, one at a time).
  awaiting.set(shown, name);
  await confirming.add(async () => {
    try {
      await confirm(o, journal, shown, entry, entry.photo_id!);
    } finally {
      if (awaiting.get(shown) === name) awaiting.delete(shown);
    }
  });
}

/** The files sent and waiting for their verification, by name shown: the name they were sent under. */
const awaiting = new Map<string, string>();

function refuse(o: Options, journal: Journal, shown: string, entry: JournalEntry, error: Refused) {
  entry.state = 'refused';
  entry.reason = error.message;
  saveJournal(o, journal);
  say(`refused: ${shown}: ${error.message}. Going on with the next photo.`);
}

/** Asks the server to verify a sent file until it has (confirmed) or says why not (refused). */
async function confirm(o: Options, journal: Journal, shown: string, entry: JournalEntry, photoId: string) {
  try {
    for (let tries = 0; ; tries++) {
      const verified = await call(o, 'PATCH', `/api/photos/${photoId}/verify`);
      if (verified.status === 200) break;
      if (verified.status !== 202) throw new Refused(reasonOf(verified.body));
      await sleep(tries < 20 ? 250 : 1000);
    }
    entry.state = 'confirmed';
    // On disk before it is said: what the photographer reads as confirmed survives a kill -9.
    saveJournal(o, journal);
    say(`confirmed: ${shown}`);
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    refuse(o, journal, shown, entry, error);
  }
}

/** At most this many sent files waiting for the server's verification at once. */
const CONFIRMING = 4;

/**
 * The files waiting for their verification: `add` starts one, and waits only while CONFIRMING are
 * waiting already. An error other than a refusal (the link dead) ends the run, as it would have.
 */
const confirming = {
  running: new Set<Promise<void>>(),
  async add(task: () => Promise<void>) {
    while (this.running.size >= CONFIRMING) await Promise.race(this.running);
    const run: Promise<void> = task()
      .catch((error) => {
        console.error(error instanceof LinkDead ? error.message : error);
        process.exit(1);
      })
      .finally(() => this.running.delete(run));
    this.running.add(run);
  },
};

async function main() {
  const o = options(process.argv.slice(2));
  const journal = loadJournal(o);
  const batch = await liveBatch(o);
  if (journal.batch_id !== batch.id) {
    // Another batch (the first start, or the studio's new one): its files are sent afresh.
    journal.batch_id = batch.id;
    journal.files = {};
    saveJournal(o, journal);
  }
  const done = Object.values(journal.files).filter((f) => f.state !== 'sending').length;
  say(
    `watching ${o.folder} for photos, sending them to "${batch.name}"${done ? ` (${done} sent before)` : ''}`,
  );

  // One file at a time, in the order they appear: the station sees frames in the order they were shot.
  const queue: string[] = [];
  const queued = new Set<string>();
  let wake: (() => void) | null = null;
  const watcher = watch(o.folder, {
    ignored: (p, s) => path.basename(p).startsWith('.') || (!!s?.isFile() && !JPEG.test(p)),
    awaitWriteFinish: { stabilityThreshold: o.stableMs, pollInterval: 100 },
  });
  const add = (full: string) => {
    const relative = path.relative(o.folder, full);
    // Raw files and the tethering software's own files beside the JPEGs are not the uploader's.
    if (!JPEG.test(full) || queued.has(relative)) return;
    queued.add(relative);
    queue.push(relative);
    wake?.();
  };
  watcher.on('add', add).on('change', add);
  watcher.on('error', (error) => say(`waiting: the folder cannot be read (${String(error)})`));
  for (;;) {
    const next = queue.shift();
    if (next === undefined) {
      await new Promise<void>((r) => {
        wake = r;
      });
      wake = null;
      continue;
    }
    queued.delete(next);
    await sendFile(o, journal, batch.id, next);
  }
}

main().catch((error) => {
  console.error(error instanceof LinkDead ? error.message : error);
  process.exit(1);
});
