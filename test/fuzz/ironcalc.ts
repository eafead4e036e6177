/**
 * IronCalc (`@ironcalc/wasm`, a spreadsheet engine in Rust tested against Excel-saved files) as a third voice
 * while developing: the fuzzer (`--witness ironcalc`) and the triage command (scripts/triage.ts) ask it beside
 * the lowering and the oracle. It is a witness, not a judge: it has its own errors (docs/fuzzing.md), so a
 * disagreement it shows is settled by a value Excel saved, never by IronCalc's say. Development only: nothing
 * under src/ may import it (scripts/arrows.ts).
 *
 * Reading a value exactly: the package's API gives a cell's type and its formatted text only, and its number
 * formatting keeps about 15 digits (not always right ones). So each number is read through helper cells that
 * IronCalc computes itself, all exact operations on doubles: the exponent e of |x| (from LOG, corrected
 * by exact comparisons against 2^52 and 2^53), the 53-bit integer mantissa m = |x| / 2^(e-52), and m split
 * into two integers below 2^27 that the General format prints exactly. x = sign × (hi × 2^26 + lo) × 2^(e-52).
 * A subnormal result (whose scaling underflows) is not read: `undefined`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { initSync, Model, quoteName } from '@ironcalc/wasm';
import type { CellValue } from '../../src/workbook/values.js';

let ready = false;

/** Loads the engine's WebAssembly once (synchronously: `init()` fetches a URL, which Node cannot). */
function init(): void {
  if (ready) return;
  const wasm = createRequire(import.meta.url).resolve('@ironcalc/wasm/wasm_bg.wasm');
  initSync({ module: readFileSync(wasm) });
  ready = true;
}

/** One cell to write: a constant value or a formula (with its `=`), at a 1-based row and column. */
export interface WitnessCell {
  row: number;
  col: number;
  value?: CellValue;
  formula?: string;
}

export interface WitnessSheet {
  name: string;
  cells: readonly WitnessCell[];
}

/** A cell whose value is read back (sheet index, 1-based row and column). */
export interface WitnessTarget {
  sheet: number;
  row: number;
  col: number;
}

/** A defined name: its formula text without `=`, and the sheet index it is local to. */
export interface WitnessName {
  name: string;
  formula: string;
  scope?: number;
}

/** IronCalc's cell types (`getCellType`). */
const TYPE = { number: 1, text: 2, boolean: 4, error: 16 } as const;

/** What the user types for a constant: text behind a quote so that IronCalc keeps it as text. */
export function inputOf(v: CellValue): string | undefined {
  if (v === null) return undefined;
  if (typeof v === 'number') return Object.is(v, -0) ? '0' : String(v);
  if (typeof v === 'string') return `'${v}`;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return v.error;
}

/** The helper columns that read one number exactly (see the module comment); `x` is the target's reference. */
function decoderRow(x: string, r: number): string[] {
  return [
    `=ABS(${x})`, // A: |x|
    `=INT(LOG(A${r},2))`, // B: e, maybe one off
    `=A${r}/2^(B${r}-52)`, // C: |x| scaled by that e
    `=IF(C${r}-2^53>=0,B${r}+1,IF(C${r}-2^52<0,B${r}-1,B${r}))`, // D: e corrected (exact comparisons)
    `=A${r}/2^(D${r}-52)`, // E: the mantissa, an integer in [2^52, 2^53)
    `=INT(E${r}/2^26)`, // F: its high 27 bits
    `=E${r}-F${r}*2^26`, // G: its low 26 bits
    `=SIGN(${x})`, // H
  ];
}

const HELPERS = 8;

/** An integer printed by the General format, or undefined. */
function integerText(t: string): number | undefined {
  return /^-?\d+$/.test(t) ? Number(t) : undefined;
}

/** The number a decoder row read, or undefined when it could not be read exactly. */
function decoded(m: Model, sheet: number, r: number): number | undefined {
  const at = (c: number) => m.getFormattedCellValue(sheet, r, c);
  // LOG fails only on 0 (a subnormal has a logarithm; its scaling below fails instead).
  if (m.getCellType(sheet, r, 2) === TYPE.error && at(1) === '0') return 0;
  const [e, hi, lo, sign] = [at(4), at(6), at(7), at(8)].map(integerText);
  if (e === undefined || hi === undefined || lo === undefined || sign === undefined) return undefined;
  if (hi < 2 ** 26 || hi >= 2 ** 27 || lo < 0 || lo >= 2 ** 26 || e - 52 < -1074) return undefined;
  return sign * (hi * 2 ** 26 + lo) * 2 ** (e - 52);
}

/** A cell's value as IronCalc computed it; undefined when it cannot be read (a subnormal, an array). */
function valueAt(m: Model, t: WitnessTarget, helperSheet: number, helperRow: number): CellValue | undefined {
  const type = m.getCellType(t.sheet, t.row, t.col);
  const text = m.getFormattedCellValue(t.sheet, t.row, t.col);
  if (type === TYPE.text) return text;
  if (type === TYPE.boolean) return text === 'TRUE';
  if (type === TYPE.error) return { error: text } as CellValue;
  if (type === TYPE.number) return decoded(m, helperSheet, helperRow);
  return undefined;
}

/**
 * Writes the sheets into one IronCalc model, evaluates it once and reads each target back. Values come back
 * as CellValues (numbers exactly; a number IronCalc holds but cannot be read exactly is `undefined`).
 */
export function ironcalcEvaluate(
  sheets: readonly WitnessSheet[],
  targets: readonly WitnessTarget[],
  names: readonly WitnessName[] = [],
): Array<CellValue | undefined> {
  init();
  const m = new Model('witness', 'en', 'UTC', 'en');
  // Why paused: otherwise each input re-evaluates the model (5 ms an input at a few hundred cells).
  m.pauseEvaluation();
  try {
    sheets.forEach((s, i) => {
      if (i > 0) m.newSheet();
      m.renameSheet(i, s.name);
    });
    m.newSheet();
    const helper = sheets.length;
    m.renameSheet(helper, 'witness__');
    for (const n of names) {
      try {
        m.newDefinedName(n.name, n.scope, n.formula);
      } catch {
        // A name IronCalc cannot hold leaves the formulas using it to IronCalc's own error.
      }
    }
    sheets.forEach((s, i) => {
      for (const c of s.cells) {
        const input = c.formula ?? (c.value === undefined ? undefined : inputOf(c.value));
        if (input !== undefined) m.setUserInput(i, c.row, c.col, input);
      }
    });
    targets.forEach((t, k) => {
      const ref = `${quoteName(sheets[t.sheet]!.name)}!${columnName(t.col)}${t.row}`;
      decoderRow(ref, k + 1).forEach((f, j) => {
        m.setUserInput(helper, k + 1, j + 1, f);
      });
    });
    if (targets.length > 0) {
      const area = { sheet: helper, row: 1, column: 1, width: HELPERS, height: targets.length };
      // General, set explicitly (no format inferred from the target): it prints these integers, all of at most
      // nine digits, exactly. (IronCalc's `0` format drops a minus sign.)
      m.updateRangeStyle(area, 'num_fmt', 'general');
    }
    m.resumeEvaluation();
    m.evaluate();
    const values = targets.map((t, k) => valueAt(m, t, helper, k + 1));
    m.free();
    return values;
  } catch (e) {
    // A Rust panic (IronCalc's own crash, e.g. REPT of a huge count) leaves the model borrowed: freeing it
    // would throw over the panic's message, so the model is left to the collector.
    throw new Error(`IronCalc crashed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** `A` for 1, `AA` for 27. */
export function columnName(col: number): string {
  let s = '';
  for (let c = col; c > 0; c = Math.floor((c - 1) / 26)) s = String.fromCharCode(65 + ((c - 1) % 26)) + s;
  return s;
}

/** A grid row: its inputs from column A, its formula, written for that row. */
export interface WitnessRow {
  row: number;
  inputs: readonly CellValue[];
  formula: string;
}

/**
 * A grid of cases, each in its own row (rows and columns 1-based; formulas in column `formulaCol`): IronCalc's
 * value of each formula. When IronCalc crashes on the grid, the rows are split and retried so that only the
 * crashing rows are lost: they come back in `crashed` (their values undefined).
 */
export function ironcalcRows(
  rows: readonly WitnessRow[],
  formulaCol: number,
): { values: Array<CellValue | undefined>; crashed: number[] } {
  try {
    return { values: gridValues(rows, formulaCol), crashed: [] };
  } catch {
    if (rows.length <= 1) return { values: rows.map(() => undefined), crashed: rows.map((_, i) => i) };
    const half = Math.ceil(rows.length / 2);
    const a = ironcalcRows(rows.slice(0, half), formulaCol);
    const b = ironcalcRows(rows.slice(half), formulaCol);
    return { values: [...a.values, ...b.values], crashed: [...a.crashed, ...b.crashed.map((i) => i + half)] };
  }
}

function gridValues(rows: readonly WitnessRow[], formulaCol: number): Array<CellValue | undefined> {
  const cells: WitnessCell[] = rows.flatMap((r) => [
    ...r.inputs.map((value, c) => ({ row: r.row, col: c + 1, value })),
    { row: r.row, col: formulaCol, formula: r.formula },
  ]);
  const targets = rows.map((r) => ({ sheet: 0, row: r.row, col: formulaCol }));
  return ironcalcEvaluate([{ name: 'Fuzz', cells }], targets);
}
