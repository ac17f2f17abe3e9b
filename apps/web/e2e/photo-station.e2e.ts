import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { closePage, downloadBy, freshPage, heading } from './helpers.js';
import { schoolProject } from './support/factories.js';
import { apiAs, DEMO_USERS, productAndBrowser, signIn } from './support/server.js';

// The picture-day station in the browser against the real server: a scanner's keystrokes, name search,
// a day offline (queue in IndexedDB, app shell from the service worker), two stations merging, and a
// station link that stops when revoked. The built app is served, so the service worker is registered.

const product = productAndBrowser({}, { publicHost: '127.0.0.1' });

interface Person {
  id: string;
  first: string;
  last: string;
  card: string;
}
interface StationAnswer {
  station: { id: string; name: string };
  station_link: { url: string; token: string; expires_at: string };
}

let projectId = '';
let sessionId = '';
let studioStation = '';
let people: Person[] = [];
const byName = (first: string) => people.find((p) => p.first === first) as Person;

beforeAll(async () => {
  const { api } = await apiAs(product.baseUrl);
  const project = await schoolProject(product.app, api, {
    name: 'Station Day',
    template: 'Station Day Template',
    fields: ['first_name', 'last_name', 'student_id', 'grade', 'teacher'],
  });
  projectId = project.id;
  await project.addSubject({
    first_name: 'Zoë',
    last_name: 'Brown',
    student_id: 'S-301',
    grade: '3',
    teacher: 'Lee',
  });
  await project.addSubject({
    first_name: 'Zoey',
    last_name: 'Browning',
    student_id: 'S-302',
    grade: '3',
    teacher: 'Lee',
  });
  await project.addSubject({
    first_name: 'Ben',
    last_name: 'Moss',
    student_id: 'S-303',
    grade: '3',
    teacher: 'Lee',
  });
  for (let i = 1; i <= 20; i += 1) {
    await project.addSubject({
      first_name: `Kid${String(i).padStart(2, '0')}`,
      last_name: 'Offline',
      student_id: `S-4${String(i).padStart(2, '0')}`,
      grade: '4',
      teacher: 'Park',
    });
  }
  const rows = await product.app.ctx.db
    .selectFrom('subjects')
    .select(['id', 'card_code', 'properties'])
    .where('project_id', '=', projectId)
    .execute();
  const keyOf = Object.fromEntries(Object.entries(project.fieldIds).map(([key, id]) => [id, key]));
  people = rows.map((row) => {
    const values: Record<string, string> = {};
    for (const [fieldId, value] of Object.entries(row.properties as Record<string, string>)) {
      values[keyOf[fieldId] ?? fieldId] = value;
    }
    return {
      id: String(row.id),
      first: values.first_name ?? '',
      last: values.last_name ?? '',
      card: String(row.card_code),
    };
  });
  const { photo_session: session } = await api<{ photo_session: { id: string } }>(
    `/api/projects/${projectId}/photo-sessions`,
    'POST',
    { photo_session: { name: 'Fall picture day', date: new Date().toISOString().slice(0, 10) } },
  );
  sessionId = session.id;
  const gym = await api<StationAnswer>(`/api/photo-sessions/${sessionId}/stations`, 'POST', {
    station: { name: 'Gym A' },
  });
  studioStation = gym.station.id;
});

/** A new station and its link, made through the API as the studio does on the session screen. */
async function newStation(name: string): Promise<StationAnswer> {
  const { api } = await apiAs(product.baseUrl);
  return api<StationAnswer>(`/api/photo-sessions/${sessionId}/stations`, 'POST', { station: { name } });
}

/** A device that opens a station link: a fresh browser context, nobody signed in. */
async function openLink(browser: Browser, url: string, width = 1024): Promise<Page> {
  const page = await freshPage(browser);
  await page.setViewportSize({ width, height: 800 });
  await page.goto(url);
  await rosterLoaded(page);
  return page;
}

/** The station has its roster (from the server, or the device's copy). */
async function rosterLoaded(page: Page) {
  await page.locator('[data-testid="station"]:not([data-roster-size="0"])').waitFor();
}

/** A scanner: the code typed fast, then Enter, with no field focused. */
async function scan(page: Page, text: string) {
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/**
 * A scan that selects `name`. On this shared 2-core machine the test's keys sometimes reach the page
 * further apart than a scanner's ever do (each is its own round trip to the browser), so a scan that
 * selected no one is made again, at most three times.
 */
async function scanSelects(page: Page, text: string, name: string) {
  for (let attempt = 1; ; attempt += 1) {
    await scan(page, text);
    try {
      await expect.poll(() => selectedName(page).textContent(), { timeout: 3_000 }).toBe(name);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

/** axe-core finds nothing serious or critical on the page (as the screen conventions test asks). */
async function axeFindsNothingSerious(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const selectedName = (page: Page) => page.getByTestId('station-selected-name');
const syncText = (page: Page) => page.getByTestId('station-sync').textContent();

/** The check-ins the server holds from one station. */
async function checkInRows(stationId: string) {
  return product.app.ctx.db
    .selectFrom('check_ins')
    .select(['client_id', 'subject_id', 'status', 'station_id'])
    .where('photo_session_id', '=', sessionId)
    .where('station_id', '=', stationId)
    .execute();
}

test('signed-in staff open a station: a scanner selects the student; "zoe brown" finds Zoë Brown; axe finds nothing serious', async () => {
  const page = await freshPage(product.browser);
  try {
    await signIn(page, product.baseUrl, DEMO_USERS.studio);
    await page.goto(`${product.baseUrl}/photo-sessions/${sessionId}/stations/${studioStation}`);
    await rosterLoaded(page);
    await expect.poll(() => page.getByText('Station Gym A').count()).toBe(1);

    await scanSelects(page, `SPC1:${byName('Ben').card}`, 'Ben Moss');
    // A school ID card's barcode carries the Student ID.
    await scanSelects(page, 'S-302', 'Zoey Browning');

    // Typing into the search box is the field's, not a scan.
    await page.getByTestId('station-search').fill('zoe brown');
    const results = page.getByTestId('station-results').getByRole('button');
    await expect.poll(() => results.first().textContent()).toContain('Zoë Brown');
    await results.first().click();
    await expect.poll(() => selectedName(page).textContent()).toBe('Zoë Brown');

    // A lost card printed again from the station (staff): the Camera Card of this one student.
    await page.getByRole('button', { name: 'Print Camera Card Again' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The camera card is ready.').waitFor({ timeout: 30_000 });
    const pdf = await downloadBy(dialog.getByRole('button', { name: 'Download Now' }));
    expect(pdf.suggestedFilename()).toBe('Camera card.pdf');
    const render = await product.app.ctx.db
      .selectFrom('layout_renders')
      .selectAll()
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(render)).toContain(byName('Zoë').id);

    // Retake with its reason, then undo: back to waiting.
    await page.getByRole('button', { name: 'Retake…' }).click();
    await page.getByLabel('Reason for the retake').fill('Eyes closed');
    await page.getByRole('button', { name: 'Request Retake' }).click();
    const status = page.getByTestId('station-selected-status');
    await expect.poll(() => status.textContent()).toContain('Retake requested');
    await expect.poll(() => status.textContent()).toContain('Eyes closed');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => status.textContent()).toBe('Not photographed yet');

    await axeFindsNothingSerious(page);
  } finally {
    await closePage(page);
  }
}, 180_000);

test('offline: 20 check-ins queued and shown, a reload keeps them, back online they reach the server once each', async () => {
  const { station, station_link: link } = await newStation('Library');
  const page = await openLink(product.browser, link.url, 375);
  try {
    const kids = people.filter((p) => p.last === 'Offline');
    expect(kids).toHaveLength(20);
    // The station has cached its roster and the app shell before the network goes.
    await expect.poll(() => page.getByTestId('station-class').count()).toBe(1);
    await expect
      .poll(() =>
        page.evaluate(
          async () => !!(await caches.match('/index.html')) && !!navigator.serviceWorker.controller,
        ),
      )
      .toBe(true);
    // An earlier deployment's asset left in the cache goes when the station opens again.
    await page.evaluate(async () =>
      (await caches.open('sp-shell-v1')).put('/assets/index-0ldbu1ld.js', new Response('old')),
    );
    await page.reload();
    await rosterLoaded(page);
    await expect
      .poll(() => page.evaluate(async () => !!(await caches.match('/assets/index-0ldbu1ld.js'))))
      .toBe(false);
    await scanSelects(page, `SPC1:${kids[0]!.card}`, `${kids[0]!.first} Offline`);

    await page.context().setOffline(true);
    for (const kid of kids) {
      await scanSelects(page, `SPC1:${kid.card}`, `${kid.first} Offline`);
      await page.getByRole('button', { name: 'Photographed', exact: true }).click();
    }
    await expect.poll(() => syncText(page)).toContain('20 waiting to sync');
    expect(await checkInRows(station.id)).toHaveLength(0);

    await page.reload();
    await rosterLoaded(page);
    await expect.poll(() => syncText(page)).toContain('20 waiting to sync');
    // Offline with check-ins waiting, the sync chips are readable (WCAG AA contrast) too.
    await axeFindsNothingSerious(page);
    // The camera's reader and the clock card's writer are on the device too, for a day offline.
    const cachedWasm = await page.evaluate(
      async () =>
        (await (await caches.open('sp-shell-v1')).keys()).filter((r) => r.url.endsWith('.wasm')).length,
    );
    expect(cachedWasm).toBe(2);
    expect(await checkInRows(station.id)).toHaveLength(0);

    await page.context().setOffline(false);
    await expect.poll(() => syncText(page), { timeout: 20_000 }).toContain('All synced');
    const rows = await checkInRows(station.id);
    expect(rows).toHaveLength(20);
    expect(new Set(rows.map((r) => r.client_id)).size).toBe(20);
    expect(new Set(rows.map((r) => String(r.subject_id)))).toEqual(new Set(kids.map((k) => k.id)));
    // Another reload sends nothing twice.
    await page.reload();
    await page.getByTestId('station-find').waitFor();
    await expect.poll(() => syncText(page)).toContain('All synced');
    expect(await checkInRows(station.id)).toHaveLength(20);
  } finally {
    await closePage(page);
  }
});

test('two stations checking in one student merge by time, and each shows it live', async () => {
  const { station_link: a } = await newStation('Hall A');
  const { station_link: b } = await newStation('Hall B');
  const first = await openLink(product.browser, a.url);
  const second = await openLink(product.browser, b.url);
  try {
    const ben = byName('Ben');
    await scanSelects(first, `SPC1:${ben.card}`, 'Ben Moss');
    await scanSelects(second, `SPC1:${ben.card}`, 'Ben Moss');
    await first.getByRole('button', { name: 'Absent', exact: true }).click();
    await expect.poll(() => syncText(first)).toContain('All synced');
    await expect.poll(() => second.getByTestId('station-selected-status').textContent()).toContain('Absent');
    await second.getByRole('button', { name: 'Photographed', exact: true }).click();
    await expect
      .poll(() => first.getByTestId('station-selected-status').textContent())
      .toContain('Photographed');
    await expect
      .poll(() => second.getByTestId('station-selected-status').textContent())
      .toContain('Photographed');
    const { api } = await apiAs(product.baseUrl);
    const { subjects } = await api<{
      subjects: { subject_id: string | null; current: { status: string } | null }[];
    }>(`/api/photo-sessions/${sessionId}/roster`);
    expect(subjects.find((s) => s.subject_id === ben.id)?.current?.status).toBe('photographed');
    // A station signed in by its link prints the student's camera card again, through its session.
    const card = await downloadBy(first.getByRole('button', { name: 'Print Camera Card Again' }));
    expect(card.suggestedFilename()).toBe('Camera card.pdf');
    const pdf = await readFile((await card.path()) as string);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  } finally {
    await closePage(first);
    await closePage(second);
  }
});

test('a station link reads nothing outside its session and stops working when revoked', async () => {
  const { station, station_link: link } = await newStation('Stage');
  const outside = await fetch(`${product.baseUrl}/api/projects/${projectId}`, {
    headers: { Authorization: `Bearer ${link.token}`, 'X-App-Slug': 'school-portal' },
  });
  expect(outside.status).toBe(404);
  const device = await openLink(product.browser, link.url);
  const staff = await freshPage(product.browser);
  try {
    await signIn(staff, product.baseUrl, DEMO_USERS.studio);
    await staff.goto(`${product.baseUrl}/projects/${projectId}/photo-sessions/${sessionId}`);
    await staff.getByRole('button', { name: `Revoke link of ${station.name}` }).click();
    await expect
      .poll(() => staff.getByRole('button', { name: `Revoke link of ${station.name}` }).count())
      .toBe(0);

    // The open station hears it (its stream ends at once) and stops, without a reload; a reload too.
    await device.getByText('This station link no longer works').waitFor({ timeout: 15_000 });
    await device.reload();
    await device.getByText('This station link no longer works').waitFor();
    const after = await fetch(`${product.baseUrl}/api/photo-sessions/${sessionId}/roster`, {
      headers: { Authorization: `Bearer ${link.token}`, 'X-App-Slug': 'school-portal' },
    });
    expect(after.status).toBe(401);
  } finally {
    await closePage(device);
    await closePage(staff);
  }
});

test('the studio makes a session and a station on the screens and gets the link to hand over; the station fits a phone', async () => {
  const page = await freshPage(product.browser);
  try {
    await signIn(page, product.baseUrl, DEMO_USERS.studio);
    await page.goto(`${product.baseUrl}/projects/${projectId}/photo-sessions`);
    await page.getByRole('button', { name: 'New Session' }).click();
    await page.getByLabel('Name').fill('Retake day');
    // The date is today's unless changed: a station's link lasts until the end of the session's day.
    await page.getByRole('button', { name: 'Create Session' }).click();
    await heading(page, 'Retake day').waitFor();
    await axeFindsNothingSerious(page);
    await page.getByLabel('Station name').fill('Gym C');
    await page.getByRole('button', { name: 'Add Station' }).click();
    const url = await page.getByTestId('station-link-url').inputValue();
    expect(url).toMatch(/\/photo-sessions\/\d+\/stations\/\d+#token=.+/);
    await page.getByRole('link', { name: 'Open Gym C' }).click();
    await rosterLoaded(page);
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // Every button of the station is a touch target of at least 44 px.
    const small = await page.evaluate(
      () =>
        [...document.querySelectorAll('[data-testid="station"] button')]
          .map((b) => b.getBoundingClientRect())
          .filter((r) => r.width > 0 && r.height < 44).length,
    );
    expect(small).toBe(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${product.baseUrl}/projects/${projectId}/photo-sessions`);
    await page.getByTestId('photo-session-row').first().waitFor();
    expect(await page.getByTestId('photo-session-row').count()).toBe(2);
    await axeFindsNothingSerious(page);
  } finally {
    await closePage(page);
  }
});

test('a walk-up gets its card code at once and is checked in again by it', async () => {
  const { station, station_link: link } = await newStation('Walk-ups');
  const page = await openLink(product.browser, link.url);
  try {
    await page.getByRole('button', { name: 'Add Walk-up' }).click();
    await page.getByLabel('First name').fill('Wren');
    await page.getByLabel('Last name').fill('Walker');
    await page.getByLabel('Grade').fill('3');
    await page.getByLabel('Teacher').fill('Lee');
    await page.getByRole('button', { name: 'Add and Check In' }).click();
    await expect.poll(() => selectedName(page).textContent()).toBe('Wren Walker');
    await expect
      .poll(() => page.getByTestId('station-card-code').textContent())
      .toMatch(/^Card code [0-9A-HJKMNP-TV-Z]{8}$/);
    const code = (await page.getByTestId('station-card-code').textContent())?.slice(-8);
    const walkUp = await product.app.ctx.db
      .selectFrom('walk_ups')
      .select(['id', 'card_code'])
      .where('station_id', '=', station.id)
      .executeTakeFirstOrThrow();
    expect(walkUp.card_code).toBe(code);
    await page.getByRole('button', { name: 'Absent', exact: true }).click();
    await expect.poll(() => page.getByTestId('station-selected-status').textContent()).toContain('Absent');
    const rows = () =>
      product.app.ctx.db
        .selectFrom('check_ins')
        .select(['status', 'walk_up_id'])
        .where('station_id', '=', station.id)
        .orderBy('id')
        .execute()
        .then((list) => list.map((r) => [r.status, String(r.walk_up_id)]));
    await expect.poll(rows).toEqual([
      ['photographed', String(walkUp.id)],
      ['absent', String(walkUp.id)],
    ]);
  } finally {
    await closePage(page);
  }
});

test("a station shows its clock card and tells the server the station's time on it", async () => {
  const { station, station_link: link } = await newStation('Clock');
  const page = await openLink(product.browser, link.url);
  try {
    const before = Date.now();
    await page.getByRole('button', { name: 'Show Clock Card' }).click();
    await page
      .getByTestId('station-clock-card')
      .getByRole('img', { name: /^Clock card showing/ })
      .waitFor();
    const stored = () =>
      product.app.ctx.db
        .selectFrom('stations')
        .select('clock_station_at')
        .where('id', '=', station.id)
        .executeTakeFirstOrThrow()
        .then((row) => row.clock_station_at?.getTime() ?? 0);
    await expect.poll(stored).toBeGreaterThanOrEqual(before - 1000);
    await page.getByRole('button', { name: 'Close' }).click();
  } finally {
    await closePage(page);
  }
});

test('the session screen shows who is absent or waits for a retake, live as stations check in', async () => {
  const page = await freshPage(product.browser);
  try {
    await signIn(page, product.baseUrl, DEMO_USERS.studio);
    await page.goto(`${product.baseUrl}/projects/${projectId}/photo-sessions/${sessionId}`);
    const retakes = page.getByTestId('session-retake');
    await retakes.waitFor();
    expect(await retakes.textContent()).not.toContain('Zoey Browning');
    const { api } = await apiAs(product.baseUrl);
    await api(`/api/photo-sessions/${sessionId}/check-ins`, 'POST', {
      check_ins: [
        {
          client_id: crypto.randomUUID(),
          station_id: studioStation,
          subject_id: byName('Zoey').id,
          status: 'retake',
          note: 'Blinked',
          at: new Date().toISOString(),
        },
      ],
    });
    // Pushed by the server: the page does not poll.
    await expect.poll(() => retakes.textContent()).toContain('Zoey Browning · 3 · Lee · Blinked');
    // The end-of-day list as the server writes it, and the way to the retake day's camera cards.
    const saved = await downloadBy(retakes.getByRole('button', { name: 'Download CSV' }));
    expect(saved.suggestedFilename()).toMatch(/^Retakes requested - .*\.csv$/);
    const csv = await readFile((await saved.path()) as string, 'utf8');
    expect(csv).toContain('Browning');
    expect(csv).toContain('Blinked');
    await retakes.getByRole('link', { name: 'Camera cards for the retake day' }).click();
    await page.waitForURL(/\/subjects\?images=retake$/);
  } finally {
    await closePage(page);
  }
});
