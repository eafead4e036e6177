/**
 * The command line in this process: `sheetspec(args, cwd, env)` runs `run(argv)` (src/cli/main.ts) with
 * stdout and stderr captured, in `cwd`, with CI=1 (no progress bar) and `env` set for the call. The same
 * `Run` as the built command's (built.ts) without a process per call, for the fast tier; what only a process
 * shows (a pipe closed early, the exit of a killed process, what loads at start) stays with built.ts in the
 * full tier. Calls must not overlap: the working folder and the environment are the process's own.
 */
import path from 'node:path';
import { vi } from 'vitest';
import { run } from '../../src/cli/main.js';

export const root = path.resolve(import.meta.dirname, '../..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `sheetspec ...args` in this process (see the header). */
export async function sheetspec(args: string[], cwd = root, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  const out: Run = { code: 0, stdout: '', stderr: '' };
  const capture = (key: 'stdout' | 'stderr') =>
    vi.spyOn(process[key], 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      out[key] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
      done?.();
      return true;
    });
  const before = process.cwd();
  const saved = Object.fromEntries(Object.keys({ CI: '', ...env }).map((k) => [k, process.env[k]]));
  const spies = [capture('stdout'), capture('stderr')];
  try {
    Object.assign(process.env, { CI: '1', ...env });
    process.chdir(cwd);
    out.code = await run(args);
  } finally {
    process.chdir(before);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    for (const s of spies) s.mockRestore();
  }
  return out;
}
