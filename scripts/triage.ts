/**
 * `npm run triage -- …`: a case, three voices (test/fuzz/three-way.ts): the lowering, the oracle and IronCalc,
 * and where they disagree. IronCalc is a witness, never a judge (docs/fuzzing.md): a disagreement is settled by
 * a value Excel saved.
 *
 *   npm run triage -- '=FLOOR.MATH(A1,1,TRUE)' '{"A1":10}' [--at F1]   one case (cells as the fuzzer prints them)
 *   npm run triage -- --findings fuzz.json                             each finding and disagreement of a fuzz run
 *                                                                      (`npm run fuzz -- … --json fuzz.json`)
 *   npm run triage -- --corpus [--files REGEX] [--list N]              IronCalc against Excel's saved values
 *
 * The corpus mode loads each Excel-saved workbook of ../shared/corpus (expected-cells.jsonl; the producer test of
 * src/workbook/producer.ts) into IronCalc whole (constants, formulas, defined names), evaluates it and compares
 * every formula cell with the value Excel saved: so we know where IronCalc itself is wrong. It reports all
 * cells, and apart the cells whose functions are all in the function table (those the lowering can try), per
 * function, and lists the first `--list` mismatches (default 40). Array formulas, structured references
 * (IronCalc has no tables) and 1904-date workbooks are counted as skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { SUPPORTED_FUNCTIONS } from '../src/compiler/lower/functions/index.js';
import { sameValue } from '../src/oracle/index.js';
import { parseFormula } from '../src/workbook/formula/parser.js';
import { someNode } from '../src/workbook/formula/walk.js';
import type { WorkbookModel } from '../src/workbook/model.js';
import { same15 } from '../src/workbook/precision.js';
import { producerOf } from '../src/workbook/producer.js';
import { readWorkbook } from '../src/workbook/reader.js';
import type { CellValue } from '../src/workbook/values.js';
import { parseCellRef } from '../src/workbook/xml-scan.js';
import { ironcalcEvaluate, type WitnessSheet, type WitnessTarget } from '../test/fuzz/ironcalc.js';
import { formatThreeWay, threeWay, verdict } from '../test/fuzz/three-way.js';
import { type ExpectedCell, readExpectedCells, savedValue } from './corpus.js';

interface Tally {
  cells: number;
  exact: number;
  match15: number;
  mismatch: number;
  unread: number;
}

const emptyTally = (): Tally => ({ cells: 0, exact: 0, match15: 0, mismatch: 0, unread: 0 });

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const v = args[i + 1];
  if (v === undefined) throw new Error(`${name} needs a value`);
  args.splice(i, 2);
  return v;
}

/** One case from the command line. */
async function oneCase(args: string[]): Promise<void> {
  const at = option(args, '--at');
  const [formula, cellsJson] = args;
  if (!formula) throw new Error('usage: npm run triage -- <formula> [cells JSON] [--at F1]');
  const cells = cellsJson ? (JSON.parse(cellsJson) as Record<string, CellValue>) : {};
  const where = at === undefined ? undefined : parseCellRef(at);
  if (at !== undefined && !where) throw new Error(`--at ${at} is not a cell address`);
  console.log(formatThreeWay(await threeWay(formula, cells, where)));
}

/** Each finding and disagreement a fuzz run wrote with `--json`, three ways. */
async function findings(file: string): Promise<void> {
  const run = JSON.parse(readFileSync(file, 'utf8')) as {
    findings?: Array<{ formula: string; cells: Record<string, CellValue> }>;
    disagreements?: Array<{ formula: string; cells: Record<string, CellValue> }>;
  };
  const cases = [...(run.findings ?? []), ...(run.disagreements ?? [])];
  const seen = new Set<string>();
  const verdicts = new Map<string, number>();
  for (const c of cases) {
    const key = `${c.formula}\u0000${JSON.stringify(c.cells)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const t = await threeWay(c.formula, c.cells);
    verdicts.set(verdict(t), (verdicts.get(verdict(t)) ?? 0) + 1);
    console.log(formatThreeWay(t));
  }
  console.log(`\n${seen.size} distinct cases:`);
  for (const [v, n] of [...verdicts].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(5)}  ${v}`);
}

/** Why a cell is not compared, or undefined. */
function skipReason(e: ExpectedCell, wb: WorkbookModel): string | undefined {
  if (e.kind === 'array') return 'array formula';
  if (wb.date1904) return '1904 date system';
  if (e.formula.includes('[')) return 'structured reference (IronCalc has no tables)';
  return undefined;
}

/** The function names a formula calls, or undefined when it does not parse. */
function functionsOf(formula: string): string[] | undefined {
  const { ast } = parseFormula(formula);
  if (!ast) return undefined;
  const names = new Set<string>();
  someNode(ast, (n) => {
    if (n.kind === 'call') names.add(n.name);
    return false;
  });
  return [...names];
}

/** The workbook as IronCalc input: every constant and formula of every sheet. */
function witnessSheets(wb: WorkbookModel): WitnessSheet[] {
  return wb.sheets.map((s) => ({
    name: s.name,
    cells: [...s.rows.values()].flatMap((row) =>
      [...row.values()].map((c) =>
        c.formula !== undefined
          ? { row: c.row + 1, col: c.col + 1, formula: `=${c.formula}` }
          : { row: c.row + 1, col: c.col + 1, value: c.value },
      ),
    ),
  }));
}

function outcome(want: CellValue, got: CellValue | undefined): keyof Tally {
  if (got === undefined) return 'unread';
  if (typeof want === 'number' && typeof got === 'number') {
    if (want === got || sameValue(want, got)) return 'exact';
    return same15(want, got) ? 'match15' : 'mismatch';
  }
  return sameValue(want, got) ? 'exact' : 'mismatch';
}

async function corpusRun(args: string[]): Promise<void> {
  const filesOption = option(args, '--files');
  const list = Number(option(args, '--list') ?? 40);
  const corpus = resolve(args[0] ?? '../shared/corpus');
  if (!existsSync(join(corpus, 'expected-cells.jsonl')))
    throw new Error(`triage: corpus not found: ${corpus}`);
  const only = filesOption ? new RegExp(filesOption) : undefined;
  const byFile = new Map<string, ExpectedCell[]>();
  for (const e of readExpectedCells(corpus)) {
    if (only && !only.test(e.file)) continue;
    byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  }
  const all = emptyTally();
  const tryable = emptyTally();
  const perFn = new Map<string, Tally>();
  const skipped = new Map<string, number>();
  const mismatches: string[] = [];
  const skip = (why: string, n = 1) => skipped.set(why, (skipped.get(why) ?? 0) + n);
  let ms = 0;
  let files = 0;
  for (const [file, expected] of byFile) {
    let wb: WorkbookModel;
    try {
      wb = await readWorkbook(new Uint8Array(readFileSync(join(corpus, file))));
    } catch {
      skip('workbook not readable', expected.length);
      continue;
    }
    if (producerOf(wb).kind !== 'excel') {
      skip('not saved by Excel', expected.length);
      continue;
    }
    const compared: Array<{ e: ExpectedCell; want: CellValue; target: WitnessTarget }> = [];
    for (const e of expected) {
      const why = skipReason(e, wb);
      const want = savedValue(e.cached);
      const sheet = wb.sheets.findIndex((s) => s.name === e.sheet);
      const p = parseCellRef(e.cell);
      if (why) skip(why);
      else if (want === undefined) skip('no saved value');
      else if (sheet < 0 || !p) skip('sheet or cell not found');
      else compared.push({ e, want, target: { sheet, row: p.row + 1, col: p.col + 1 } });
    }
    if (compared.length === 0) continue;
    files++;
    const names = wb.definedNames.map((n) => ({
      name: n.name,
      formula: n.ref,
      scope: n.sheet === undefined ? undefined : wb.sheets.findIndex((s) => s.name === n.sheet),
    }));
    const t0 = performance.now();
    let got: Array<CellValue | undefined>;
    try {
      got = ironcalcEvaluate(
        witnessSheets(wb),
        compared.map((c) => c.target),
        names,
      );
    } catch (err) {
      skip(
        `IronCalc failed on the workbook (${err instanceof Error ? err.message.slice(0, 60) : 'crash'})`,
        compared.length,
      );
      continue;
    } finally {
      ms += performance.now() - t0;
    }
    compared.forEach(({ e, want }, i) => {
      const o = outcome(want, got[i]);
      const fns = functionsOf(e.formula) ?? [];
      const supported = fns.every((f) => SUPPORTED_FUNCTIONS.includes(f));
      const tallies = [all, ...(supported ? [tryable] : [])];
      for (const f of fns.length > 0 ? fns : ['(operators only)']) {
        const t = perFn.get(f) ?? emptyTally();
        perFn.set(f, t);
        tallies.push(t);
      }
      for (const t of tallies) {
        t.cells++;
        t[o]++;
      }
      if (o === 'mismatch' && mismatches.length < list)
        mismatches.push(
          `${file} ${e.sheet}!${e.cell} =${e.formula}  Excel ${JSON.stringify(want)}  IronCalc ${JSON.stringify(got[i])}`,
        );
    });
  }
  const fmt = (name: string, t: Tally) =>
    `${name.padEnd(34)} cells ${String(t.cells).padStart(6)}  exact ${String(t.exact).padStart(6)}  15-digit ${String(t.match15).padStart(4)}  mismatch ${String(t.mismatch).padStart(5)}  unread ${String(t.unread).padStart(3)}`;
  console.log(
    `IronCalc against Excel's saved values (${corpus}${only ? `, files /${only.source}/` : ''}): ${files} files, IronCalc ${(ms / 1000).toFixed(1)} s\n`,
  );
  for (const [f, t] of [...perFn].sort((a, b) => a[0].localeCompare(b[0]))) {
    const mark = f === '(operators only)' || SUPPORTED_FUNCTIONS.includes(f) ? '' : ' *';
    console.log(fmt(`${f}${mark}`, t));
  }
  console.log(`\n${fmt('ALL CELLS', all)}\n${fmt('CELLS OF SUPPORTED FUNCTIONS', tryable)}`);
  console.log('(* a function the lowering does not support)');
  console.log('\nSkipped:');
  for (const [why, n] of [...skipped].sort((a, b) => b[1] - a[1]))
    console.log(`  ${String(n).padStart(6)}  ${why}`);
  if (mismatches.length > 0) {
    console.log(`\nFirst ${mismatches.length} mismatches (IronCalc ≠ Excel):`);
    for (const m of mismatches) console.log(`  ${m}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--corpus') return corpusRun(args.slice(1));
  const file = option(args, '--findings');
  if (file !== undefined) return findings(file);
  return oneCase(args);
}

main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 2;
});
