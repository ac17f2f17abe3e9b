import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from '../scripts/openapi-types.js';
import { createTestApp, type TestApp } from './support/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
});
afterAll(() => t?.close());

describe("the web app's generated API types", () => {
  test('apps/web/src/api/schema.d.ts is what /api/openapi.json generates (run `npm run generate:api-types`)', async () => {
    const document = (await t.app.inject('/api/openapi.json')).json();
    const generated = await renderApiTypes(document);
    const checkedIn = await readFile(API_TYPES_FILE, 'utf8');
    // A stale or hand-edited file fails here, with the difference and how to fix it.
    expect(checkedIn, 'schema.d.ts is stale: run `npm run generate:api-types`').toBe(generated);
    expect(generated).toContain('"/api/projects/{id}": {');
  });
});
