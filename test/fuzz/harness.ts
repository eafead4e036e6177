/**
 * The differential harness: each generated case is evaluated twice, by the oracle (HyperFormula corrected toward
 * Excel, src/oracle) on a workbook holding the original formula, and by the lowering (`translateFormula`: our
 * parser → JSONata → evaluation under the ModelSpec convention), and the two values are compared with
 * `sameValue` (no tolerance).
 *
 * Speed: building a HyperFormula instance costs ~60 ms, evaluating a formula in it ~1 ms, so the oracle runs a
 * whole batch of cases in one sheet (row r: inputs in A..E, the formula in F, its references pointing at row
 * r). The lowering runs case by case (~10 ms each, dominated by binding the library).
 *
 * Reproducibility: batch k of a run with seed s is `fc.sample(fuzzCase(), {seed: s + k, numRuns: size})`, and
 * fast-check's runner with the same seed and `path: String(i)` replays case i of that batch exactly. A finding
 * is shrunk that way: fast-check shrinks the replayed case, re-checking each candidate on its own one-row
 * workbook, and returns the minimal counterexample.
 */
import fc from 'fast-check';
import { FORMULA_MESSAGES } from '../../src/workbook/formula/diagnostics.js';
import { translateFormula } from '../../src/authoring/formula-command.js';
import { type CellValue, isErrorValue } from '../../src/workbook/values.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { evaluateWorkbook, sameValue } from '../../src/oracle/index.js';
import {
  cellsByAddress,
  FUZZED_ENTRIES,
  functionsCalled,
  type FuzzCase,
  fuzzCase,
  referencedColumns,
  renderFormula,
} from './arbitraries.js';
import { ironcalcRows } from './ironcalc.js';

/** What happened to one case. */
export type Outcome =
  | { kind: 'match'; oracle: CellValue }
  | { kind: 'refused'; code: string; oracle: CellValue }
  /** The oracle does not know Excel's answer (its `#ERROR!`): nothing to compare, as in verifySpec. */
  | { kind: 'undetermined'; oracle: CellValue }
  /** A finding: the two sides disagree, our parser rejected a valid formula, or the lowering threw. */
  | {
      kind: 'mismatch' | 'unparsed' | 'threw';
      oracle: CellValue;
      sheetspec?: CellValue;
      jsonata?: string;
      message?: string;
    };

/** A finding as reported: the case in the formula command's terms, and both values. */
export interface Finding {
  kind: 'mismatch' | 'unparsed' | 'threw';
  formula: string;
  cells: Record<string, CellValue>;
  oracle: CellValue;
  sheetspec?: CellValue;
  jsonata?: string;
  message?: string;
  /** IronCalc's value, when the run asked the witness (undefined: not asked, or not readable). */
  ironcalc?: CellValue;
}

/**
 * A compared case on which the three voices do not all agree: the lowering (`sheetspec`), the oracle and
 * IronCalc. `side`: whom IronCalc sides with (`lowering`, `oracle`), or `alone` when it differs from both.
 */
export interface Disagreement {
  side: 'lowering' | 'oracle' | 'alone';
  formula: string;
  cells: Record<string, CellValue>;
  sheetspec: CellValue;
  oracle: CellValue;
  ironcalc: CellValue;
  seed: number;
  index: number;
}

/** What the witness said on the compared cases. */
export interface WitnessStats {
  /** Compared cases IronCalc was asked. */
  asked: number;
  /** Its value could not be read exactly (a subnormal number, an array). */
  unread: number;
  /** IronCalc crashed on the case (its own bug: a Rust panic), and the first few such cases. */
  crashed: number;
  crashes: Array<{ formula: string; cells: Record<string, CellValue> }>;
  /** All three agree. */
  agree: number;
  /** Lowering and oracle agree, IronCalc differs. */
  alone: number;
  /** Lowering and oracle differ (findings): IronCalc sides with the lowering, with the oracle, or neither. */
  withLowering: number;
  withOracle: number;
  withNeither: number;
  /** IronCalc's time over all asked cases, in ms. */
  ms: number;
  /** The first disagreements (at most WITNESS_LIST per batch). */
  disagreements: Disagreement[];
}

export interface RunOptions {
  seed: number;
  /** Number of cases. */
  cases: number;
  /** Cases per oracle workbook (default 1000). */
  batch?: number;
  /** Deepest formula nesting (default 4). */
  maxDepth?: number;
  /** Run only batches `offset, offset + stride, ...` (for parallel workers; default 0 and 1). */
  offset?: number;
  stride?: number;
  /** Called after each batch with the running totals and that batch's own figures. */
  onBatch?: (stats: RunStats, batch: RunStats) => void;
  /** Also ask IronCalc on every compared case (three-way; see ironcalc.ts). */
  witness?: boolean;
}

export interface RunStats {
  cases: number;
  refused: number;
  /** Lowered cases whose oracle value is `#ERROR!` (Excel's answer not established): not compared. */
  undetermined: number;
  compared: number;
  matched: number;
  /** Findings of every kind (mismatch, unparsed, threw). */
  mismatches: number;
  refusedByCode: Record<string, number>;
  /** Where each finding was generated (batch seed and index) and what it was, unshrunk. */
  findings: Array<{ seed: number; index: number; finding: Finding }>;
  /** With `witness`: IronCalc's side of the compared cases. */
  witness?: WitnessStats;
  /** Per function: the cases calling it, and those of them compared (neither refused nor undetermined). */
  byFunction: Record<string, { drawn: number; compared: number }>;
}

/** Disagreements kept per batch (the counts are complete). */
const WITNESS_LIST = 50;

const SHEET = 'Fuzz';
const FORMULA_COL = 5; // F
const PARSE_CODES = new Set(Object.keys(FORMULA_MESSAGES));
/**
 * The oracle's "could not evaluate": HyperFormula's own `#ERROR!`, which the oracle also gives where Excel's
 * answer is not established (excel-values.ts). verifySpec never accepts a spec on such a cell without Excel's
 * saved value, so the case proves nothing either way: counted as undetermined, never as a match.
 */
const UNDETERMINED = '#ERROR!';

/** The batch's workbook: row r holds case r; a case left out (`undefined`) leaves its row empty. */
function workbook(cases: ReadonlyArray<FuzzCase | undefined>): WorkbookModel {
  const sheet = gridSheet(
    SHEET,
    cases.map((c, i) =>
      c === undefined ? [] : [...c.cells.map(() => undefined), renderFormula(c.expr, i + 1)],
    ),
  );
  // Why: inputs go in as constant cells, not through gridSheet, which reads a string starting with `=` as a
  // formula; an input cell holding the text "=1+1" is text to Excel and to the lowering.
  cases.forEach((c, row) => {
    c?.cells.forEach((value, col) => {
      if (value !== null) sheet.rows.get(row)?.set(col, { row, col, value });
    });
  });
  return { sheets: [sheet], definedNames: [], tables: [] };
}

/** The oracle threw on a case instead of giving a value (HyperFormula on `=ROW(TRUE)`). */
export interface OracleFailure {
  threw: string;
}

const isFailure = (v: CellValue | OracleFailure): v is OracleFailure =>
  typeof v === 'object' && v !== null && 'threw' in v;

/** The oracle's value of each case's formula, all cases in one workbook (row i+1 holds case i). */
export function oracleValues(cases: readonly FuzzCase[]): Array<CellValue | OracleFailure> {
  const out: Array<CellValue | OracleFailure> = [];
  valuesOf(cases, 0, cases.length, out);
  return out;
}

/**
 * The values of cases [from, to) into `out`, the other rows left empty. Why the halves keep their rows: one
 * formula the engine chokes on must not hide the batch, and a case retried elsewhere than its row would
 * answer ROW() for another row than the lowering is told.
 */
function valuesOf(
  cases: readonly FuzzCase[],
  from: number,
  to: number,
  out: Array<CellValue | OracleFailure>,
) {
  try {
    const values = evaluateWorkbook(workbook(cases.map((c, i) => (i >= from && i < to ? c : undefined))));
    for (let i = from; i < to; i++) out[i] = values.get(SHEET, i, FORMULA_COL);
  } catch (e) {
    if (to - from === 1) {
      out[from] = { threw: e instanceof Error ? e.message : String(e) };
      return;
    }
    const mid = (from + to) >> 1;
    valuesOf(cases, from, mid, out);
    valuesOf(cases, mid, to, out);
  }
}

/**
 * Lowers and evaluates one case with the formula command, and classifies it against the oracle's value. `row`
 * (1-based) is the sheet row the oracle evaluated the case in: the formula and its cells are given there, and
 * the lowering is told its row, so that ROW() means the same on both sides.
 */
export async function judge(c: FuzzCase, given: CellValue | OracleFailure, row = 1): Promise<Outcome> {
  const oracle = isFailure(given) ? null : given;
  let r: Awaited<ReturnType<typeof translateFormula>>;
  try {
    r = await translateFormula(renderFormula(c.expr, row), cellsByAddress(c.cells, row), { row: row - 1 });
  } catch (e) {
    return { kind: 'threw', oracle, message: e instanceof Error ? e.message : String(e) };
  }
  if ('error' in r) {
    if (PARSE_CODES.has(r.error.code))
      return { kind: 'unparsed', oracle, message: `${r.error.code}: ${r.error.message}` };
    return { kind: 'refused', code: r.error.code, oracle };
  }
  // A formula the lowering takes and the oracle cannot evaluate: a finding (the oracle's robustness).
  if (isFailure(given)) return { kind: 'threw', oracle, message: `the oracle threw: ${given.threw}` };
  // Why a refusal: the not-established value is no answer (it counts as a refusal, never as a wrong one).
  if (r.notEstablished !== undefined) return { kind: 'refused', code: 'NOT_ESTABLISHED', oracle };
  if (isErrorValue(oracle) && (oracle.error as string) === UNDETERMINED)
    return { kind: 'undetermined', oracle };
  if (sameValue(oracle, r.value)) return { kind: 'match', oracle };
  return { kind: 'mismatch', oracle, sheetspec: r.value, jsonata: r.jsonata };
}

/** One case on its own one-row workbook. */
export async function checkCase(c: FuzzCase): Promise<Outcome> {
  return judge(c, oracleValues([c])[0]);
}

export function toFinding(c: FuzzCase, o: Outcome): Finding {
  if (o.kind === 'match' || o.kind === 'refused' || o.kind === 'undetermined')
    throw new Error('not a finding');
  // Only the cells the formula reads: the others cannot matter and would clutter the report.
  const used = referencedColumns(c.expr);
  const f: Finding = {
    kind: o.kind,
    formula: renderFormula(c.expr),
    cells: cellsByAddress(c.cells.map((v, i) => (used.has(i) ? v : null))),
    oracle: o.oracle,
  };
  if (o.sheetspec !== undefined) f.sheetspec = o.sheetspec;
  if (o.jsonata !== undefined) f.jsonata = o.jsonata;
  if (o.message !== undefined) f.message = o.message;
  return f;
}

/** The cases of batch `k` of a run: reproducible from the run's seed alone. */
export function batchCases(seed: number, k: number, size: number, maxDepth = 4): FuzzCase[] {
  return fc.sample(fuzzCase(maxDepth), { seed: batchSeed(seed, k), numRuns: size });
}

export function batchSeed(seed: number, k: number): number {
  return (seed + k) | 0;
}

/** Runs `cases` cases in oracle batches and tallies them. */
export async function runDifferential(opts: RunOptions): Promise<RunStats> {
  const size = opts.batch ?? 1000;
  const stride = opts.stride ?? 1;
  const stats = emptyStats(opts.witness);
  for (let k = opts.offset ?? 0; k * size < opts.cases; k += stride) {
    const n = Math.min(size, opts.cases - k * size);
    const cases = batchCases(opts.seed, k, n, opts.maxDepth);
    const oracle = oracleValues(cases);
    const batch = emptyStats(opts.witness);
    const compared: Array<{ index: number; outcome: Outcome }> = [];
    for (let i = 0; i < n; i++) {
      const o = await judge(cases[i], oracle[i], i + 1);
      batch.cases++;
      countFunctions(batch, cases[i], o.kind !== 'refused' && o.kind !== 'undetermined');
      if (o.kind === 'refused') {
        batch.refused++;
        batch.refusedByCode[o.code] = (batch.refusedByCode[o.code] ?? 0) + 1;
        continue;
      }
      if (o.kind === 'undetermined') {
        batch.undetermined++;
        continue;
      }
      batch.compared++;
      compared.push({ index: i, outcome: o });
      if (o.kind === 'match') batch.matched++;
      else {
        batch.mismatches++;
        batch.findings.push({ seed: batchSeed(opts.seed, k), index: i, finding: toFinding(cases[i], o) });
      }
    }
    if (batch.witness) askWitness(batch, cases, compared, batchSeed(opts.seed, k));
    addStats(stats, batch);
    opts.onBatch?.(stats, batch);
  }
  return stats;
}

/** Counts the case under each function it calls (each once). */
function countFunctions(stats: RunStats, c: FuzzCase, compared: boolean): void {
  for (const fn of functionsCalled(c.expr)) tally(stats, fn, 1, compared ? 1 : 0);
}

/** Adds to a function's counts. */
function tally(stats: RunStats, fn: string, drawn: number, compared: number): void {
  const m = stats.byFunction[fn] ?? { drawn: 0, compared: 0 };
  m.drawn += drawn;
  m.compared += compared;
  stats.byFunction[fn] = m;
}

/** The lowering's value of a compared case: the oracle's when they matched. */
function loweredValue(o: Outcome): CellValue | undefined {
  return o.kind === 'match' ? o.oracle : o.kind === 'mismatch' ? o.sheetspec : undefined;
}

/** IronCalc's value of each case, each in the row the oracle evaluated it in (row index + 1). */
export function witnessValues(
  cases: readonly FuzzCase[],
  rows: readonly number[],
): ReturnType<typeof ironcalcRows> {
  return ironcalcRows(
    cases.map((c, i) => ({ row: rows[i]!, inputs: c.cells, formula: renderFormula(c.expr, rows[i]) })),
    FORMULA_COL + 1,
  );
}

/** Asks IronCalc on a batch's compared cases and tallies its side (batch.witness). */
function askWitness(
  batch: RunStats,
  cases: readonly FuzzCase[],
  compared: ReadonlyArray<{ index: number; outcome: Outcome }>,
  seed: number,
): void {
  const w = batch.witness as WitnessStats;
  const t0 = performance.now();
  const { values, crashed } = witnessValues(
    compared.map((c) => cases[c.index]!),
    compared.map((c) => c.index + 1),
  );
  w.ms += performance.now() - t0;
  w.crashed += crashed.length;
  for (const j of crashed.slice(0, WITNESS_LIST - w.crashes.length)) {
    const c = cases[compared[j]!.index]!;
    w.crashes.push({ formula: renderFormula(c.expr), cells: cellsByAddress(c.cells) });
  }
  compared.forEach(({ index, outcome }, j) => {
    const ic = values[j];
    const lowered = loweredValue(outcome);
    w.asked++;
    if (crashed.includes(j)) return;
    if (ic === undefined || lowered === undefined) {
      w.unread++;
      return;
    }
    const withLowering = sameValue(ic, lowered);
    const withOracle = sameValue(ic, outcome.oracle);
    const finding = batch.findings.find((f) => f.seed === seed && f.index === index);
    if (finding) finding.finding.ironcalc = ic;
    if (outcome.kind === 'match') {
      if (withOracle) {
        w.agree++;
        return;
      }
      w.alone++;
    } else if (withLowering) w.withLowering++;
    else if (withOracle) w.withOracle++;
    else w.withNeither++;
    if (w.disagreements.length >= WITNESS_LIST) return;
    const f = toFinding(cases[index]!, { kind: 'mismatch', oracle: outcome.oracle, sheetspec: lowered });
    w.disagreements.push({
      side: withLowering ? 'lowering' : withOracle ? 'oracle' : 'alone',
      formula: f.formula,
      cells: f.cells,
      sheetspec: lowered,
      oracle: outcome.oracle,
      ironcalc: ic,
      seed,
      index,
    });
  });
}

export function emptyStats(witness = false): RunStats {
  const stats: RunStats = {
    cases: 0,
    refused: 0,
    undetermined: 0,
    compared: 0,
    matched: 0,
    mismatches: 0,
    refusedByCode: {},
    findings: [],
    byFunction: {},
  };
  if (witness) {
    stats.witness = {
      asked: 0,
      unread: 0,
      crashed: 0,
      crashes: [],
      agree: 0,
      alone: 0,
      withLowering: 0,
      withOracle: 0,
      withNeither: 0,
      ms: 0,
      disagreements: [],
    };
  }
  return stats;
}

/** Adds `b`'s figures into `a`. */
export function addStats(a: RunStats, b: RunStats): void {
  a.cases += b.cases;
  a.refused += b.refused;
  a.undetermined += b.undetermined;
  a.compared += b.compared;
  a.matched += b.matched;
  a.mismatches += b.mismatches;
  for (const [code, n] of Object.entries(b.refusedByCode))
    a.refusedByCode[code] = (a.refusedByCode[code] ?? 0) + n;
  a.findings.push(...b.findings);
  for (const [fn, n] of Object.entries(b.byFunction)) tally(a, fn, n.drawn, n.compared);
  if (b.witness) {
    a.witness ??= emptyStats(true).witness;
    const w = a.witness as WitnessStats;
    for (const key of [
      'asked',
      'unread',
      'agree',
      'alone',
      'withLowering',
      'withOracle',
      'withNeither',
      'ms',
    ] as const)
      w[key] += b.witness[key];
    w.disagreements.push(...b.witness.disagreements);
    w.crashes.push(...b.witness.crashes);
  }
}

/**
 * Replays case `index` of the batch generated with `seed` and lets fast-check shrink it to a minimal case that
 * still fails the same way (same finding kind, same kinds of values on both sides: shrinking toward any failure
 * would collapse every finding into the most common one). Returns undefined when the replayed case no longer
 * fails (e.g. it was fixed meanwhile).
 */
export async function shrinkFinding(seed: number, index: number, maxDepth = 4): Promise<Finding | undefined> {
  let signature: string | undefined;
  const prop = fc.asyncProperty(fuzzCase(maxDepth), async (c) => {
    const o = await checkCase(c);
    if (o.kind === 'match' || o.kind === 'refused' || o.kind === 'undetermined') return true;
    signature ??= signatureOf(o); // the first run is the replayed case itself
    return signatureOf(o) !== signature;
  });
  const details = await fc.check(prop, { seed, path: String(index), numRuns: 1 });
  if (!details.failed || !details.counterexample) return undefined;
  const [c] = details.counterexample;
  const o = await checkCase(c);
  return o.kind === 'match' || o.kind === 'refused' || o.kind === 'undetermined'
    ? undefined
    : toFinding(c, o);
}

function signatureOf(o: Outcome): string {
  const kind = (v: CellValue | undefined) =>
    v === undefined ? '-' : isErrorValue(v) ? v.error : v === null ? 'blank' : typeof v;
  return o.kind === 'mismatch' ? `${o.kind} ${kind(o.oracle)} ${kind(o.sheetspec)}` : o.kind;
}

/** A finding as one readable block. */
export function formatFinding(f: Finding): string {
  const lines = [
    `  ${f.kind}: ${f.formula}`,
    `    cells:     ${JSON.stringify(f.cells)}`,
    `    oracle:    ${JSON.stringify(f.oracle)}`,
  ];
  if (f.kind === 'mismatch')
    lines.push(`    sheetspec: ${JSON.stringify(f.sheetspec)}`, `    jsonata:   ${f.jsonata}`);
  if (f.message !== undefined) lines.push(`    message:   ${f.message}`);
  if (f.ironcalc !== undefined)
    lines.push(`    ironcalc:  ${JSON.stringify(f.ironcalc)} (witness, not a judge)`);
  return lines.join('\n');
}

/**
 * Which functions of the table the run drew and compared: a 0-mismatch figure says nothing about a function
 * never drawn, or drawn only where it is refused or undetermined.
 */
export function functionsSummary(s: RunStats): string {
  const names = FUZZED_ENTRIES.map((e) => e.name);
  const drawn = (n: string) => (s.byFunction[n]?.drawn ?? 0) > 0;
  const never = names.filter((n) => !drawn(n));
  const uncompared = names.filter((n) => drawn(n) && (s.byFunction[n]?.compared ?? 0) === 0);
  const which = never.length === 0 ? ' (every function)' : `; never drawn: ${never.join(', ')}`;
  const lines = [`functions:  ${names.length - never.length} of ${names.length} drawn${which}`];
  if (uncompared.length > 0) lines.push(`  drawn but never compared: ${uncompared.join(', ')}`);
  return lines.join('\n');
}
