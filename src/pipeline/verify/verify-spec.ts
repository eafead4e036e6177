/**
 * Verification: the compiled spec is run the way users run it (the binding convention of src/modelspec/bind.ts and
 * the derivation core of src/modelspec/derive.ts, on a copy of the input document), and every derived cell is
 * compared with the oracle and, when the file carries one, with the value Excel saved.
 *
 * Who judges depends on who saved the file (`savedValuesOf`, src/workbook/producer.ts):
 * - Saved by Microsoft Excel (any platform) with automatic calculation: the saved values are binding. A cell
 *   whose derived value differs from its saved value beyond 15 significant digits fails (source `excel`),
 *   even when the oracle agrees with the spec; one that agrees with it passes, even when the oracle differs.
 * - Otherwise (another producer, none named, manual calculation, `fullCalcOnLoad`), and for cells without a
 *   saved value, the oracle judges: any difference from the oracle's value (`sameValue`: no tolerance) fails
 *   (source `oracle`). A saved value that differs while the oracle agrees with the spec is a
 *   `ORACLE_EXCEL_DISAGREEMENT` warning naming why it does not count (at most 5 per column), and an Excel file
 *   whose saved values are not vouched for gets one `SAVED_VALUES_UNVOUCHED` warning.
 * - A derivation of the 15-digit tier (src/compiler/precision.ts; `precision: 15` on its column or root):
 *   the oracle is matched at 15 significant digits (`equalAt15`) instead of exactly, and where Excel's saved
 *   value is binding the cell must agree with it and with the oracle (unless the oracle cannot evaluate it).
 * - A derivation that throws: every row of its column fails.
 * - Where the oracle cannot evaluate the cell (HyperFormula's own error codes `#ERROR!`, `#CYCLE!`, `#LIC!`,
 *   which Excel never produces), the saved value is the reference instead (source `excel`); with no saved
 *   value the cell is unverifiable and fails (source `oracle`).
 * Every cell is classified (types.ts `CellClass`: spec = oracle = Excel; spec = oracle ≠ Excel; spec ≠ oracle;
 * oracle ≠ Excel only; no saved value), counted per column and in total, and the first cells of each
 * disagreeing class are listed with their formula, inputs and three values.
 * Counts: `cellsChecked` / `matched` (against the reference), `cachedChecked` / `cachedExact` / `cached15`
 * (against the saved values), per column and in total. The first 5 mismatches of each column are kept.
 *
 * The oracle may be handed over as a promise (the oracle running in a worker thread, oracle-thread.ts): the
 * derivations are computed first and the promise is awaited only for the comparison, so the two overlap.
 */
import { performance } from 'node:perf_hooks';
import type { Warning } from '../../codes/index.js';
// From their modules, not the index: the index also loads the spec validator (ajv) and the runtime, which
// verification does not use (test/cli/startup.full.test.ts: a conversion loads no ajv).
import { specBindings } from '../../modelspec/bind.js';
import { compileDerivation, computeDerivations, syncEvaluation } from '../../modelspec/derive.js';
import { getAll, parsePath } from '../../modelspec/paths.js';
import type { ModelSpec } from '../../modelspec/types.js';
import { colName, sheetCell } from '../../workbook/formula/index.js';
import {
  type CellValue,
  type ErrorValue,
  getCell,
  isErrorValue,
  isNotEstablished,
  type SavedValues,
  type SheetModel,
  savedValuesOf,
  type WorkbookModel,
} from '../../workbook/index.js';
import {
  CELL_CLASSES,
  type CellClass,
  type ClassCounts,
  type ColumnVerification,
  type ListedCell,
  type Verification,
} from './types.js';
import {
  equalAt15,
  evaluateWorkbook,
  noOracleValues,
  type OracleValues,
  sameValue,
} from '../../oracle/index.js';

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
  /** The cell's class (types.ts) and its three values: `got` (the spec), the oracle's, the saved one. */
  class: CellClass;
  /** The cell's formula in A1 form, without `=`. */
  formula?: string;
  oracle: CellValue;
  /** The value saved in the file, when it has one. */
  excel?: CellValue;
  /** The spec gave the not-established value here: its reason (Excel's answer for the case is not established). */
  notEstablished?: string;
}

export interface VerifyInput {
  spec: ModelSpec;
  doc: { items: Record<string, unknown>[] };
  workbook: WorkbookModel;
  sheet: string;
  /** Sheet row index (0-based) of `doc.items[i]`. */
  rows: number[];
  /**
   * Derived per-row fields and their sheet column (0-based). `precision: 15`: a derivation of the 15-digit
   * tier, compared with the oracle and the saved values at 15 significant digits, and with both.
   */
  columns: { field: string; col: number; header: string; precision?: number }[];
  /** Root derivations backed by a cell (a summary row). */
  roots?: { path: string; row: number; col: number; precision?: number }[];
  /**
   * Precomputed oracle values, a promise of them (awaited after the derivations, so that an oracle running in
   * a worker thread overlaps them), or a function computing them, called only when there is a cell to check;
   * default `evaluateWorkbook(workbook)` over all sheets, likewise only then.
   */
  oracle?: OracleValues | Promise<OracleValues> | (() => OracleValues | Promise<OracleValues>);
  /** Keep the document the derivations ran on in the outcome (`derived`), for the report. */
  keepDerived?: boolean;
}

export interface VerifyOutcome {
  verification: Verification;
  /** Failing cells by field (per-row columns) or path (roots); a key is present only when it failed. */
  mismatches: Record<string, Mismatch[]>;
  warnings: Warning[];
  /** Each checked cell's class by field or root path, in row order, as an index into `CELL_CLASSES`. */
  classes: Record<string, Uint8Array>;
  /** With `keepDerived`: the input document with every derived field and root computed. */
  derived?: Doc;
  /** Milliseconds spent after the derivations waiting for (or computing) the oracle's values. */
  oracleWaitMs: number;
}

const KEEP = 5;
/** HyperFormula's own error codes, which mean "could not evaluate", not an Excel value. */
const ENGINE_ERRORS = new Set(['#ERROR!', '#CYCLE!', '#LIC!']);

/** Whether the oracle's value is its "could not evaluate" (undetermined), which proves nothing. */
export function isEngineError(v: CellValue): v is ErrorValue {
  return isErrorValue(v) && ENGINE_ERRORS.has(v.error);
}

/**
 * The value a cell is judged by, as `CellChecker.check` judges it: Excel's saved value where it is binding,
 * or where the oracle cannot evaluate the cell; else the oracle's. Undefined when the oracle cannot evaluate
 * it and nothing was saved: no value stands for Excel's there.
 */
export function referenceValue(
  oracle: CellValue,
  cached: CellValue | undefined,
  binding: boolean,
): CellValue | undefined {
  if (cached !== undefined && (binding || isEngineError(oracle))) return cached;
  return isEngineError(oracle) ? undefined : oracle;
}

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
export type Doc = { items: Record<string, unknown>[] } & Record<string, unknown>;

/** Runs the spec on the input rows and checks every derived cell against the oracle and Excel's saved values. */
export async function verifySpec(input: VerifyInput): Promise<VerifyOutcome> {
  const { doc, thrown } = await runDerivations(input);
  // Only now: the derivations above needed no oracle, and a threaded oracle has been running meanwhile.
  const waitStart = performance.now();
  // Nothing to check (a table of inputs only): the workbook is not evaluated, however many formulas its other
  // cells hold (a corpus workbook's oracle took 25 s for a two-row table of values).
  const checks = input.rows.length * input.columns.length + (input.roots?.length ?? 0);
  const source = input.oracle ?? (() => evaluateWorkbook(input.workbook));
  const oracle = checks === 0 ? noOracleValues() : await (typeof source === 'function' ? source() : source);
  const oracleWaitMs = performance.now() - waitStart;

  const saved = savedValuesOf(input.workbook);
  const checker = new CellChecker(input, oracle, thrown, saved);
  const tallies = [...checkColumns(checker, input, doc), ...checkRoots(checker, input, doc)];
  const verification = summarise(oracle, saved, tallies);
  return {
    verification,
    mismatches: checker.mismatches,
    warnings: [...savedValuesWarnings(saved, verification), ...checker.warnings],
    classes: checker.classes,
    ...(input.keepDerived ? { derived: doc } : {}),
    oracleWaitMs,
  };
}

/** One warning when the file's saved values were checked but are not Excel's vouched results. */
function savedValuesWarnings(saved: SavedValues, v: Verification): Warning[] {
  if (saved.standing !== 'unvouched' || v.cachedChecked === 0) return [];
  return [
    {
      code: 'SAVED_VALUES_UNVOUCHED',
      message: `Excel's saved values are not binding: ${saved.why}; ${v.disagreements} disagreement(s) with them are only reported, the oracle decides`,
    },
  ];
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
    const constants = (spec.constants ?? {}) as Record<string, unknown>;
    const bindings = await specBindings(spec.library, constants);
    // The synchronous evaluator where it evaluates the same (modelspec/sync.ts); if it cannot be had, none.
    const elements = input.doc.items.length * (spec.derivations?.length ?? 0);
    const sync = await syncEvaluation(spec.library, constants, elements).catch(() => undefined);
    for (const d of spec.derivations ?? []) {
      try {
        await computeDerivations([compileDerivation(d)], doc, bindings, sync);
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
  return input.columns.map(({ field, col, precision }) => {
    const tally = blankTally(field, colName(col));
    const fifteen = precision !== undefined;
    input.rows.forEach((row, i) => {
      const item = doc.items?.[i];
      const derived = item && Object.hasOwn(item, field) ? item[field] : undefined;
      checker.check(field, tally, i, row, col, derived, () => inputsOf(input.doc.items[i]), fifteen);
    });
    return tally;
  });
}

/** Each root derivation backed by a cell, one tally each. */
function checkRoots(checker: CellChecker, input: VerifyInput, doc: Doc): Tally[] {
  return (input.roots ?? []).map((root) => {
    const tally = blankTally(root.path, colName(root.col));
    const [derived] = getAll(doc, parsePath(root.path));
    checker.check(root.path, tally, 0, root.row, root.col, derived, () => ({}), root.precision !== undefined);
    return tally;
  });
}

/** Compares derived cells with the oracle and Excel's saved values; collects mismatches and warnings. */
class CellChecker {
  readonly mismatches: Record<string, Mismatch[]> = {};
  readonly warnings: Warning[] = [];
  /** Each checked cell's class by key, in row order (`CELL_CLASSES` index). */
  readonly classes: Record<string, Uint8Array> = {};
  private readonly sheetModel: SheetModel | undefined;
  private readonly binding: boolean;
  private readonly warned = new Map<string, number>();

  constructor(
    private readonly input: VerifyInput,
    private readonly oracle: OracleValues,
    private readonly thrown: ReadonlyMap<string, Thrown>,
    private readonly saved: SavedValues,
  ) {
    this.sheetModel = input.workbook.sheets.find((s) => s.name === input.sheet);
    this.binding = saved.standing === 'binding';
  }

  check(
    key: string,
    tally: Tally,
    index: number,
    row: number,
    col: number,
    derived: unknown,
    inputs: () => Record<string, unknown>,
    fifteen = false,
  ): void {
    const { sheet } = this.input;
    // The cell's name is built only when something is reported (it was a string per cell checked).
    const where = () => sheetCell(sheet, row, col);
    const cellModel = this.sheetModel ? getCell(this.sheetModel, row, col) : undefined;
    tally.cellsChecked++;
    const failure = this.thrown.get(key);
    const got = failure ?? derived;
    const value = failure ? undefined : asCellValue(derived);
    const oracle = this.oracle.get(sheet, row, col);
    const cached = cellModel?.cached;
    const engineFailed = isEngineError(oracle);
    const engineError = engineFailed ? oracle.error : undefined;
    // Why `fifteen`: a 15-digit derivation (precision.ts) is held to the oracle at Excel's displayed precision.
    const specOracle =
      value !== undefined && !engineFailed && (fifteen ? equalAt15 : sameValue)(oracle, value);
    const specExcel = cached !== undefined && value !== undefined && equalAt15(cached, value);
    const cls = classify(specOracle, cached === undefined ? undefined : specExcel);
    tally.classes[cls]++;
    this.classesOf(key)[index] = CELL_CLASSES.indexOf(cls);
    const listed = (): ListedCell => ({
      cell: where(),
      row: row + 1,
      class: cls,
      ...(cellModel?.formula !== undefined ? { formula: cellModel.formula } : {}),
      inputs: inputs(),
      spec: got,
      oracle,
      ...(cached !== undefined ? { excel: cached } : {}),
    });
    if (cls !== 'agree' && cls !== 'unsaved' && tally.cells.filter((c) => c.class === cls).length < KEEP)
      tally.cells.push(listed());
    // Why apart: the not-established value is no answer to compare; it fails its cell whatever the references.
    const unknown = !failure && isNotEstablished(derived) ? derived.notEstablished : undefined;
    if (unknown !== undefined) tally.notEstablished = (tally.notEstablished ?? 0) + 1;
    const fail = (expected: CellValue, source: Mismatch['source']) => {
      const list = this.mismatches[key] ?? [];
      this.mismatches[key] = list;
      if (list.length >= KEEP) return;
      const l = listed();
      list.push({
        row: l.row,
        cell: l.cell,
        inputs: l.inputs,
        expected,
        got,
        source,
        ...threeValues(l),
        ...(unknown !== undefined ? { notEstablished: unknown } : {}),
      });
    };

    if (engineFailed) {
      this.warnings.push({
        code: 'ORACLE_CANNOT_EVALUATE',
        message: `HyperFormula gives ${engineError} for ${where()}; Excel's saved value is the reference`,
        cell: where(),
      });
    }
    if (this.binding && cached !== undefined) {
      // Excel saved this value: it is the judge, whatever the oracle says; a 15-digit derivation must agree
      // with both, since neither side reproduces Excel's last bits (an oracle that cannot evaluate aside).
      if (!specExcel) fail(cached, 'excel');
      else if (fifteen && !specOracle && !engineFailed) fail(oracle, 'oracle');
      else tally.matched++;
    } else if (engineFailed) {
      if (cached === undefined) fail(oracle, 'oracle');
      else if (value !== undefined && (fifteen ? equalAt15 : sameValue)(cached, value)) tally.matched++;
      else fail(cached, 'excel');
    } else if (specOracle) {
      tally.matched++;
    } else {
      fail(oracle, 'oracle');
    }
    if (cached !== undefined) this.countCached(key, tally, cached, value, specOracle, oracle, where);
  }

  private classesOf(key: string): Uint8Array {
    let list = this.classes[key];
    if (!list) {
      list = new Uint8Array(Math.max(1, this.input.rows.length));
      this.classes[key] = list;
    }
    return list;
  }

  /** Against the saved value: counted; a disagreement that does not refuse the column is reported. */
  private countCached(
    key: string,
    tally: Tally,
    cached: CellValue,
    value: CellValue | undefined,
    specOracle: boolean,
    oracle: CellValue,
    where: () => string,
  ): void {
    tally.cachedChecked++;
    if (value !== undefined && sameValue(cached, value)) tally.cachedExact++;
    else if (value !== undefined && equalAt15(cached, value)) tally.cached15++;
    else {
      tally.disagreements++;
      if (this.binding || !specOracle) return;
      const n = this.warned.get(key) ?? 0;
      this.warned.set(key, n + 1);
      if (n >= KEEP) return;
      this.warnings.push({
        code: 'ORACLE_EXCEL_DISAGREEMENT',
        message: `${where()}: the oracle and the spec give ${JSON.stringify(oracle)}, the file saved ${JSON.stringify(cached)} (not binding: ${this.saved.why})`,
        cell: where(),
      });
    }
  }
}

/** The class of a cell; `specExcel` undefined when the file saved no value for it. */
function classify(specOracle: boolean, specExcel: boolean | undefined): CellClass {
  if (specExcel === undefined) return specOracle ? 'unsaved' : 'specDiffersFromOracle';
  if (specOracle) return specExcel ? 'agree' : 'enginesDifferFromExcel';
  return specExcel ? 'oracleDiffersFromExcel' : 'specDiffersFromOracle';
}

/** The three values (and the formula) a mismatch carries besides its reference. */
function threeValues(l: ListedCell): Pick<Mismatch, 'formula' | 'oracle' | 'excel' | 'class'> {
  return {
    class: l.class,
    oracle: l.oracle,
    ...(l.formula !== undefined ? { formula: l.formula } : {}),
    ...(l.excel !== undefined ? { excel: l.excel } : {}),
  };
}

/** The column tallies summed. */
function summarise(oracle: OracleValues, saved: SavedValues, tallies: Tally[]): Verification {
  const sum = (k: NumericKey) => tallies.reduce((n, t) => n + t[k], 0);
  const classes = blankClasses();
  for (const t of tallies) for (const c of CELL_CLASSES) classes[c] += t.classes[c];
  const cachedChecked = sum('cachedChecked');
  return {
    oracle: { name: oracle.name, version: oracle.version },
    savedValues: { producer: saved.producer.name, standing: saved.standing },
    judge: saved.standing === 'binding' && cachedChecked > 0 ? 'excel' : 'oracle',
    cellsChecked: sum('cellsChecked'),
    matched: sum('matched'),
    cachedChecked,
    cachedExact: sum('cachedExact'),
    cached15: sum('cached15'),
    disagreements: sum('disagreements'),
    classes,
    columns: tallies,
  };
}

type NumericKey = 'cellsChecked' | 'matched' | 'cachedChecked' | 'cachedExact' | 'cached15' | 'disagreements';

function blankClasses(): ClassCounts {
  return Object.fromEntries(CELL_CLASSES.map((c) => [c, 0])) as ClassCounts;
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
    classes: blankClasses(),
    cells: [],
  };
}

function inputsOf(item: Record<string, unknown> | undefined): Record<string, unknown> {
  return item ? { ...item } : {};
}
