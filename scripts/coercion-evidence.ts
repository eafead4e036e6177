/**
 * `npx tsx scripts/coercion-evidence.ts [--json] [--function NAME] [<corpus dir>]`: the coercion table's
 * evidence, mined from Excel's saved values instead of typed.
 *
 * For every formula cell of `expected-cells.jsonl` in a file Excel itself saved (src/workbook/producer.ts
 * names Excel, and `xl/workbook.xml` carries Excel's build stamp, `<fileVersion appName="xl" rupBuild=…>`:
 * libraries write the application's name too, never the build) whose whole formula is one call of a supported
 * function, each argument that is a literal (or an empty argument) or a single-cell reference is one
 * observation: (function, parameter, its class, the value's kind, direct or reference) → the value Excel
 * saved for the cell. A referenced cell's kind is read from the workbook (readWorkbook; a formula cell by its
 * saved value). An observation is `clean` when every argument of the call is a literal or a single cell, so
 * the saved value says what the function did with exactly those values, and `attributable` when besides every
 * other argument is a number, so the saved value says what this argument did.
 *
 * Printed per (function, parameter, kind, direct/reference): the count, the saved outcomes (an error code or
 * `value`) and up to three example cells (attributable ones first); then per (class, kind, direct/reference)
 * the functions whose attributable outcomes differ in kind (only values for one, only errors for another): a
 * sign that a class holds functions Excel treats differently. `--json` prints every observation instead (for a closer look).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { FUNCTIONS } from '../src/compiler/lower/functions/index.js';
import type { FunctionEntry } from '../src/compiler/lower/functions/types.js';
import type { Node } from '../src/workbook/formula/ast.js';
import { parseFormula } from '../src/workbook/formula/parser.js';
import { getCell, type WorkbookModel } from '../src/workbook/model.js';
import { producerOf } from '../src/workbook/producer.js';
import { readWorkbook } from '../src/workbook/reader.js';
import { type ValueKindName, valueKind } from '../src/workbook/value-kinds.js';
import type { CellValue } from '../src/workbook/values.js';
import { type ExpectedCell, readExpectedCells, savedValue } from './corpus.js';

export interface Observation {
  fn: string;
  param: string;
  /** The parameter's class in the function table. */
  class: string;
  kind: ValueKindName;
  how: 'direct' | 'reference';
  /** The argument's value (a referenced cell's value). */
  value: CellValue;
  /** What Excel saved for the whole formula. */
  saved: CellValue;
  /** Every argument of the call is a literal or a single cell. */
  clean: boolean;
  /** Clean, and every other argument is a number: the saved value says what this argument did. */
  attributable: boolean;
  file: string;
  cell: string;
  formula: string;
}

/** Excel's own save: its name, its version and its build stamp, as the one rule reads them (producer.ts). */
function savedByExcel(_bytes: Uint8Array, wb: WorkbookModel): boolean {
  return producerOf(wb).kind === 'excel';
}

/** The parameter an argument position fills (a repeating last parameter covers the rest). */
function paramAt(entry: FunctionEntry, i: number): FunctionEntry['args'][number] | undefined {
  const last = entry.args[entry.args.length - 1];
  return entry.args[i] ?? (last?.repeats ? last : undefined);
}

/** A literal argument's value (`-5` included); undefined when the argument is not a literal. */
function literalValue(n: Node): { value: CellValue; omitted?: true } | undefined {
  switch (n.kind) {
    case 'number':
    case 'string':
    case 'boolean':
      return { value: n.value };
    case 'error':
      return { value: { error: n.value } };
    case 'missing':
      return { value: null, omitted: true };
    case 'unary':
      return n.op === '-' && n.operand.kind === 'number' ? { value: -n.operand.value } : undefined;
    default:
      return undefined;
  }
}

/** A single-cell reference's value, read from the workbook; undefined when it is not one. */
function referencedValue(n: Node, wb: WorkbookModel, sheetName: string): { value: CellValue } | undefined {
  if (n.kind !== 'cell' || n.workbook !== undefined) return undefined;
  const sheet = wb.sheets.find((s) => s.name.toLowerCase() === (n.sheet ?? sheetName).toLowerCase());
  if (!sheet) return undefined;
  const c = getCell(sheet, n.row, n.col);
  return { value: c ? c.value : null };
}

function observe(e: ExpectedCell, wb: WorkbookModel, formula: string, saved: CellValue): Observation[] {
  const { ast } = parseFormula(formula);
  if (ast?.kind !== 'call') return [];
  const entry = FUNCTIONS.find((f) => f.name === ast.name);
  if (!entry) return [];
  const read = ast.args.map((a) => {
    const lit = literalValue(a);
    if (lit) return { ...lit, how: 'direct' as const };
    const ref = referencedValue(a, wb, e.sheet);
    return ref ? { ...ref, how: 'reference' as const } : undefined;
  });
  const clean = read.every((r) => r !== undefined);
  const kindOf = (r: NonNullable<(typeof read)[number]>): ValueKindName =>
    r.how === 'direct' && 'omitted' in r ? 'omitted' : valueKind(r.value);
  return read.flatMap((r, i) => {
    const param = paramAt(entry, i);
    if (!r || !param) return [];
    const kind = kindOf(r);
    const attributable =
      clean && read.every((o, j) => j === i || (o !== undefined && kindOf(o) === 'number'));
    return [
      {
        fn: entry.name,
        param: param.name,
        class: (param as { class?: string }).class ?? '?',
        kind,
        how: r.how,
        value: r.value,
        saved,
        clean,
        attributable,
        file: e.file,
        cell: `${e.sheet}!${e.cell}`,
        formula,
      },
    ];
  });
}

/** Every observation in the corpus's Excel-saved files. */
export async function mineCoercionEvidence(corpus: string): Promise<Observation[]> {
  const byFile = new Map<string, ExpectedCell[]>();
  for (const e of readExpectedCells(corpus)) byFile.set(e.file, [...(byFile.get(e.file) ?? []), e]);
  const out: Observation[] = [];
  for (const [file, cells] of byFile) {
    let wb: WorkbookModel;
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(readFileSync(join(corpus, file)));
      wb = await readWorkbook(bytes);
      if (!savedByExcel(bytes, wb)) continue;
    } catch {
      continue;
    }
    for (const e of cells) {
      const saved = savedValue(e.cached);
      if (saved === undefined || e.kind === 'array') continue;
      const sheet = wb.sheets.find((s) => s.name === e.sheet);
      const m = /^([A-Z]+)(\d+)$/.exec(e.cell);
      if (!sheet || !m) continue;
      const col = [...m[1]!].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
      const formula = getCell(sheet, Number(m[2]) - 1, col)?.formula ?? e.formula;
      out.push(...observe(e, wb, formula, saved));
    }
  }
  return out;
}

/** An outcome in kind: the error code, or `value`. */
export const outcomeOf = (v: CellValue): string => (v !== null && typeof v === 'object' ? v.error : 'value');

const show = (v: CellValue): string => (v === null ? 'blank' : JSON.stringify(v));

function report(obs: Observation[]): void {
  const groups = new Map<string, Observation[]>();
  for (const o of obs) {
    const k = `${o.fn} ${o.param} [${o.class}] ${o.kind} ${o.how}`;
    groups.set(k, [...(groups.get(k) ?? []), o]);
  }
  for (const [k, list] of [...groups].sort((a, b) => a[0].localeCompare(b[0]))) {
    const tally = new Map<string, number>();
    for (const o of list) tally.set(outcomeOf(o.saved), (tally.get(outcomeOf(o.saved)) ?? 0) + 1);
    const clean = list.filter((o) => o.clean);
    const best = list.filter((o) => o.attributable);
    console.log(
      `${k}: ${list.length} (${clean.length} clean, ${best.length} attributable) ${[...tally].map(([o, n]) => `${o} ${n}`).join(', ')}`,
    );
    for (const o of (best.length ? best : clean.length ? clean : list).slice(0, 3))
      console.log(`    ${o.file} ${o.cell} =${o.formula} [${show(o.value)}] saved ${show(o.saved)}`);
  }
  console.log(
    '\nClasses whose functions disagree (attributable observations: every other argument a number; a function saving only values beside one saving only errors):',
  );
  const byClass = new Map<string, Map<string, Set<string>>>();
  for (const o of obs.filter((x) => x.attributable)) {
    const k = `${o.class} ${o.kind} ${o.how}`;
    const fns = byClass.get(k) ?? new Map<string, Set<string>>();
    byClass.set(k, fns);
    fns.set(o.fn, (fns.get(o.fn) ?? new Set()).add(outcomeOf(o.saved) === 'value' ? 'value' : 'error'));
  }
  for (const [k, fns] of [...byClass].sort((a, b) => a[0].localeCompare(b[0]))) {
    const only = (what: string) => [...fns].filter(([, s]) => s.size === 1 && s.has(what)).map(([f]) => f);
    const values = only('value');
    const errors = only('error');
    if (values.length > 0 && errors.length > 0)
      console.log(`  ${k}: values from ${values.join(', ')}; errors from ${errors.join(', ')}`);
  }
}

const isMain =
  process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const args = process.argv.slice(2);
  const json = args.includes('--json');
  const fnAt = args.indexOf('--function');
  const only = fnAt >= 0 ? args[fnAt + 1]?.toUpperCase() : undefined;
  const dir = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--function');
  const corpus = resolve(dir ?? '../shared/corpus');
  if (!existsSync(join(corpus, 'expected-cells.jsonl'))) {
    console.error(
      `coercion-evidence: corpus not found: ${corpus} (expected ../shared/corpus or a path argument)`,
    );
    process.exit(1);
  }
  const obs = (await mineCoercionEvidence(corpus)).filter((o) => !only || o.fn === only);
  if (json) for (const o of obs) console.log(JSON.stringify(o));
  else report(obs);
}
