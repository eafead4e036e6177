/**
 * `npm run fuzz -- --cases 100000 [--seed N] [--batch 1000] [--depth 4] [--workers 2] [--shrink 20]
 *   [--witness ironcalc] [--json FILE]`
 *
 * The long differential run (lowering vs oracle; see test/fuzz/harness.ts and docs/fuzzing.md). Batches are
 * spread over worker threads (batch k goes to worker k mod W; each batch is reproducible from the seed alone),
 * progress is printed as batches finish, and at the end the first `--shrink` findings are shrunk by fast-check
 * to minimal counterexamples and printed with the formula, the cells, both values and the JSONata.
 * `--witness ironcalc` also asks IronCalc on every compared case and reports the three-way disagreements
 * (IronCalc is a witness, not a judge: it never makes or clears a finding). `--json FILE` writes the shrunk
 * findings and the disagreements for `npm run triage -- --findings FILE`.
 * Exits 1 when any finding remains.
 */
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { writeFileSync } from 'node:fs';
import {
  addStats,
  emptyStats,
  type Finding,
  formatFinding,
  functionsSummary,
  type RunStats,
  runDifferential,
  shrinkFinding,
  type WitnessStats,
} from '../test/fuzz/harness.js';
import { threeWay } from '../test/fuzz/three-way.js';

interface Options {
  cases: number;
  seed: number;
  batch: number;
  depth: number;
  workers: number;
  shrink: number;
  /** `ironcalc`, or empty: no witness. */
  witness: string;
  /** Where to write the findings and disagreements as JSON, or empty. */
  json: string;
}

const TEXT_OPTIONS = new Set(['witness', 'json']);
const WITNESSES = ['ironcalc'];

interface Job extends Options {
  offset: number;
}

function parseArgs(argv: string[]): Options {
  const o: Options = {
    cases: 10_000,
    seed: Date.now() % 2 ** 31,
    batch: 1000,
    depth: 4,
    workers: Math.max(1, Math.min(4, availableParallelism())),
    shrink: 20,
    witness: '',
    json: '',
  };
  for (let i = 0; i < argv.length; i++) {
    const key = argv[i].replace(/^--/, '');
    if (!(key in o)) throw new Error(`unknown option ${argv[i]} (options: ${Object.keys(o).join(', ')})`);
    const v = argv[++i] ?? '';
    if (TEXT_OPTIONS.has(key)) {
      (o as unknown as Record<string, string>)[key] = v;
      continue;
    }
    const n = Number(v);
    if (!Number.isInteger(n)) throw new Error(`--${key} needs an integer`);
    (o as unknown as Record<string, number>)[key] = n;
  }
  if (o.witness !== '' && !WITNESSES.includes(o.witness))
    throw new Error(`--witness ${o.witness}: the witness is one of ${WITNESSES.join(', ')}`);
  return o;
}

async function worker(job: Job): Promise<void> {
  await runDifferential({
    seed: job.seed,
    cases: job.cases,
    batch: job.batch,
    maxDepth: job.depth,
    offset: job.offset,
    stride: job.workers,
    witness: job.witness === 'ironcalc',
    onBatch: (_, batch) => parentPort?.postMessage(batch),
  });
}

function runWorkers(o: Options, onBatch: (b: RunStats) => void): Promise<void> {
  // Why the bootstrap: on Node 20 `execArgv: ['--import', 'tsx']` does not reach a worker (tsx 4 hooks only the
  // main thread there), so the worker registers tsx itself and then imports this file.
  const boot = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const jobs = Array.from({ length: o.workers }, (_, offset) => {
    const workerData = { ...o, offset };
    const w = import.meta.url.endsWith('.ts')
      ? new Worker(boot, { eval: true, workerData })
      : new Worker(new URL(import.meta.url), { workerData });
    return new Promise<void>((resolve, reject) => {
      w.on('message', onBatch);
      w.on('error', reject);
      w.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`worker ${offset} exited with ${code}`)),
      );
    });
  });
  return Promise.all(jobs).then(() => undefined);
}

function summary(s: RunStats, ms: number): string {
  const rate = Math.round((s.cases / ms) * 60_000);
  const codes = Object.entries(s.refusedByCode)
    .sort((a, b) => b[1] - a[1])
    .map(([c, n]) => `${c} ${n}`)
    .join(', ');
  return [
    `cases run:  ${s.cases}`,
    `refused:    ${s.refused}${codes ? ` (${codes})` : ''}`,
    `undetermined: ${s.undetermined} (oracle #ERROR!: Excel's answer not established)`,
    `compared:   ${s.compared}`,
    `matched:    ${s.matched}`,
    `mismatches: ${s.mismatches}`,
    `time:       ${(ms / 1000).toFixed(1)} s (${rate} cases/min)`,
  ].join('\n');
}

/** The witness's figures and its three-way disagreements. */
function witnessSummary(w: WitnessStats): string {
  const per = w.asked > 0 ? (w.ms / w.asked).toFixed(2) : '-';
  const lines = [
    `\nwitness IronCalc (not a judge): asked ${w.asked} compared cases, ${per} ms per case (${(w.ms / 1000).toFixed(1)} s)`,
    `  all three agree:                 ${w.agree}`,
    `  lowering = oracle, IronCalc not: ${w.alone}`,
    `  findings, IronCalc sides with the lowering ${w.withLowering}, the oracle ${w.withOracle}, neither ${w.withNeither}`,
    `  IronCalc's value not readable:   ${w.unread}`,
  ];
  if (w.disagreements.length > 0) {
    lines.push(`\nthree-way disagreements (first ${w.disagreements.length}):`);
    for (const d of w.disagreements) {
      lines.push(
        `  [seed ${d.seed} case ${d.index}] IronCalc with ${d.side === 'alone' ? 'neither' : `the ${d.side}`}: ${d.formula}`,
        `    cells: ${JSON.stringify(d.cells)}  sheetspec ${JSON.stringify(d.sheetspec)}  oracle ${JSON.stringify(d.oracle)}  ironcalc ${JSON.stringify(d.ironcalc)}`,
      );
    }
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const o = parseArgs(process.argv.slice(2));
  console.log(
    `fuzz: ${o.cases} cases, seed ${o.seed}, batch ${o.batch}, depth ${o.depth}, ${o.workers} worker(s)`,
  );
  const t0 = performance.now();
  const total = emptyStats();
  await runWorkers(o, (b) => {
    addStats(total, b);
    const s = ((performance.now() - t0) / 1000).toFixed(0);
    console.log(`  ${total.cases}/${o.cases} cases, ${total.mismatches} mismatches, ${s} s`);
  });
  const ms = performance.now() - t0;
  console.log(`\n${summary(total, ms)}`);
  console.log(functionsSummary(total));
  if (total.witness) console.log(witnessSummary(total.witness));
  const shrunk = await shrinkFirst(o, total);
  if (o.json !== '') {
    const out = {
      seed: o.seed,
      cases: o.cases,
      findings: shrunk,
      disagreements: total.witness?.disagreements ?? [],
    };
    writeFileSync(o.json, `${JSON.stringify(out, null, 1)}\n`);
    console.log(`\nwrote ${o.json}`);
  }
  if (total.findings.length > 0) process.exitCode = 1;
}

/** Shrinks the first findings (in generation order, so the report is reproducible) and prints each distinct one. */
async function shrinkFirst(o: Options, total: RunStats): Promise<Finding[]> {
  if (total.findings.length === 0) return [];

  const first = [...total.findings].sort((a, b) => a.seed - b.seed || a.index - b.index).slice(0, o.shrink);
  console.log(
    `\nminimal counterexamples (first ${first.length} of ${total.findings.length} findings shrunk):`,
  );
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const f of first) {
    const min: Finding = (await shrinkFinding(f.seed, f.index, o.depth)) ?? f.finding;
    const key = `${min.formula}\u0000${JSON.stringify(min.cells)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (o.witness !== '') min.ironcalc = (await threeWay(min.formula, min.cells)).ironcalc;
    out.push(min);
    console.log(`[seed ${f.seed} case ${f.index}]\n${formatFinding(min)}`);
  }
  return out;
}

if (isMainThread) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exitCode = 2;
  });
} else {
  await worker(workerData as Job);
}
