/**
 * The evaluation date: the value of the input field a TODAY() or NOW() call inside a table's formula reads
 * (compiler/analyse/parameters.ts `evaluationDate`), decided before verification, since the oracle must
 * compute with the same date (oracle/engine/evaluation-dates.ts).
 *
 * Excel saved every formula's value as of the day (and, for NOW, the moment) it last calculated, which the
 * file does not record. So the candidates are found and each is tried against the saved values:
 * - solved from the saved cells: the spec is run at a start date D0 and at D0 + 1; a cell whose value moves
 *   by s per day (`TODAY()-A2`: s = 1) and was saved as v solves to D0 + (v - f(D0)) / s, a whole day for
 *   TODAY (a fraction is no solution), the day and time for NOW. Exact for a formula linear in the date,
 *   whatever D0; a formula flat there (YEAR, DATEDIF, a comparison) solves to nothing;
 * - the day the other function reads, when decided first (TODAY's date for NOW, at midnight; NOW's day for
 *   TODAY), or a saved `=TODAY()` cell's: one calculation reads one clock, and the candidate is tried as any;
 * - the file's last save, docProps/core.xml `dcterms:modified` (workbook/volatile.ts `modifiedSerial`): its
 *   UTC day for TODAY, as two corpus cells show, its moment for NOW.
 * A candidate reproduces the saved values when every saved cell of the columns that read the field, and of
 * the columns that read those, equals the spec's value at it to 15 significant digits (what Excel displays,
 * and what verification holds the saved values to). Then:
 * - exactly one candidate reproduces them: the field's default;
 * - no saved cell to try (a file saved without values): no default (EVALUATION_DATE_REQUIRED), verified at
 *   the first candidate; none at all: the columns are refused (NO_EVALUATION_DATE);
 * - several reproduce them (`IF(A2<TODAY(),…)` holds for many days): the saved values do not decide the
 *   date, so no default (EVALUATION_DATE_REQUIRED), verified at the first;
 * - none does: the columns that read it are refused (NO_EVALUATION_DATE, each date tried with a cell it
 *   fails), and the columns reading those (DEPENDS_ON_REJECTED_COLUMN).
 *
 * NOW's time of day: the saved doubles show the moment only to their precision, so a solved NOW is the double
 * the first solving cell gives; it reproduces every saved cell at 15 digits, and verification then proves
 * the spec equal to the oracle at that very double and both equal to Excel at 15 digits: not that Excel's
 * clock read that exact double.
 *
 * A saved `=TODAY()` cell the call shares (called `cell`) already has its date, its saved value: nothing
 * is solved. Several fields (TODAY and NOW) are decided one after the other, the others at their value then.
 */
import type { Warning } from '../../codes/index.js';
import {
  buildLibrary,
  buildSpec,
  type Compilation,
  keptParts,
  type RejectedColumn,
  rejection,
  seedDocument,
} from '../../compiler/index.js';
import { specBindings } from '../../modelspec/bind.js';
import { compileDerivation, computeDerivations } from '../../modelspec/derive.js';
import type { ModelSpec } from '../../modelspec/types.js';
import { equalAt15 } from '../../oracle/index.js';
import { sheetCell } from '../../workbook/formula/index.js';
import {
  type CellValue,
  type DateFunction,
  type EvaluationDates,
  getCell,
  isErrorValue,
  modifiedSerial,
  serialText,
  type WorkbookModel,
} from '../../workbook/index.js';

/** A date tried: where it came from, and the first saved cell it does not reproduce (undefined: none). */
export interface Candidate {
  date: number;
  from: string;
  fails: string | undefined;
}

export type Decision =
  | { kind: 'default'; date: number; from: string }
  | { kind: 'required'; date: number; why: string }
  | { kind: 'refused'; why: string };

/** The compilation with its evaluation dates decided, the dates the oracle reads, and the warnings. */
export interface Dated {
  c: Compilation;
  dates: EvaluationDates;
  warnings: Warning[];
}

/** The most dates solved from the saved cells that are tried (each is a run of the spec). */
const MAX_SOLVED = 4;
/** The start date of the solving runs when the file records no save (any date: see the header). */
const SOLVE_START = 45_000;

/** The decision over the candidates tried, in the order found, against `checked` saved cells (see the header). */
export function decideDate(
  candidates: readonly Candidate[],
  checked: number,
  fn: DateFunction = 'TODAY',
): Decision {
  const text = (c: Candidate) => `${serialText(c.date, fn)} (${c.date}, ${c.from})`;
  const first = candidates[0];
  if (checked === 0) {
    return first === undefined
      ? {
          kind: 'refused',
          why: 'no column reading it has a saved value, and the file records no date to verify it at',
        }
      : {
          kind: 'required',
          date: first.date,
          why: `no column reading it has a saved value; verified at ${text(first)}`,
        };
  }
  const fit = candidates.filter((c) => c.fails === undefined);
  if (fit.length === 1) return { kind: 'default', date: fit[0]!.date, from: fit[0]!.from };
  if (fit.length > 1)
    return {
      kind: 'required',
      date: fit[0]!.date,
      why: `the saved values do not decide it: ${fit.map(text).join(' and ')} all reproduce them; verified at the first`,
    };
  if (first === undefined)
    return {
      kind: 'refused',
      why: `no single date reproduces the ${checked} saved value(s) of the columns reading ${fn}(): none could be solved from them and the file records no save date`,
    };
  const tried = candidates.map((c) => `${text(c)} fails ${c.fails}`).join('; ');
  return {
    kind: 'refused',
    why: `no single date reproduces the ${checked} saved value(s) of the columns reading ${fn}(): ${tried}`,
  };
}

/** Decides each evaluation date of the compilation (see the header); `c` unchanged when it reads none. */
export async function decideEvaluationDates(c: Compilation, wb: WorkbookModel, id: string): Promise<Dated> {
  const called = c.constants.filter((k) => k.called !== undefined);
  const dates: EvaluationDates = {};
  for (const k of called) if (k.called === 'cell') dates[k.volatile!] = k.value as number;
  const own = called.filter((k) => k.called === 'formula');
  if (own.length === 0) return { c, dates, warnings: [] };

  const spec = buildSpec({
    id,
    compilation: c,
    kept: keptParts(c, new Set()),
    library: buildLibrary,
    seedBudget: 0,
  }).spec;
  const run = await runner(spec, seedDocument(c));
  const values: Record<string, number> = {};
  const warnings: Warning[] = [];
  const refused = new Map<string, string>();
  const constants = c.constants.map((k) => ({ ...k }));
  for (const k of constants) {
    if (k.called !== 'formula') continue;
    const fn = k.volatile!;
    const cells = savedCells(c, readersOf(c, k.name));
    const at = (date: number) => run({ ...values, [k.name]: date });
    const candidates = await candidatesFor(fn, wb, cells, at, dates);
    const decision = decideDate(candidates, cells.length, fn);
    if (decision.kind === 'refused') {
      for (const f of directReaders(c, k.name)) refused.set(f, decision.why);
      // A placeholder for the oracle: the refused columns are not checked.
      values[k.name] = candidates[0]?.date ?? 0;
      delete k.noDefault;
    } else if (decision.kind === 'default') {
      values[k.name] = decision.date;
      delete k.noDefault;
      k.source = decision.from;
    } else {
      values[k.name] = decision.date;
      k.noDefault = decision.why;
      warnings.push({
        code: 'EVALUATION_DATE_REQUIRED',
        message: `The input field "${k.name}" that ${fn}() reads has no default: ${decision.why}`,
      });
    }
    k.value = values[k.name]!;
    dates[fn] = values[k.name];
  }
  return { c: withRefused({ ...c, constants }, refused), dates, warnings };
}

/** The candidates in the order found: solved from the saved cells, then the file's last save. */
async function candidatesFor(
  fn: DateFunction,
  wb: WorkbookModel,
  cells: readonly SavedCell[],
  at: (date: number) => Promise<Derived>,
  decided: EvaluationDates,
): Promise<Candidate[]> {
  const modified = modifiedSerial(wb, fn);
  const found: Array<{ date: number; from: string }> = [];
  const same = (a: number, b: number) => (fn === 'TODAY' ? a === b : equalAt15(a, b));
  const add = (date: number, from: string) => {
    if (!found.some((f) => same(f.date, date))) found.push({ date, from });
  };
  if (cells.length > 0) {
    const d0 = modified ?? SOLVE_START;
    const [v0, v1] = [await at(d0), await at(d0 + 1)];
    for (const cell of cells) {
      const a = v0(cell);
      const b = v1(cell);
      if (typeof cell.saved !== 'number' || typeof a !== 'number' || typeof b !== 'number' || a === b)
        continue;
      let date = d0 + (cell.saved - a) / (b - a);
      // Why: TODAY() is a whole day; a fraction is no day that gives this cell.
      if (fn === 'TODAY') {
        if (Math.abs(date - Math.round(date)) > 1e-6) continue;
        date = Math.round(date);
      }
      if (Number.isFinite(date)) add(date, `solved from ${cell.address}`);
      if (found.length >= MAX_SOLVED) break;
    }
  }
  // The other function's date, already decided: the same calculation read both (a candidate, tried as any).
  const other =
    fn === 'NOW' ? decided.TODAY : decided.NOW === undefined ? undefined : Math.floor(decided.NOW);
  if (other !== undefined) add(other, `the day ${fn === 'NOW' ? 'TODAY' : 'NOW'}() reads`);
  if (modified !== undefined) add(modified, `the file's last save, docProps/core.xml ${wb.modified}`);
  const out: Candidate[] = [];
  for (const f of found) {
    const v = await at(f.date);
    out.push({ ...f, fails: cells.find((cell) => !reproduces(cell.saved, v(cell)))?.address });
  }
  return out;
}

function reproduces(saved: CellValue, derived: unknown): boolean {
  const v = derived === undefined ? null : derived;
  if (isErrorValue(v)) return isErrorValue(saved) && saved.error === v.error;
  if (v !== null && typeof v === 'object') return false;
  return equalAt15(saved, v as CellValue);
}

interface SavedCell {
  field: string;
  index: number;
  address: string;
  saved: CellValue;
}

type Derived = (cell: SavedCell) => unknown;

/** Runs the spec on the seed with the given root fields set; each run's values read cell by cell. */
async function runner(
  spec: ModelSpec,
  seed: Record<string, unknown>,
): Promise<(fields: Record<string, number>) => Promise<Derived>> {
  const bindings = await specBindings(spec.library, (spec.constants ?? {}) as Record<string, unknown>);
  const compiled = (spec.derivations ?? []).map(compileDerivation);
  return async (fields) => {
    const doc = { ...structuredClone(seed), ...fields } as { items: Record<string, unknown>[] };
    for (const d of compiled) {
      // Why per derivation: one that throws leaves its cells unset (they then fail), not the others.
      await computeDerivations([d], doc, bindings).catch(() => undefined);
    }
    return (cell) => doc.items[cell.index]?.[cell.field];
  };
}

/** The compiled columns that read the field themselves (or through a root they read). */
function directReaders(c: Compilation, name: string): string[] {
  const roots = new Set(c.roots.filter((r) => r.constants.includes(name)).map((r) => r.name));
  return c.columns
    .filter((k) => k.constants.includes(name) || k.roots.some((r) => roots.has(r)))
    .map((k) => k.column.field);
}

/** The direct readers and every compiled column reading one of them, by field. */
function readersOf(c: Compilation, name: string): Set<string> {
  const out = new Set(directReaders(c, name));
  // Columns are in dependency order: one pass sees each reader before its readers.
  for (const k of c.columns) if (k.deps.some((d) => out.has(d))) out.add(k.column.field);
  return out;
}

/** The cells of those columns the workbook saved a value for. */
function savedCells(c: Compilation, fields: ReadonlySet<string>): SavedCell[] {
  const { table } = c;
  const out: SavedCell[] = [];
  for (const k of c.columns) {
    if (!fields.has(k.column.field)) continue;
    table.rows.forEach((row, index) => {
      const saved = getCell(table.sheet, row, k.column.col)?.cached;
      if (saved !== undefined)
        out.push({
          field: k.column.field,
          index,
          address: sheetCell(table.sheet.name, row, k.column.col),
          saved,
        });
    });
  }
  return out;
}

/** The compilation without the refused columns: NO_EVALUATION_DATE, and their readers DEPENDS_ON_REJECTED_COLUMN. */
function withRefused(c: Compilation, refused: ReadonlyMap<string, string>): Compilation {
  if (refused.size === 0) return c;
  const { table } = c;
  const rejected: RejectedColumn[] = [];
  const out = new Set<string>();
  for (const k of c.columns) {
    const why = refused.get(k.column.field);
    const bad = k.deps.find((d) => out.has(d));
    if (why === undefined && bad === undefined) continue;
    out.add(k.column.field);
    const b = table.columns.find((x) => x.field === bad);
    rejected.push(
      why !== undefined
        ? rejection(table, k.column, 'NO_EVALUATION_DATE', why, table.firstDataRow, k.formula)
        : rejection(
            table,
            k.column,
            'DEPENDS_ON_REJECTED_COLUMN',
            `It uses column ${b!.letter} ("${b!.header}"), which was refused`,
            table.firstDataRow,
            k.formula,
          ),
    );
  }
  return {
    ...c,
    columns: c.columns.filter((k) => !out.has(k.column.field)),
    rejected: [...c.rejected, ...rejected],
  };
}
