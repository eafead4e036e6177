/**
 * Times the spec's derivations alone (computeDerivations, as verification runs them) over the compiled
 * benchmark workbook: compile once, then evaluate the derivations on a fresh copy of the seed document a few
 * times and print the median. This isolates the cost of the emitted JSONata and its helper library from
 * reading, the oracle and serialisation. Not a test: timings are printed, never asserted.
 *
 *   npm run bench:derive [-- 1000,10000] [--reps 3] [--print] [--wide | --running]
 *
 * `--wide` times the wide workbook (six formula columns, `npm run bench`'s second workbook) instead; each
 * derivation's time is also printed per row in µs.
 * `--running`: the running ledger with an expanding range (generateExpandingWorkbook) instead of the bench
 * workbook: the ordered scan's own cost, without the oracle.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { compileRecognised } from '../../src/compiler/compile.js';
import { buildLibrary } from '../../src/compiler/lower/library.js';
import { buildSpec, keptParts, seedDocument, specId } from '../../src/compiler/assemble/spec-builder.js';
import { isRecogniseFailure } from '../../src/compiler/recognise/recognised.js';
import { recogniseTable } from '../../src/compiler/recognise/table.js';
import { readWorkbook } from '../../src/workbook/reader.js';
import { specBindings } from '../../src/modelspec/bind.js';
import { compileDerivation, computeDerivations } from '../../src/modelspec/derive.js';
import { generateBenchWorkbook, generateExpandingWorkbook, generateWideWorkbook } from './generate.js';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const sizes = (args.find((a) => /^\d[\d,]*$/.test(a)) ?? '1000,10000').split(',').map(Number);
const reps = Number(flag('--reps') ?? 3);
const print = args.includes('--print');
const wide = args.includes('--wide');
const generate = wide
  ? generateWideWorkbook
  : args.includes('--running')
    ? generateExpandingWorkbook
    : generateBenchWorkbook;

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

for (const rows of sizes) {
  const file = await generate(rows);
  const wb = await readWorkbook(new Uint8Array(readFileSync(file)));
  const table = recogniseTable(wb, {});
  if (isRecogniseFailure(table)) throw new Error(`no table in ${file}: ${table.error}`);
  const c = compileRecognised(table);
  const { spec } = buildSpec({
    id: specId(undefined, file),
    compilation: c,
    kept: keptParts(c, new Set()),
    library: buildLibrary,
    seedBudget: 0,
  });
  console.error(`compiled ${rows}`);
  if (print) {
    for (const d of spec.derivations ?? []) console.log(`${d.path} => ${d.expr}`);
  }
  const seed = seedDocument(c);
  const bindings = await specBindings(spec.library, (spec.constants ?? {}) as Record<string, unknown>);
  const compiled = (spec.derivations ?? []).map(compileDerivation);
  const perDerivation = new Map<string, number[]>();
  const totals: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < reps; r++) {
    const doc = structuredClone(seed) as Record<string, unknown>;
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    for (const d of compiled) {
      const t = performance.now();
      await computeDerivations([d], doc, bindings);
      const list = perDerivation.get(d.derivation.path) ?? [];
      list.push(performance.now() - t);
      perDerivation.set(d.derivation.path, list);
    }
    totals.push(performance.now() - t0);
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1000);
  }
  // CPU time as well as wall time: on a shared machine the wall time measures the other processes too.
  console.log(
    `${rows} rows: derivations ${median(totals).toFixed(0)} ms, CPU ${median(cpu).toFixed(0)} ms (median of ${reps})`,
  );
  for (const [path, ts] of perDerivation) {
    const ms = median(ts);
    const perRow = path.includes('[*]') ? `  ${((ms * 1000) / rows).toFixed(1)} µs/row` : '';
    console.log(`  ${path.padEnd(28)} ${ms.toFixed(0)} ms${perRow}`);
  }
}
