/**
 * Verification: the compiled spec is run the way users run it (the binding convention of src/modelspec/bind.ts and
 * the derivation core of src/modelspec/derive.ts, on a copy of the input document), and every derived cell is
 * compared with the oracle and, when the file carries one, with the value Excel saved.
 *
 * What fails a column (the caller refuses it with VALUE_MISMATCH):
 * - any cell whose derived value differs from the oracle's (`sameValue`: no tolerance), source `oracle`;
 * - a derivation that throws: every row of its column is a mismatch;
 * - where the oracle cannot evaluate the cell (HyperFormula's own error codes `#ERROR!`, `#CYCLE!`, `#LIC!`,
 *   which Excel never produces), Excel's saved value is the reference instead (source `excel`); with no saved
 *   value the cell is unverifiable and fails (source `oracle`).
 * What does not fail a column but is reported:
 * - a saved Excel value that differs (beyond 15 significant digits) from the derived value while the oracle
 *   agrees with the derived value: a `ORACLE_EXCEL_DISAGREEMENT` warning with both values, counted in
 *   `disagreements`. The file's cached values can be stale or written by another engine, so they never
 *   silently override the oracle, and a disagreement is never silently dropped either.
 * Counts: `cellsChecked` / `matched` (against the reference), `cachedChecked` / `cachedExact` / `cached15`
 * (against Excel's saved values), per column and in total. The first 5 mismatches of each column are kept.
 *
 * The oracle may be handed over as a promise (the oracle running in a worker thread, oracle-thread.ts): the
 * derivations are computed first and the promise is awaited only for the comparison, so the two overlap.
 */
import { performance } from 'node:perf_hooks';
import type { Warning } from '../codes/index.js';
import {
  compileDerivation,
  computeDerivations,
  getAll,
  type ModelSpec,
  parsePath,
  specBindings,
} from '../modelspec/index.js';
import { colName, sheetCell } from '../workbook/formula/index.js';
import {
  type CellValue,
  getCell,
  isErrorValue,
  type SheetModel,
  type WorkbookModel,
} from '../workbook/index.js';
import { equalAt15, sameValue } from './compare.js';
import type { ColumnVerification, Verification } from './types.js';
import { evaluateWorkbook, type OracleValues } from './hyperformula.js';

export interface Mismatch {
  /** 1-based sheet row. */
  row: number;
  /** `Sheet1!D5`. */
  cell: string;
  /** The row's input fields (for a root derivation: empty). */
  inputs: Record<string, unknown>;
  /** The reference value (oracle's, or Excel's saved value when the source is `excel`). */
  expected: CellValue;
  /** What the spec computed (`{thrown: code, message}` when the derivation threw). */
  got: unknown;
  source: 'oracle' | 'excel';
}

export interface VerifyInput {
  spec: ModelSpec;
  doc: { items: Record<string, unknown>[] };
  workbook: WorkbookModel;
  sheet: string;
  /** Sheet row index (0-based) of `doc.items[i]`. */
  rows: number[];
  /** Derived per-row fields and their sheet column (0-based). */
  columns: { field: string; col: number; header: string }[];
  /** Root derivations backed by a cell (a summary row). */
  roots?: { path: string; row: number; col: number }[];
  /**
   * Precomputed oracle values, or a promise of them (awaited after the derivations, so that an oracle running
   * in a worker thread overlaps them); default `evaluateWorkbook(workbook)` over all sheets.
   */
  oracle?: OracleValues | Promise<OracleValues>;
}

export interface VerifyOutcome {
  verification: Verification;
  /** Failing cells by field (per-row columns) or path (roots); a key is present only when it failed. */
  mismatches: Record<string, Mismatch[]>;
  warnings: Warning[];
  /** Milliseconds spent after the derivations waiting for (or computing) the oracle's values. */
  oracleWaitMs: number;
}

const KEEP = 5;
/** HyperFormula's own error codes, which mean "could not evaluate", not an Excel value. */
const ENGINE_ERRORS = new Set(['#ERROR!', '#CYCLE!', '#LIC!']);

/** A derived value as an Excel value, or undefined when it is not one (an array, a plain object, NaN). */
function asCellValue(v: unknown): CellValue | undefined {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (isErrorValue(v) && Object.keys(v).length === 1) return v;
  return undefined;
}

function fieldOf(path: string): string {
  const segs = parsePath(path);
  const last = segs[segs.length - 1];
  const star = segs.some((s) => 'all' in s);
  return star && last && 'key' in last ? last.key : path;
}

type Tally = ColumnVerification;
type Thrown = { thrown: string; message: string };
type Doc = { items: Record<string, unknown>[] } & Record<string, unknown>;

/** Runs the spec on the input rows and checks every derived cell against the oracle and Excel's saved values. */
export async function verifySpec(input: VerifyInput): Promise<VerifyOutcome> {
  const { doc, thrown } = await runDerivations(input);
  // Only now: the derivations above needed no oracle, and a threaded oracle has been running meanwhile.
  const waitStart = performance.now();
  const oracle = await (input.oracle ?? evaluateWorkbook(input.workbook));
  const oracleWaitMs = performance.now() - waitStart;

  const checker = new CellChecker(input, oracle, thrown);
  const tallies = [...checkColumns(checker, input, doc), ...checkRoots(checker, input, doc)];
  return {
    verification: summarise(oracle, tallies),
    mismatches: checker.mismatches,
    warnings: checker.warnings,
    oracleWaitMs,
  };
}

function describe(e: unknown): Thrown {
  return {
    thrown: (e as { code?: string }).code ?? 'ERROR',
    message: e instanceof Error ? e.message : String(e),
  };
}

/**
 * The spec's derivations run on a copy of the input document, one at a time so that a throw fails its own
 * column only (dependants then mismatch). What threw is kept by field (per-row columns) or path (roots).
 */
async function runDerivations(input: VerifyInput): Promise<{ doc: Doc; thrown: Map<string, Thrown> }> {
  const { spec } = input;
  const thrown = new Map<string, Thrown>();
  const doc = structuredClone(input.doc) as Doc;
  try {
    const bindings = await specBindings(spec.library, (spec.constants ?? {}) as Record<string, unknown>);
    for (const d of spec.derivations ?? []) {
      try {
        await computeDerivations([compileDerivation(d)], doc, bindings);
      } catch (e) {
        thrown.set(fieldOf(d.path), describe(e));
      }
    }
  } catch (e) {
    // The library itself does not load: nothing can be trusted.
    const failure = describe(e);
    for (const c of input.columns) thrown.set(c.field, failure);
    for (const r of input.roots ?? []) thrown.set(r.path, failure);
  }
  return { doc, thrown };
}

/** Every row of each per-row column, one tally per column. */
function checkColumns(checker: CellChecker, input: VerifyInput, doc: Doc): Tally[] {
  return input.columns.map(({ field, col }) => {
    const tally = blankTally(field, colName(col));
    input.rows.forEach((row, i) => {
      const item = doc.items?.[i];
      const derived = item && Object.hasOwn(item, field) ? item[field] : undefined;
      checker.check(field, tally, row, col, derived, () => inputsOf(input.doc.items[i]));
    });
    return tally;
  });
}

/** Each root derivation backed by a cell, one tally each. */
function checkRoots(checker: CellChecker, input: VerifyInput, doc: Doc): Tally[] {
  return (input.roots ?? []).map((root) => {
    const tally = blankTally(root.path, colName(root.col));
    const [derived] = getAll(doc, parsePath(root.path));
    checker.check(root.path, tally, root.row, root.col, derived, () => ({}));
    return tally;
  });
}

/** Compares derived cells with the oracle and Excel's saved values; collects mismatches and warnings. */
class CellChecker {
  readonly mismatches: Record<string, Mismatch[]> = {};
  readonly warnings: Warning[] = [];
  private readonly sheetModel: SheetModel | undefined;

  constructor(
    private readonly input: VerifyInput,
    private readonly oracle: OracleValues,
    private readonly thrown: ReadonlyMap<string, Thrown>,
  ) {
    this.sheetModel = input.workbook.sheets.find((s) => s.name === input.sheet);
  }

  check(
    key: string,
    tally: Tally,
    row: number,
    col: number,
    derived: unknown,
    inputs: () => Record<string, unknown>,
  ): void {
    const { sheet } = this.input;
    // The cell's name is built only when something is reported (it was a string per cell checked).
    const where = () => sheetCell(sheet, row, col);
    const fail = (m: Omit<Mismatch, 'row' | 'cell' | 'inputs'>) => {
      const list = this.mismatches[key] ?? [];
      this.mismatches[key] = list;
      if (list.length < KEEP) list.push({ row: row + 1, cell: where(), inputs: inputs(), ...m });
    };
    tally.cellsChecked++;
    const failure = this.thrown.get(key);
    const got = failure ?? derived;
    const value = failure ? undefined : asCellValue(derived);
    const expected = this.oracle.get(sheet, row, col);
    const cached = this.sheetModel ? getCell(this.sheetModel, row, col)?.cached : undefined;
    const engineFailed = isErrorValue(expected) && ENGINE_ERRORS.has(expected.error);

    if (engineFailed) {
      this.warnings.push({
        code: 'ORACLE_CANNOT_EVALUATE',
        message: `HyperFormula gives ${expected.error} for ${where()}; Excel's saved value is the reference`,
        cell: where(),
      });
      if (cached === undefined) fail({ expected, got, source: 'oracle' });
      else if (value !== undefined && sameValue(cached, value)) tally.matched++;
      else fail({ expected: cached, got, source: 'excel' });
    } else if (value !== undefined && sameValue(expected, value)) {
      tally.matched++;
    } else {
      fail({ expected, got, source: 'oracle' });
    }
    if (cached !== undefined)
      this.checkCached(tally, cached, value, engineFailed ? undefined : expected, where);
  }

  /** Against Excel's saved value: counted, and a disagreement the oracle does not share is reported. */
  private checkCached(
    tally: Tally,
    cached: CellValue,
    value: CellValue | undefined,
    expected: CellValue | undefined,
    where: () => string,
  ): void {
    tally.cachedChecked++;
    if (value !== undefined && sameValue(cached, value)) tally.cachedExact++;
    else if (value !== undefined && equalAt15(cached, value)) tally.cached15++;
    else {
      tally.disagreements++;
      if (expected !== undefined && value !== undefined && sameValue(expected, value)) {
        this.warnings.push({
          code: 'ORACLE_EXCEL_DISAGREEMENT',
          message: `${where()}: the oracle and the spec give ${JSON.stringify(expected)}, Excel saved ${JSON.stringify(cached)}`,
          cell: where(),
        });
      }
    }
  }
}

/** The column tallies summed. */
function summarise(oracle: OracleValues, tallies: Tally[]): Verification {
  const sum = (k: keyof Omit<Tally, 'field' | 'column'>) => tallies.reduce((n, t) => n + t[k], 0);
  return {
    oracle: { name: oracle.name, version: oracle.version },
    cellsChecked: sum('cellsChecked'),
    matched: sum('matched'),
    cachedChecked: sum('cachedChecked'),
    cachedExact: sum('cachedExact'),
    cached15: sum('cached15'),
    disagreements: sum('disagreements'),
    columns: tallies,
  };
}

function blankTally(field: string, column: string): Tally {
  return {
    field,
    column,
    cellsChecked: 0,
    matched: 0,
    cachedChecked: 0,
    cachedExact: 0,
    cached15: 0,
    disagreements: 0,
  };
}

function inputsOf(item: Record<string, unknown> | undefined): Record<string, unknown> {
  return item ? { ...item } : {};
}
