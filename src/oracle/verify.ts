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
import { a1, colName } from '../workbook/formula/ast.js';
import type { Warning } from '../codes/index.js';
import { type CellValue, isErrorValue } from '../workbook/values.js';
import { getCell, type WorkbookModel } from '../workbook/model.js';
import { specBindings } from '../modelspec/bind.js';
import { compileDerivation, computeDerivations } from '../modelspec/derive.js';
import { getAll, parsePath } from '../modelspec/paths.js';
import type { ModelSpec } from '../modelspec/types.js';
import { equalAt15, sameValue } from './compare.js';
import { evaluateWorkbook, type OracleValues } from './hyperformula.js';

export interface ColumnVerification {
  field: string;
  column: string;
  cellsChecked: number;
  matched: number;
  cachedChecked: number;
  cachedExact: number;
  cached15: number;
  disagreements: number;
}

/** What the verification found, overall and per column (part of a conversion's result). */
export interface Verification {
  oracle: { name: string; version: string };
  cellsChecked: number;
  matched: number;
  cachedChecked: number;
  cachedExact: number;
  cached15: number;
  disagreements: number;
  columns: ColumnVerification[];
}

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

function cellName(sheet: string, row: number, col: number): string {
  const prefix = /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
  return `${prefix}!${a1(row, col)}`;
}

function columnLetters(col: number): string {
  return colName(col);
}

function fieldOf(path: string): string {
  const segs = parsePath(path);
  const last = segs[segs.length - 1];
  const star = segs.some((s) => 'all' in s);
  return star && last && 'key' in last ? last.key : path;
}

interface Tally extends ColumnVerification {}

/** Runs the spec on the input rows and checks every derived cell against the oracle and Excel's saved values. */
export async function verifySpec(input: VerifyInput): Promise<VerifyOutcome> {
  const { spec, workbook, sheet, rows } = input;
  const sheetModel = workbook.sheets.find((s) => s.name === sheet);
  const warnings: Warning[] = [];
  const mismatches: Record<string, Mismatch[]> = {};
  const thrown = new Map<string, { thrown: string; message: string }>();

  const doc = structuredClone(input.doc) as { items: Record<string, unknown>[] } & Record<string, unknown>;
  const describe = (e: unknown) => ({
    thrown: (e as { code?: string }).code ?? 'ERROR',
    message: e instanceof Error ? e.message : String(e),
  });
  try {
    const bindings = await specBindings(spec.library, (spec.constants ?? {}) as Record<string, unknown>);
    for (const d of spec.derivations ?? []) {
      // One derivation at a time, so a throw fails its own column only (dependants then mismatch).
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

  // Only now: the derivations above needed no oracle, and a threaded oracle has been running meanwhile.
  const waitStart = performance.now();
  const oracle = await (input.oracle ?? evaluateWorkbook(workbook));
  const oracleWaitMs = performance.now() - waitStart;

  const tallies: Tally[] = [];
  const check = (
    key: string,
    tally: Tally,
    row: number,
    col: number,
    derived: unknown,
    inputs: () => Record<string, unknown>,
  ): void => {
    // The cell's name is built only when something is reported (it was a string per cell checked).
    const where = () => cellName(sheet, row, col);
    const fail = (m: Omit<Mismatch, 'row' | 'cell' | 'inputs'>) => {
      const list = mismatches[key] ?? [];
      mismatches[key] = list;
      if (list.length < KEEP) list.push({ row: row + 1, cell: where(), inputs: inputs(), ...m });
    };
    tally.cellsChecked++;
    const failure = thrown.get(key);
    const got = failure ?? derived;
    const value = failure ? undefined : asCellValue(derived);
    const expected = oracle.get(sheet, row, col);
    const cached = sheetModel ? getCell(sheetModel, row, col)?.cached : undefined;
    const engineFailed = isErrorValue(expected) && ENGINE_ERRORS.has(expected.error);

    if (engineFailed) {
      warnings.push({
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

    if (cached !== undefined) {
      tally.cachedChecked++;
      if (value !== undefined && sameValue(cached, value)) tally.cachedExact++;
      else if (value !== undefined && equalAt15(cached, value)) tally.cached15++;
      else {
        tally.disagreements++;
        if (!engineFailed && value !== undefined && sameValue(expected, value)) {
          warnings.push({
            code: 'ORACLE_EXCEL_DISAGREEMENT',
            message: `${where()}: the oracle and the spec give ${JSON.stringify(expected)}, Excel saved ${JSON.stringify(cached)}`,
            cell: where(),
          });
        }
      }
    }
  };

  input.columns.forEach(({ field, col }) => {
    const tally: Tally = blankTally(field, columnLetters(col));
    tallies.push(tally);
    rows.forEach((row, i) => {
      const item = doc.items?.[i];
      const derived = item && Object.hasOwn(item, field) ? item[field] : undefined;
      check(field, tally, row, col, derived, () => inputsOf(input.doc.items[i]));
    });
  });
  for (const root of input.roots ?? []) {
    const tally: Tally = blankTally(root.path, columnLetters(root.col));
    tallies.push(tally);
    const [derived] = getAll(doc, parsePath(root.path));
    check(root.path, tally, root.row, root.col, derived, () => ({}));
  }

  const sum = (k: keyof Omit<Tally, 'field' | 'column'>) => tallies.reduce((n, t) => n + t[k], 0);
  return {
    verification: {
      oracle: { name: oracle.name, version: oracle.version },
      cellsChecked: sum('cellsChecked'),
      matched: sum('matched'),
      cachedChecked: sum('cachedChecked'),
      cachedExact: sum('cachedExact'),
      cached15: sum('cached15'),
      disagreements: sum('disagreements'),
      columns: tallies,
    },
    mismatches,
    warnings,
    oracleWaitMs,
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
