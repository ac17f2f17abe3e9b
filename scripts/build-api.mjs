// Builds the API to JavaScript for `node` (`npm run build`): src/main.ts, src/worker.ts,
// src/migrate-step.ts and the image threads' src/images/threads/thread.ts become
// apps/api/dist/{main,worker,migrate,image-thread}.js, with the workspace package @school-portal/domain (TypeScript) bundled in
// and every npm dependency left to node_modules. The SQL migrations are copied next to the output, where
// the bundled migrate.ts looks for them (beside its own file).
// `--outdir=DIR` builds elsewhere (apps/api/test/packaging.test.ts builds beside dist/ so as not to race
// build.test.ts); DIR must sit two levels under the repository, as dist/ does, for config.ts's REPO_ROOT.
import { cp, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const api = path.join(root, 'apps/api');
const outdirArg = process.argv.find((arg) => arg.startsWith('--outdir='));
const outdir = outdirArg ? path.resolve(outdirArg.slice('--outdir='.length)) : path.join(api, 'dist');
const manifest = async (dir) => JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'));
const apiManifest = await manifest(api);
const domainManifest = await manifest(path.join(root, 'packages/domain'));
const external = [
  ...Object.keys(apiManifest.dependencies ?? {}),
  ...Object.keys(domainManifest.dependencies ?? {}),
].filter((name) => !name.startsWith('@school-portal/'));

await rm(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: path.join(api, 'src/main.ts'),
    worker: path.join(api, 'src/worker.ts'),
    migrate: path.join(api, 'src/migrate-step.ts'),
    // Started by src/images/threads/pool.ts as new URL('./image-thread.js', import.meta.url).
    'image-thread': path.join(api, 'src/images/threads/thread.ts'),
  },
  outdir,
  bundle: true,
  // One file per entry, no shared chunks: config.ts and migrate.ts find the repository and the migrations
  // relative to their own file, which must therefore sit directly in dist/.
  splitting: false,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external,
  sourcemap: true,
  logLevel: 'warning',
});
await cp(path.join(api, 'src/db/migrations'), path.join(outdir, 'migrations'), { recursive: true });
console.log(
  `api: built ${path.relative(root, outdir)} (bundled @school-portal/domain; ${external.length} packages external)`,
);
