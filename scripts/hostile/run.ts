/**
 * `npm run hostile`: every hostile case, each bounded and measured.
 *
 *   1. Generated workbooks (cases.ts), built once into a temp cache, and every file in
 *      ../shared/corpus/hostile/poi: each converted by `convert` (isolation: worker) in its own child process, so the peak
 *      memory printed is that case's own. Must end as expected (a coded refusal, or a valid result where the
 *      hostile content is only data) in under 10 s and 1 GB.
 *   2. The formula, spec-tool and MCP-protocol groups (groups.ts), one child process per group.
 *   3. Every workbook in ../shared/corpus/excel: converted by the batch pool (reused workers under a timeout and
 *      heap limit); each must convert or be refused with a coded reason; a crash fails the run. Summarised.
 *
 * Options: `--only <text>` runs the cases whose name contains it; `--no-corpus` skips step 3;
 * `--jobs N` (default 2) child processes at once. Exits 1 when any case breaks its bounds.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConversionPool } from '../../src/cli/batch/pool.js';
import type { ConversionResult } from '../../src/pipeline/index.js';
import { type Expectation, type WorkbookCase, workbookCases } from './cases.js';
import type { ChildLine } from './line.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../..');
const CORPUS = path.resolve(ROOT, '../shared/corpus');
const MAX_MS = 10_000;
const MAX_RSS_MB = 1024;
/** The conversion's own budget: under the bound with room for the worker's start-up. */
const BUDGET = { timeoutMs: 6000, maxHeapMb: 512 };
/** A child that has not answered by then is hung: killed, and the case fails. */
const HARD_KILL_MS = 60_000;

interface Row {
  group: string;
  name: string;
  expect: string;
  code: string;
  ms: number;
  /** Worker start-up before the conversion's clock started (workbook cases). */
  loadMs?: number;
  rssMb: number;
  problem?: string;
}

const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
const withCorpus = !args.includes('--no-corpus');
const jobs = args.includes('--jobs') ? Math.max(1, Number(args[args.indexOf('--jobs') + 1])) : 2;

/** Runs `tsx scripts/hostile/child.ts ...args`; resolves with its JSON lines (or a problem). */
function child(
  argv: string[],
  hardKillMs = HARD_KILL_MS,
): Promise<{ lines: ChildLine[]; problem?: string; wallMs: number }> {
  const t0 = performance.now();
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'child.ts'), ...argv], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    p.stdout.on('data', (c: Buffer) => {
      out += c.toString('utf8');
    });
    p.stderr.on('data', (c: Buffer) => {
      err += c.toString('utf8');
    });
    const kill = setTimeout(() => p.kill('SIGKILL'), hardKillMs);
    p.on('close', (code, signal) => {
      clearTimeout(kill);
      const lines: ChildLine[] = [];
      for (const l of out.split('\n')) if (l.trim()) lines.push(JSON.parse(l) as ChildLine);
      const wallMs = performance.now() - t0;
      let problem: string | undefined;
      if (signal) problem = `child killed (${signal}) after ${Math.round(wallMs)} ms: hung`;
      else if (code !== 0)
        problem = `child exited ${code}: ${err.trim().split('\n').slice(-3).join(' | ').slice(0, 300)}`;
      resolve({ lines, problem, wallMs });
    });
  });
}

/** Runs `fn` over `items`, `n` at a time, in order of completion. */
async function parallel<T>(items: T[], n: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

function judge(expect: Expectation, r: ConversionResult | undefined, c?: WorkbookCase): string | undefined {
  if (!r || typeof r !== 'object') return 'no result';
  if (r.valid === true) {
    if (expect === 'refused') return 'expected a coded refusal, got a valid result';
  } else {
    if (typeof r.reason !== 'string' || !/^[A-Z_]+$/.test(r.reason))
      return `uncoded failure: ${JSON.stringify(r).slice(0, 200)}`;
    if (expect === 'valid') return `expected a valid result, got ${r.reason}: ${r.error.slice(0, 160)}`;
    if (c?.codes && !c.codes.includes(r.reason))
      return `expected ${c.codes.join('|')}, got ${r.reason}: ${r.error.slice(0, 160)}`;
  }
  return c?.check?.(r);
}

function bounds(row: Row): void {
  if (row.problem) return;
  if (row.ms >= MAX_MS) row.problem = `took ${Math.round(row.ms)} ms (bound ${MAX_MS})`;
  else if (row.rssMb >= MAX_RSS_MB) row.problem = `peak memory ${row.rssMb} MB (bound ${MAX_RSS_MB})`;
}

async function cacheDir(): Promise<string> {
  const h = createHash('sha256');
  for (const f of ['cases.ts', 'workbook.ts', 'zip.ts']) h.update(readFileSync(path.join(HERE, f)));
  const dir = path.join(tmpdir(), 'sheetspec-hostile', h.digest('hex').slice(0, 12));
  await mkdir(dir, { recursive: true });
  return dir;
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
}

async function workbookRows(rows: Row[]): Promise<void> {
  const dir = await cacheDir();
  const jobsList: Array<{
    group: string;
    name: string;
    file: string;
    expect: Expectation;
    c?: WorkbookCase;
  }> = [];
  for (const c of workbookCases()) {
    if (only && !c.name.includes(only)) continue;
    const file = path.join(dir, `${slug(c.name)}.xlsx`);
    if (!existsSync(file)) await writeFile(file, await c.build());
    jobsList.push({ group: 'generated', name: c.name, file, expect: c.expect, c });
  }
  const poi = path.join(CORPUS, 'hostile', 'poi');
  if (existsSync(poi)) {
    for (const f of readdirSync(poi).sort()) {
      if (only && !f.includes(only)) continue;
      // Some are POI bug reports that are valid workbooks (56278.xlsx converts): coded or valid, never a crash.
      jobsList.push({ group: 'hostile/poi', name: f, file: path.join(poi, f), expect: 'coded' });
    }
  } else {
    rows.push({
      group: 'hostile/poi',
      name: poi,
      expect: 'present',
      code: 'ABSENT',
      ms: 0,
      rssMb: 0,
      problem: 'corpus folder is absent',
    });
  }
  await parallel(jobsList, jobs, async (j) => {
    const out = await child(['workbook', j.file, String(BUDGET.timeoutMs), String(BUDGET.maxHeapMb)]);
    const line = out.lines[0];
    const row: Row = {
      group: j.group,
      name: j.name,
      expect: j.c?.codes ? j.c.codes.join('|') : j.expect,
      code: line?.code ?? '-',
      ms: line?.ms ?? out.wallMs,
      loadMs: line?.loadMs,
      rssMb: line?.maxRssMb ?? 0,
      problem: out.problem ?? (line ? judge(j.expect, line.result as ConversionResult, j.c) : 'no answer'),
    };
    bounds(row);
    rows.push(row);
    report(row);
  });
}

async function groupRows(rows: Row[]): Promise<void> {
  await parallel(['formula', 'spec', 'protocol'], jobs, async (g) => {
    // A group runs many cases in one process: each is bounded by its own check, the group only against a hang.
    const out = await child(['group', g], 20 * HARD_KILL_MS);
    for (const l of out.lines) {
      if (only && !(l.name ?? '').includes(only)) continue;
      const row: Row = {
        group: g,
        name: l.name ?? '?',
        expect: 'coded',
        code: l.code,
        ms: l.ms,
        rssMb: l.maxRssMb,
        problem: l.problem,
      };
      bounds(row);
      rows.push(row);
      report(row);
    }
    if (out.problem) {
      const row: Row = {
        group: g,
        name: '(group process)',
        expect: 'exit 0',
        code: 'CRASH',
        ms: out.wallMs,
        rssMb: 0,
        problem: out.problem,
      };
      rows.push(row);
      report(row);
    }
  });
}

function walk(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...walk(p));
    else if (/\.xls[xm]$/i.test(e.name)) out.push(p);
  }
  return out.sort();
}

async function corpusSummary(): Promise<{ lines: string[]; failures: string[] }> {
  const dir = path.join(CORPUS, 'excel');
  if (!existsSync(dir)) return { lines: [`corpus ${dir} is absent`], failures: [`corpus ${dir} is absent`] };
  const files = walk(dir);
  const pool = new ConversionPool({ jobs, timeoutMs: MAX_MS, maxHeapMb: 1024 });
  const counts = new Map<string, number>();
  const failures: string[] = [];
  let slowest = { ms: 0, file: '' };
  try {
    await Promise.all(
      files.map(async (file) => {
        const outcome = await pool.run({
          bytes: await readFile(file),
          options: { filename: path.basename(file) },
        });
        const rel = path.relative(dir, file);
        let code: string;
        if (outcome.kind === 'result') {
          const r = outcome.result;
          code = r.valid ? 'OK' : r.reason;
          if (!r.valid && !/^[A-Z_]+$/.test(String(r.reason))) failures.push(`${rel}: uncoded failure`);
          if (!r.valid && /Internal error/.test(r.error))
            failures.push(`${rel}: ${r.reason}: ${r.error.slice(0, 200)}`);
        } else {
          code = outcome.code;
          // A timeout or heap limit is a coded refusal; a converter that threw is a crash.
          if (outcome.code !== 'RESOURCE_LIMIT')
            failures.push(`${rel}: ${outcome.code}: ${outcome.message.slice(0, 200)}`);
        }
        if (outcome.ms > slowest.ms) slowest = { ms: outcome.ms, file: rel };
        counts.set(code, (counts.get(code) ?? 0) + 1);
      }),
    );
  } finally {
    await pool.close();
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1]);
  return {
    lines: [
      `corpus/excel: ${files.length} workbooks: ${sorted.map(([c, n]) => `${c} ${n}`).join(', ')}`,
      `slowest: ${slowest.file} ${Math.round(slowest.ms)} ms; crashes: ${failures.length}`,
    ],
    failures,
  };
}

const W = { group: 11, name: 58, expect: 28, code: 22 };
function cell(s: string, w: number): string {
  const t = s.length > w ? `${s.slice(0, w - 1)}…` : s;
  return t.padEnd(w);
}
function report(r: Row): void {
  const verdict = r.problem ? `FAIL ${r.problem}` : 'ok';
  process.stdout.write(
    `${cell(r.group, W.group)} ${cell(r.name, W.name)} ${cell(r.expect, W.expect)} ${cell(r.code, W.code)} ${String(Math.round(r.ms)).padStart(6)} ms ${(r.loadMs === undefined ? '' : `+${Math.round(r.loadMs)}`).padStart(7)} ${String(r.rssMb).padStart(5)} MB  ${verdict}\n`,
  );
}

const rows: Row[] = [];
process.stdout.write(
  `${cell('group', W.group)} ${cell('case', W.name)} ${cell('expected', W.expect)} ${cell('code', W.code)} ${'time'.padStart(9)} ${'load'.padStart(7)} ${'peak'.padStart(8)}  verdict\n`,
);
await workbookRows(rows);
await groupRows(rows);
const failed = rows.filter((r) => r.problem);
let corpusFailures: string[] = [];
if (withCorpus && !only) {
  const s = await corpusSummary();
  for (const l of s.lines) process.stdout.write(`${l}\n`);
  for (const f of s.failures) process.stdout.write(`  CRASH ${f}\n`);
  corpusFailures = s.failures;
}
const worst = rows.reduce((a, r) => ({ ms: Math.max(a.ms, r.ms), mb: Math.max(a.mb, r.rssMb) }), {
  ms: 0,
  mb: 0,
});
process.stdout.write(
  `\n${rows.length} hostile cases: ${rows.length - failed.length} passed, ${failed.length} failed; slowest ${Math.round(worst.ms)} ms, highest peak ${worst.mb} MB (bounds ${MAX_MS} ms, ${MAX_RSS_MB} MB)\n`,
);
if (failed.length > 0 || corpusFailures.length > 0) process.exitCode = 1;
