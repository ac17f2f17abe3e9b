import { loadConfig } from './config.js';
import { createLogger, onShutdown, startRuntime } from './runtime.js';
import { startOrExit } from './start-failure.js';

// Worker-only entry: runs the job handlers, serves no HTTP. Run as many as the queue needs.
await startOrExit('worker', async () => {
  const config = loadConfig();
  const log = createLogger(config);
  const runtime = await startRuntime({ ...config, seedDemo: false }, log, { workers: true });
  onShutdown(runtime.stop, log);
  log.info('worker started');
});
