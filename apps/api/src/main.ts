import { loadConfig, startupWarnings } from './config.js';
import { buildApp } from './http/app.js';
import { createLogger, onShutdown, startRuntime } from './runtime.js';
import { startOrExit } from './start-failure.js';

// Process entry: config -> database -> queue -> http -> workers (in-process unless RUN_WORKERS=false).
await startOrExit('api', async () => {
  const config = loadConfig();
  const log = createLogger(config);
  for (const warning of startupWarnings(config)) log.warn(warning);
  const runtime = await startRuntime(config, log, { workers: config.runWorkers });
  const app = await buildApp(runtime.ctx);
  onShutdown(async () => {
    // Drain: /readyz answers 503 and answers close their connections, while requests are still served.
    runtime.ctx.lifecycle.draining = true;
    if (config.shutdownDrainSeconds > 0) {
      log.info({ seconds: config.shutdownDrainSeconds }, 'draining before close');
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
    }
    await app.close();
    await runtime.stop();
  }, log);
  await app.listen({ port: config.port, host: config.host });
  log.info(`School Portal is running at ${config.publicUrl}`);
});
