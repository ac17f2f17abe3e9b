import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

/**
 * Comments give the reason, not a ticket: "issue 28 item 2" means nothing to a reader without the tracker
 * (and the tracker is not in the repository), so the source never cites an issue or an item by number.
 * The documents under docs/ may tell the history; the code says why.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SOURCES = [
  'apps/api/src',
  'apps/api/test',
  'apps/api/bench',
  'apps/api/scripts',
  'apps/web/src',
  'apps/web/e2e',
  'packages/domain/src',
  'packages/domain/test',
  'scripts',
];
const CODE = /\.(ts|tsx|mjs|js|sql)$/;
const CITATION = /\b(issue\s*#?\s*\d+|item\s+\d+[a-z]?\b)/i;
/** This file names the pattern it forbids. */
const SELF = path.relative(ROOT, import.meta.filename);

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* files(full);
    } else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield full;
  }
}

test('no source file cites an issue or an item number', () => {
  const found: string[] = [];
  let read = 0;
  for (const source of SOURCES)
    for (const file of files(path.join(ROOT, source))) {
      const relative = path.relative(ROOT, file);
      if (relative === SELF) continue;
      read += 1;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (CITATION.test(line)) found.push(`${relative}:${i + 1}: ${line.trim()}`);
        });
    }
  expect(read).toBeGreaterThan(300);
  expect(found).toEqual([]);
});
