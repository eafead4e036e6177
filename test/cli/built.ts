/**
 * The BUILT command (`bin/sheetspec.js` running `dist/`, as `npx sheetspec` does) as a child process, for
 * tests of what a person sees: exit codes, which stream a line goes to, pipes closed early. Full tier only
 * (`*.full.test.ts`): its global setup builds dist/ once per run (test/support/build-dist.ts).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Run } from './in-process.js';

export const root = path.resolve(import.meta.dirname, '../..');
export const bin = path.join(root, 'bin/sheetspec.js');

if (!existsSync(path.join(root, 'dist/cli/main.js'))) {
  throw new Error(
    'dist/ is missing: the built command is tested in the full tier (npm run test:full), which builds it',
  );
}

export type { Run } from './in-process.js';

/** Runs `sheetspec ...args` in `cwd`; CI=1 (no progress bar), plus `env`. */
export function sheetspec(args: string[], cwd = root, env: NodeJS.ProcessEnv = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd, env: { ...process.env, CI: '1', ...env }, maxBuffer: 1 << 26 },
      (error, stdout, stderr) =>
        resolve({ code: error ? (error.code as number) : 0, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
}

/** Runs a bash command line (with `set -o pipefail`) in which `sheetspec` is the built command. */
export function shell(line: string, cwd = root): Promise<Run> {
  const script = `set -o pipefail\nsheetspec() { "${process.execPath}" "${bin}" "$@"; }\n${line}`;
  return new Promise((resolve) => {
    execFile('bash', ['-c', script], { cwd, env: { ...process.env, CI: '1' } }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code as number) : 0, stdout: String(stdout), stderr: String(stderr) }),
    );
  });
}
