/**
 * The relaunch of a large one-file conversion (src/cli/relaunch.ts), on the built command: the child runs with
 * the flag and the same arguments, its output and exit code are the command's, a signal to the command reaches
 * it, and a killed command leaves no child behind. `SHEETSPEC_RELAUNCH=on` relaunches a small workbook; a probe
 * module preloaded with `--import` (which the child inherits) records each process's pid and flags.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAUNCH_ENV, RELAUNCH_FLAG } from '../../src/cli/relaunch.js';
import { bin, root } from './built.js';
import { orderBook, writeBook } from './workbooks.js';

let dir: string;
let probe: string;

interface Seen {
  pid: number;
  ppid: number;
  execArgv: string[];
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'sheetspec-relaunch-'));
  await writeBook(path.join(dir, 'a.xlsx'), await orderBook(3));
  await writeBook(path.join(dir, 'broken.xlsx'), 'this is not a zip');
  probe = path.join(dir, 'probe.mjs');
  // On each process's main thread: its pid and flags; in the relaunched child, with PROBE_HOLD, it then stays
  // alive (a conversion that takes its time) until something ends it, after its conversion or (`before`) in
  // place of it.
  await writeFile(
    probe,
    `import { appendFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';
if (isMainThread) {
  appendFileSync(process.env.PROBE_FILE, JSON.stringify({ pid: process.pid, ppid: process.ppid, execArgv: process.execArgv }) + '\\n');
  if (process.env.PROBE_HOLD && process.execArgv.includes(${JSON.stringify(RELAUNCH_FLAG)})) {
    setInterval(() => {}, 1000);
    // 'before': the command itself never starts.
    if (process.env.PROBE_HOLD === 'before') await new Promise(() => {});
  }
}
`,
  );
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function start(args: string[], env: NodeJS.ProcessEnv, log: string): ChildProcess {
  return spawn(process.execPath, ['--import', probe, bin, ...args], {
    cwd: root,
    env: { ...process.env, CI: '1', PROBE_FILE: log, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function finish(p: ChildProcess) {
  let stdout = '';
  let stderr = '';
  p.stdout?.on('data', (b) => (stdout += b));
  p.stderr?.on('data', (b) => (stderr += b));
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
    p.once('exit', (c, s) => resolve([c, s])),
  );
  return { code, signal, stdout, stderr };
}

async function seen(log: string): Promise<Seen[]> {
  if (!existsSync(log)) return [];
  return (await readFile(log, 'utf8'))
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Seen);
}

async function until<T>(what: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * `sheetspec convert a.xlsx -o <name>.spec.json [...more]`, relaunched, its child held by the probe (`hold`:
 * after its conversion, or `before` it); resolves once the child is seen, with the command and how it ends.
 */
async function held(name: string, hold: '1' | 'before', more: string[] = []) {
  const log = path.join(dir, `seen-${name}.log`);
  const spec = path.join(dir, `${name}.spec.json`);
  const file = path.join(dir, 'a.xlsx');
  const p = start(['convert', file, '-o', spec, ...more], { [RELAUNCH_ENV]: 'on', PROBE_HOLD: hold }, log);
  const ended = finish(p);
  const child = await until(async () => (await seen(log))[1]);
  return { p, ended, child, file, spec };
}

describe('a relaunched conversion', () => {
  it('runs in a child with the flag and the same arguments; the spec and the output are those of a conversion here', {
    timeout: 120_000,
  }, async () => {
    const results = [];
    for (const setting of ['on', 'off']) {
      const log = path.join(dir, `seen-${setting}.log`);
      const out = path.join(dir, `a-${setting}.spec.json`);
      const r = await finish(
        start(['convert', path.join(dir, 'a.xlsx'), '-o', out], { [RELAUNCH_ENV]: setting }, log),
      );
      expect(r.code, r.stderr).toBe(0);
      const procs = await seen(log);
      results.push({ ...r, spec: await readFile(out, 'utf8'), procs });
    }
    const [on, off] = results;
    expect(off!.procs).toHaveLength(1);
    expect(off!.procs[0]!.execArgv).not.toContain(RELAUNCH_FLAG);
    expect(on!.procs).toHaveLength(2);
    const [parent, child] = on!.procs;
    expect(child!.ppid).toBe(parent!.pid);
    expect(child!.execArgv).toEqual([...parent!.execArgv, RELAUNCH_FLAG]);
    expect(on!.spec).toBe(off!.spec);
    expect(on!.stdout.replaceAll('-on.', '-off.')).toBe(off!.stdout);
    expect(on!.stderr).toBe(off!.stderr);
  });

  it("ends with the child's exit code and its coded message", { timeout: 60_000 }, async () => {
    const log = path.join(dir, 'seen-broken.log');
    const r = await finish(start(['convert', path.join(dir, 'broken.xlsx')], { [RELAUNCH_ENV]: 'on' }, log));
    expect(await seen(log)).toHaveLength(2);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^sheetspec: .*broken\.xlsx: UNSUPPORTED_FORMAT: /m);
  });

  it('passes SIGTERM on to the child and ends by it', { timeout: 60_000 }, async () => {
    const { p, ended, child } = await held('term', '1');
    p.kill('SIGTERM');
    const r = await ended;
    expect(r.signal).toBe('SIGTERM');
    await until(async () => (alive(child.pid) ? undefined : true), 10_000);
  });

  it("a child killed by what the command did not pass on (the system's OOM killer) is a coded RESOURCE_LIMIT, exit 1", {
    timeout: 60_000,
  }, async () => {
    const { ended, child, file, spec } = await held('oom', 'before', ['--json']);
    process.kill(child.pid, 'SIGKILL');
    const r = await ended;
    expect(r.signal).toBeNull();
    expect(r.code).toBe(1);
    const message = 'The conversion ended without answering: it exited (SIGKILL).';
    expect(r.stderr).toBe(`sheetspec: ${file}: RESOURCE_LIMIT: ${message}\n`);
    // --json: the failure as the one-file form gives any result.
    expect(JSON.parse(r.stdout)).toEqual({
      valid: false,
      reason: 'RESOURCE_LIMIT',
      error: message,
      budget: 'crash',
    });
    expect(existsSync(spec)).toBe(false);
  });

  it('a killed command leaves no child running', { timeout: 60_000 }, async () => {
    const { p, ended, child } = await held('kill', '1');
    // Held by the probe after its conversion, the child would run forever if nothing ended it.
    await new Promise((r) => setTimeout(r, 300));
    expect(alive(child.pid)).toBe(true);
    p.kill('SIGKILL');
    await ended;
    await until(async () => (alive(child.pid) ? undefined : true), 10_000);
  });
});
