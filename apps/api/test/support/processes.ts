import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from '../../src/config.js';

/** A child process a test started, with everything it wrote to stdout and stderr. */
export interface TestProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

/**
 * Processes started by a test file: `start` spawns one (node `args` from the repository root, with only
 * PATH and HOME of this process's environment beside `env`), `killAll` ends those still running.
 */
export function processes() {
  const running: ChildProcess[] = [];
  return {
    start(
      args: string[],
      env: Record<string, string>,
      options: { inheritEnv?: boolean; node?: string } = {},
    ): TestProcess {
      const child = spawn(options.node ?? process.execPath, args, {
        cwd: REPO_ROOT,
        env: {
          ...(options.inheritEnv
            ? process.env
            : { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' }),
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      running.push(child);
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      child.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      return { child, exited, output: () => output };
    },
    killAll() {
      for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Waits until `check` holds, polling every `intervalMs`; throws 'timed out' after `timeoutMs`. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 200,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error('timed out');
}
