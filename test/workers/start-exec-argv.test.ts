/**
 * A worker thread started from a file (dist/, as an installed sheetspec runs) inherits the process's Node options,
 * and Node refuses `--input-type` in it: a library user's `node --input-type=module -e "..."` made every
 * conversion worker crash at start ("--input-type can only be used with string input"). A thread must still
 * start under the process's V8 options, which Node refuses in a thread's own option list.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(path.join(os.tmpdir(), 'sheetspec-exec-argv-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * What a thread started from a file says, in a process started with `flags`, then `--import tsx` and the
 * script given as `-e` under `--input-type=module` (`eval`) or as a file of its own (`file`).
 */
function startedUnder(flags: string[], how: 'eval' | 'file' = 'eval'): string {
  const entry = path.join(dir, 'entry.mjs');
  writeFileSync(
    entry,
    "import { parentPort } from 'node:worker_threads';\nparentPort.postMessage('started');\n",
  );
  const start = pathToFileURL(path.resolve(import.meta.dirname, '../../src/workers/start.ts')).href;
  const script = `const { startWorker } = await import(${JSON.stringify(start)});
const w = startWorker({ entry: new URL(${JSON.stringify(pathToFileURL(entry).href)}), kind: 'thread' });
w.onMessage((m) => { console.log(m); void w.kill(); });
const end = await w.ended;
if (end.error) console.log('error: ' + end.error.message);`;
  const main = path.join(dir, 'main.mjs');
  if (how === 'file') writeFileSync(main, script);
  const run = how === 'file' ? [main] : ['--input-type=module', '-e', script];
  return execFileSync(process.execPath, [...flags, '--import', 'tsx', ...run], { encoding: 'utf8' }).trim();
}

describe('startWorker from a process started with --input-type=module -e', () => {
  it('starts a thread from a file entry', () => {
    expect(startedUnder([])).toBe('started');
  });

  it('starts it under V8 options too', () => {
    expect(startedUnder(['--max-old-space-size=512', '--stack-size=900'])).toBe('started');
  });
});

describe('startWorker from a process started with V8 options', () => {
  it('starts a thread from a file entry', () => {
    expect(startedUnder(['--max-old-space-size=512'], 'file')).toBe('started');
  });
});
