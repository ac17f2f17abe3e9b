// The README's test command: builds the web app (the browser tests click through the built app), runs
// every vitest project (domain unit, API integration, Chromium end-to-end), prints one closing
// "N passed, N failed" line, and fails when the browser tests did not run.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';

const run = (cmd, args) => spawnSync(cmd, args, { stdio: 'inherit', env: process.env }).status ?? 1;

if (run('npm', ['run', 'build', '-w', '@school-portal/web']) !== 0) {
  console.error('test: the web build failed');
  process.exit(1);
}
mkdirSync('var', { recursive: true });
const resultsFile = 'var/test-results.json';
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsFile}`,
  ...process.argv.slice(2),
]);

let results;
try {
  results = JSON.parse(readFileSync(resultsFile, 'utf8'));
} catch {
  console.error('test: no results were written');
  process.exit(status || 1);
}
let passed = 0;
let failed = 0;
let skipped = 0;
let browserPassed = 0;
for (const file of results.testResults ?? []) {
  const browser = file.name.includes('/e2e/');
  for (const t of file.assertionResults ?? []) {
    if (t.status === 'passed') {
      passed++;
      if (browser) browserPassed++;
    } else if (t.status === 'failed') failed++;
    else skipped++;
  }
  // A file that failed to load has no assertions but still failed.
  if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) failed++;
}
const filtered = process.argv.length > 2;
if (!filtered && browserPassed === 0) {
  console.error('test: the browser (Chromium) tests did not run');
  failed++;
}
console.log(`\nbrowser tests passed: ${browserPassed}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status !== 0 || failed > 0 ? 1 : 0);
