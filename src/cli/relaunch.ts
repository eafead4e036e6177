/**
 * A large one-file conversion from the command line runs in a child Node process started with V8's garbage
 * collector on the JavaScript threads alone (`--single-threaded-gc`): the same command, the same arguments,
 * the terminal shared.
 *
 * Why: a conversion keeps two threads busy (its own and the oracle's), and on a machine with few cores V8's
 * parallel and concurrent collector threads only compete with them. On the 100k-row bench workbook, on two
 * cores, the flag took less CPU and less time, and its peak memory stayed in a narrow band where without it
 * some runs peaked far higher: docs/performance.md, "The collector on the conversion's threads (session 12)".
 * A V8 flag is the process's, fixed when it starts (set later through `v8.setFlagsFromString`, this one makes
 * V8 abort), hence a child process.
 *
 * Only from `RELAUNCH_MIN_BYTES` of workbook: a second Node start costs 0.1-0.2 s, which a small conversion
 * would feel and could not win back. `SHEETSPEC_RELAUNCH=off` keeps every conversion in this process, `on`
 * relaunches whatever the size (the tests use it). Nothing is relaunched when the flag (or `--single-threaded`)
 * is already the process's, or in a process not started from bin/sheetspec.js. A child that cannot be started
 * is no failure: the conversion runs here, as it would without this.
 *
 * The parent only waits: it passes SIGINT, SIGTERM and SIGHUP on to the child and ends as the child ended (its
 * exit code, or the same signal). A child killed by anything else (the system's out-of-memory killer) is
 * reported as the conversion's `RESOURCE_LIMIT`, exit 1, where a process killed outright says nothing. The
 * child ends itself when the parent is gone (its IPC channel closes), so a killed parent leaves no conversion
 * running behind it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The flag the child gets. */
export const RELAUNCH_FLAG = '--single-threaded-gc';

/** The environment variable that turns relaunching off or on (unset: by size). */
export const RELAUNCH_ENV = 'SHEETSPEC_RELAUNCH';

/** The smallest workbook, in bytes, whose conversion is relaunched by default: 1 MiB (about 20,000 table rows). */
export const RELAUNCH_MIN_BYTES = 2 ** 20;

/** Set in the child's environment: it is the relaunched process. */
const CHILD_ENV = 'SHEETSPEC_RELAUNCHED';

/** The command line's entry, which the child runs. */
const BIN = fileURLToPath(new URL('../../bin/sheetspec.js', import.meta.url));

/** The flags that already give the process its collector on the JavaScript threads. */
function hasFlag(args: readonly string[]): boolean {
  return args.some((a) => a === RELAUNCH_FLAG || a === '--single-threaded');
}

/** Whether `script` is the command line's entry: only a process started from it is started again. */
function isBin(script: string | undefined): boolean {
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(BIN);
  } catch {
    return false;
  }
}

/**
 * Whether a conversion of a `bytes`-long workbook should run in a relaunched child (see the header). Never
 * when this process was not started as `node bin/sheetspec.js …` (`script`, its `process.argv[1]`): a test or
 * a script that calls the command line's `run` has another command line, which starting again would not repeat.
 */
export function relaunchWanted(
  bytes: number,
  execArgv: readonly string[] = process.execArgv,
  env: NodeJS.ProcessEnv = process.env,
  script: string | undefined = process.argv[1],
): boolean {
  if (env[CHILD_ENV] !== undefined || !isBin(script)) return false;
  if (hasFlag(execArgv) || hasFlag((env.NODE_OPTIONS ?? '').split(/\s+/))) return false;
  const setting = env[RELAUNCH_ENV];
  if (setting === 'off') return false;
  if (setting === 'on') return true;
  return bytes >= RELAUNCH_MIN_BYTES;
}

const FORWARDED = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** How a relaunched child ended: its exit code, or a signal this process did not pass on to it. */
export type RelaunchEnd = { code: number } | { signal: NodeJS.Signals };

/**
 * Runs this command line (`process.argv`, started from bin/sheetspec.js: `relaunchWanted`) again in a child
 * process with `RELAUNCH_FLAG`, stdin, stdout and stderr shared, and resolves how it ended. A child ended by a
 * signal this process passed on to it (SIGINT, SIGTERM, SIGHUP) ends this process by the same signal; one
 * ended by any other (the system's out-of-memory killer, a fatal error in V8) is the caller's to report.
 * Resolves undefined, having started nothing, when the child cannot be started: the caller then converts
 * here. `node` is the executable (the tests name one that is not).
 */
export function relaunch(node = process.execPath): Promise<RelaunchEnd | undefined> {
  return new Promise((resolve) => {
    const args = [...process.execArgv, RELAUNCH_FLAG, BIN, ...process.argv.slice(2)];
    let child: ChildProcess;
    try {
      child = spawn(node, args, {
        stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
        env: { ...process.env, [CHILD_ENV]: '1' },
      });
    } catch {
      resolve(undefined);
      return;
    }
    const passed = new Set<NodeJS.Signals>();
    const pass = (signal: NodeJS.Signals) => () => {
      passed.add(signal);
      child.kill(signal);
    };
    const handlers = FORWARDED.map((s) => [s, pass(s)] as const);
    for (const [s, h] of handlers) process.on(s, h);
    const done = () => {
      for (const [s, h] of handlers) process.off(s, h);
    };
    child.once('error', () => {
      // Only a child that never started is answered here; once started, its exit says how it ended.
      if (child.pid !== undefined) return;
      done();
      resolve(undefined);
    });
    child.once('exit', (code, signal) => {
      done();
      if (signal !== null && passed.has(signal)) process.kill(process.pid, signal);
      else resolve(signal !== null ? { signal } : { code: code ?? 1 });
    });
  });
}

/**
 * In a relaunched child: ends this process when its parent is gone (the IPC channel closes), without the
 * channel keeping it alive. Does nothing in any other process.
 */
export function followParent(): void {
  if (process.env[CHILD_ENV] === undefined || process.channel === undefined) return;
  process.channel.unref();
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
