// Proves that the authorization tests bite, for every policy of packages/domain/src/policies.ts: with
// PROVE_POLICY=<action>, every test app decides that one action the other way round (allowed becomes
// refused, refused allowed: apps/api/test/support/prove-policy.ts), and the tests that guard it must FAIL.
// The matrix test runs only that action's routes; policies that no route declares (field rules) name the
// tests that guard them below. Prints each policy's outcome and the unguarded ones; exits 1 if any.
//   npm run prove-policies [-- action ...]      (about 20 s a policy on 2 cores; TEST_DATABASE_URL helps)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { POLICIES, WEB_ONLY_ACTIONS } from '../packages/domain/src/policies.js';

const MATRIX = 'apps/api/test/authorization-matrix.test.ts';
/** Tests guarding policies that are more than a route's action. */
const GUARDS: Record<string, string[]> = {
  public: ['apps/api/test/session.test.ts'],
  // The matrix leaves yourself out; switching one's own account is the current-user test's ground.
  'current-user.switch-account': ['apps/api/test/current-user.test.ts'],
  'subject.read-hidden-fields': ['apps/api/test/hidden-field-canary.test.ts'],
  // Asked by the web (the Edit Layouts screen), and by the format service inside a route.
  'layout.edit': ['apps/api/test/web-gating.test.ts'],
  'export-format.share': ['apps/api/test/export-formats.test.ts'],
  // Screens and links only the web offers: tabulated for the cast as the web computes them.
  ...Object.fromEntries(WEB_ONLY_ACTIONS.map((action) => [action, ['apps/api/test/web-gating.test.ts']])),
};

const wanted = process.argv.slice(2);
const actions = Object.keys(POLICIES).filter((a) => wanted.length === 0 || wanted.includes(a));
mkdirSync('var', { recursive: true });
const unguarded: string[] = [];
const started = Date.now();
for (const action of actions) {
  const report = `var/prove-${process.pid}.json`;
  rmSync(report, { force: true });
  const files = [MATRIX, ...(GUARDS[action] ?? [])];
  spawnSync(
    'npx',
    ['vitest', 'run', '--project', 'api', ...files, '--reporter=json', `--outputFile.json=${report}`],
    { env: { ...process.env, PROVE_POLICY: action }, stdio: 'ignore' },
  );
  // Failed tests, or a file whose set-up failed (its tests then count as skipped).
  let failed = 0;
  try {
    const results = JSON.parse(readFileSync(report, 'utf8'));
    failed = (results.numFailedTests ?? 0) + (results.numFailedTestSuites ?? 0);
  } catch {
    failed = 0;
  }
  if (failed > 0) console.log(`guarded     ${action} (${failed} tests or files fail when it is negated)`);
  else {
    console.log(`UNGUARDED   ${action}: no test fails when it is negated`);
    unguarded.push(action);
  }
}
rmSync(`var/prove-${process.pid}.json`, { force: true });
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(`\n${actions.length - unguarded.length} of ${actions.length} policies guarded, ${minutes} min`);
if (unguarded.length > 0) console.log(`unguarded: ${unguarded.join(', ')}`);
process.exit(unguarded.length > 0 ? 1 : 0);
