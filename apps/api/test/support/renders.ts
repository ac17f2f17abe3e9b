import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFParse } from 'pdf-parse';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { eventually, type TestApp } from './app.js';
import { bearer } from './factories.js';

const run = promisify(execFile);

/** The first built-in layout (one no organization owns): its id. */
export async function builtInLayoutId(db: Db): Promise<string> {
  const layout = await db
    .selectFrom('layouts')
    .select('id')
    .where('organization_id', 'is', null)
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return layout.id;
}

/** Creates a render as `token`'s user, waits for its job, and answers the render as the API shows it. */
export async function renderAndWait(t: TestApp, token: string, body: Record<string, unknown>) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/layout-renders',
    headers: bearer(token),
    payload: { layout_render: body },
  });
  expect(created.statusCode, created.body).toBe(201);
  const render = created.json().layout_render;
  return eventually(async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/layout-renders/${render.id}`,
      headers: bearer(token),
    });
    const r = answer.json().layout_render;
    return r.worker_status !== 'running' ? r : null;
  }, 60_000);
}

/** A complete render's PDF, through its signed download. */
export async function downloadPdf(t: TestApp, token: string, renderId: string): Promise<Buffer> {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/layout-renders/${renderId}/download`,
    headers: bearer(token),
  });
  expect(answer.statusCode).toBe(302);
  const file = await t.app.inject({ method: 'GET', url: answer.headers.location as string });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

/** A PDF's pages, text (all and per page), images and document info. */
export async function readPdf(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const text = await parser.getText();
    const images = await parser.getImage({ imageBuffer: false, imageDataUrl: false, imageThreshold: 40 });
    const info = await parser.getInfo();
    return {
      pages: text.total,
      text: text.text,
      pageTexts: text.pages.map((p) => p.text),
      images,
      info: (info.info ?? {}) as Record<string, unknown>,
    };
  } finally {
    await parser.destroy();
  }
}

/** One page of a PDF as a person sees it: rasterised by poppler's pdftoppm, as a PNG. */
export async function rasterise(pdf: Buffer, { page = 1, dpi = 72 } = {}): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'render-'));
  try {
    await writeFile(path.join(dir, 'r.pdf'), pdf);
    const args = ['-png', '-r', String(dpi), '-f', String(page), '-l', String(page), '-singlefile'];
    await run('/usr/bin/pdftoppm', [...args, path.join(dir, 'r.pdf'), path.join(dir, 'page')]);
    return await readFile(path.join(dir, 'page.png'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
