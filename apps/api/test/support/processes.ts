import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from '../../src/config.js';

/** A child process a test started, with everything it wrote to stdout and stderr. */
export interface TestProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
}

/** Every process the test file started, so that a wait that times out can show what they last said. */
const started: { args: string[]; output: () => string }[] = [];

/** The end of each started process's output (what a timed-out wait is shown), or nothing. */
function lastWords(chars = 2_000): string {
  return started
    .map(
      ({ args, output }) =>
        `\n--- ${args.filter((a) => !a.startsWith('-')).join(' ')}:\n${output().slice(-chars)}`,
    )
    .join('');
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
      started.push({ args, output: () => output });
      return { child, exited, output: () => output };
    },
    killAll() {
      for (const child of running) if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/**
 * Waits until `check` holds, polling every `intervalMs`; throws 'timed out' after `timeoutMs`, with the end
 * of the output of every process the test file started.
 */
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
  throw new Error(`timed out${lastWords()}`);
}
