import pino from 'pino';

/**
 * A process that can't start says why in one JSON log line (as every other line it would have logged),
 * never a raw stack on stderr: `{"level":60,"msg":"start failed","process":"api","err":{...}}`, then
 * exits 1. Used before the configuration is read, so the logger here needs none.
 */
export async function startOrExit(processName: string, start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch (error) {
    const log = pino({ serializers: { err: pino.stdSerializers.err } }, pino.destination({ sync: true }));
    log.fatal({ process: processName, err: error }, `start failed: ${(error as Error)?.message ?? error}`);
    process.exit(1);
  }
}
