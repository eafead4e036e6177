/**
 * Compiling a recognised table: every formula column lowered to one JSONata derivation, in dependency order.
 *
 * Steps, each refusing per column so the rest still compiles:
 * 1. classify columns (analyse.ts);
 * 2. find which table columns each formula reads (the same resolver the lowering uses) and order the formula
 *    columns topologically; columns on a cycle are CIRCULAR_REFERENCE, columns downstream of one
 *    DEPENDS_ON_REJECTED_COLUMN;
 * 3. lower each formula in that order through a LowerContext that maps references to `$parent.<field>`,
 *    `$const.<name>`, whole columns (`$$.items.<field>`) and lookup tables (library values), and hoists
 *    row-invariant aggregates into root derivations (`$.sumAmount`, read as `$$.sumAmount`);
 * 4. lower the summary row's aggregates into root derivations (`$.sumTotal`).
 *
 * Everything here is pure and deterministic: names are allocated in column order, tables are Maps.
 */
import type { ColumnPlan } from './analyse/columns.js';
import {
  analyseColumns,
  Constants,
  kindsOf,
  type ParameterEntry,
  type ParametersAs,
  Resolver,
  rejection,
} from './analyse/columns.js';
import type { Node } from '../workbook/formula/ast.js';
import type { Refusal, ValueKind } from './lower/contract.js';
import { isRefusal } from './lower/contract.js';
import type { LoweredColumn } from './derive/lower-column.js';
import { lowerColumn, lowerSummary, sortKinds } from './derive/lower-column.js';
import { topoOrder } from './analyse/topo-order.js';
import { formulaPrecision, type Precision, spreadPrecision } from './analyse/precision.js';
import { compileScan } from './derive/scan-compile.js';
import { readsRowNumber, scanMembers, scansOverBlankRows } from './derive/cross-row.js';
import { NameAllocator } from './recognise/fields.js';
import type { Overrides } from './analyse/overrides.js';
import { overrideFieldName, typedOverWarning, withOverride } from './analyse/overrides.js';
import { references, sheetCell, valueReferences } from './recognise/refs.js';
import { LibraryValues, Roots } from './derive/roots.js';
import type { RecognisedTable, TableColumn } from './recognise/table.js';
import type { RejectedColumn, Warning } from './types.js';

/** A formula column that lowered. */
export interface CompiledColumn {
  column: TableColumn;
  formula: string;
  expr: string;
  kinds: ValueKind[];
  helpers: string[];
  /** Fields (table columns) the expression reads, directly or through a hoisted aggregate. */
  deps: string[];
  /** Root derivations it reads. */
  roots: string[];
  /** `$const` names it reads. */
  constants: string[];
  /** Library values (lookup tables) it reads. */
  values: string[];
  description: string;
  /** Set for a column computed by an ordered scan (cross-row.ts): the scan's root derivation. */
  scan?: string;
  /** The formula reads its own row number (ROW()): the items' row field. */
  readsRow?: boolean;
  /** In the 15-digit tier (precision.ts): it or a column it reads calls a function Excel's last bits elude. */
  precision?: Precision;
}

/** A root derivation: a hoisted row-invariant aggregate or a summary-row aggregate. */
export interface RootDerivation {
  name: string;
  expr: string;
  kinds: ValueKind[];
  helpers: string[];
  deps: string[];
  constants: string[];
  values: string[];
  description: string;
  /** Set for a summary-row aggregate: its cell (`Sheet1!D12`) and formula. */
  summary?: { cell: string; formula: string; row: number; col: number };
  /** In the 15-digit tier (precision.ts): it reads a 15-digit column or calls a 15-digit function. */
  precision?: Precision;
}

export interface Compilation {
  table: RecognisedTable;
  plans: ColumnPlan[];
  /** Lowered formula columns, in dependency order. */
  columns: CompiledColumn[];
  /** Root derivations in creation order (each after the columns it reads). */
  roots: RootDerivation[];
  rejected: RejectedColumn[];
  warnings: Warning[];
  constants: ParameterEntry[];
  /** How the parameters reach the derivations (`constants`: `$const`; `inputs`: root input fields). */
  parameters: ParametersAs;
  /** Library values by exported name (lookup tables). */
  libraryValues: Map<string, unknown>;
  /** The table columns (fields) each formula column reads, compiled or refused (for the draft's reasons). */
  columnDeps: Map<string, string[]>;
  /**
   * A column refused for what it reads (DEPENDS_ON_REJECTED_COLUMN, CIRCULAR_REFERENCE) whose own formula
   * is refused too: that refusal, found by a trial lowering, so the draft can give every reason.
   */
  ownRefusals: Map<string, RejectedColumn>;
  /** The items' sheet-row field (`row`), set when an ordered scan needs it (cross-row.ts). */
  rowField?: string;
  /** The typed-over cells of formula columns (overrides.ts): the column's field, the override field, its rows. */
  overrides: Array<{ field: string; name: string; rows: Overrides }>;
}

/**
 * Compiles a recognised table. `plans` are its columns analysed (`analyseColumns`: parsing and the per-row
 * uniformity check); a caller that times the two parts apart passes them in.
 */
export function compileRecognised(
  table: RecognisedTable,
  analysed: ColumnPlan[] = analyseColumns(table),
  options: { parameters?: ParametersAs } = {},
): Compilation {
  // Why one allocator for inputs: parameters are then root fields beside the root derivations.
  const rootNames = new NameAllocator(['items']);
  const constants = options.parameters === 'inputs' ? new Constants('inputs', rootNames) : new Constants();
  const first = analysed.filter((p): p is FormulaPlan => p.kind === 'formula');
  const { deps, previous, ordered } = columnDependencies(table, constants, first);
  const members = scanMembers(first, deps, previous, ordered);
  // A typed first row that starts no scan is a typed-over cell like any other.
  const plans = analysed.map((p) =>
    p.kind === 'formula' && p.start?.value !== undefined && p.overrides && !members.has(p.column.field)
      ? { ...p, start: undefined }
      : p,
  );
  const scope = newScope(table, plans, constants, rootNames);
  const all = plans.filter((p): p is FormulaPlan => p.kind === 'formula');
  const kept = all.filter((p) => !strayStart(scope, p, members));
  const formulas = scansOverBlankRows(table, kept, members, scope.rejected);
  const itemNames = new NameAllocator(table.columns.map((c) => c.field));
  if ([...members].some((m) => !scope.rejected.has(m)) || formulas.some(readsRowNumber)) {
    scope.rowField = itemNames.allocate('row');
    scope.kinds.set(scope.rowField, ['number']);
  }
  for (const p of formulas) {
    if (p.overrides)
      scope.overrideFields.set(p.column.field, itemNames.allocate(overrideFieldName(p.column.field)));
  }
  const ownRefusals = new Map<string, RejectedColumn>();
  const order = scanOrderDeps(deps, previous, members);
  const columns = compileColumns(scope, formulas, order, members, ownRefusals);
  const warnings = [...table.warnings, ...overrideWarnings(scope, formulas), ...compileSummary(scope)];
  const roots = scope.roots.list();
  spreadPrecision(columns, roots);
  return {
    table,
    plans,
    overrides: formulas.flatMap((p) =>
      p.overrides
        ? [{ field: p.column.field, name: scope.overrideFields.get(p.column.field)!, rows: p.overrides }]
        : [],
    ),
    columns,
    roots,
    rejected: rejectionsInColumnOrder(table, scope.rejected),
    warnings,
    constants: scope.constants.entries(),
    parameters: scope.constants.as,
    libraryValues: scope.values.map,
    columnDeps: readDeps(deps, previous),
    ownRefusals,
    ...(scope.rowField === undefined ? {} : { rowField: scope.rowField }),
  };
}

/** TYPED_OVER_CELLS for each formula column with typed-over rows, naming the cells. */
function overrideWarnings(scope: Scope, formulas: readonly FormulaPlan[]): Warning[] {
  return formulas.flatMap((p) =>
    p.overrides
      ? [typedOverWarning(scope.table, p, p.overrides, scope.overrideFields.get(p.column.field)!)]
      : [],
  );
}

/** A column whose first row differs but that reads no row above: NON_UNIFORM_FORMULA after all. */
function strayStart(scope: Scope, p: FormulaPlan, members: ReadonlySet<string>): boolean {
  if (!p.start || members.has(p.column.field)) return false;
  const first = scope.table.firstDataRow;
  scope.rejected.set(
    p.column.field,
    rejection(
      scope.table,
      p.column,
      p.start.stray.reason,
      p.start.stray.detail,
      first + (p.start.ast ? 1 : 0),
      p.formula,
    ),
  );
  return true;
}

/**
 * Dependencies for ordering: the row above does not order columns, and every scan member waits for what
 * any member reads outside the scan (the scan computes them all at once).
 */
function scanOrderDeps(
  deps: ReadonlyMap<string, string[]>,
  previous: ReadonlyMap<string, string[]>,
  members: ReadonlySet<string>,
): Map<string, string[]> {
  const outside = [...members].flatMap((m) =>
    [...(deps.get(m) ?? []), ...(previous.get(m) ?? [])].filter((d) => !members.has(d)),
  );
  const out = new Map(deps);
  for (const m of members) out.set(m, [...new Set([...(deps.get(m) ?? []), ...outside])]);
  return out;
}

/** What each formula column reads, in its own row, whole or in the row above (the draft's reasons). */
function readDeps(
  deps: ReadonlyMap<string, string[]>,
  previous: ReadonlyMap<string, string[]>,
): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [f, d] of deps) out.set(f, [...new Set([...d, ...(previous.get(f) ?? [])])]);
  return out;
}

export type FormulaPlan = Extract<ColumnPlan, { kind: 'formula' }>;

/** What the steps of one compilation share: the table, its constants, kinds known so far, refusals, roots. */
export interface Scope {
  table: RecognisedTable;
  constants: Constants;
  /** Kinds of each column's values: input columns from their cells, formula columns once lowered. */
  kinds: Map<string, readonly ValueKind[]>;
  rejected: Map<string, RejectedColumn>;
  planByField: Map<string, ColumnPlan>;
  roots: Roots;
  values: LibraryValues;
  rowField?: string;
  /** The override field of each formula column with typed-over rows. */
  overrideFields: Map<string, string>;
}

function newScope(
  table: RecognisedTable,
  plans: ColumnPlan[],
  constants: Constants,
  rootNames: NameAllocator,
): Scope {
  const scope: Scope = {
    table,
    constants,
    kinds: new Map(),
    rejected: new Map(),
    planByField: new Map(),
    roots: new Roots(rootNames),
    values: new LibraryValues(),
    overrideFields: new Map(),
  };
  for (const p of plans) {
    scope.planByField.set(p.column.field, p);
    if (p.kind === 'input') scope.kinds.set(p.column.field, p.kinds);
    if (p.kind === 'refused') scope.rejected.set(p.column.field, p.rejected);
  }
  return scope;
}

/**
 * Step 2: the table columns each formula column reads, from the references the resolver accepts: in its own
 * row or whole (`deps`), and in the row above (`previous`, a scan's recurrence; cross-row.ts); `ordered`: the
 * columns reading an expanding range (a running aggregate, computed by the scan too).
 */
function columnDependencies(
  table: RecognisedTable,
  constants: Constants,
  formulas: readonly FormulaPlan[],
): { deps: Map<string, string[]>; previous: Map<string, string[]>; ordered: Set<string> } {
  const deps = new Map<string, string[]>();
  const previous = new Map<string, string[]>();
  const ordered = new Set<string>();
  for (const p of formulas) {
    const out = new Set<string>();
    const above = new Set<string>();
    const read = (ast: Node, row: number) => {
      const resolver = new Resolver(table, constants, p.column, row, true);
      for (const ref of valueReferences(ast)) {
        const t = ref.kind === 'cell' ? resolver.cell(ref) : resolver.range(ref);
        if (isRefusal(t)) continue;
        if (t.kind === 'expanding') ordered.add(p.column.field);
        if (t.kind === 'previous') above.add(t.column.field);
        else if (t.kind === 'field' || t.kind === 'column' || t.kind === 'expanding') out.add(t.column.field);
        else if (t.kind === 'cells') for (const c of t.columns) out.add(c.field);
      }
    };
    read(p.ast, p.firstRow);
    if (p.start?.ast) read(p.start.ast, table.firstDataRow);
    deps.set(p.column.field, [...out]);
    previous.set(p.column.field, [...above]);
  }
  return { deps, previous, ordered };
}

/** Step 3: each formula column in dependency order, refused when on a cycle or downstream of a refusal. */
function compileColumns(
  scope: Scope,
  formulas: readonly FormulaPlan[],
  deps: ReadonlyMap<string, string[]>,
  members: ReadonlySet<string>,
  ownRefusals: Map<string, RejectedColumn>,
): CompiledColumn[] {
  const { order, cyclic } = topoOrder(
    formulas.map((p) => p.column.field),
    (f) => (deps.get(f) ?? []).filter((d) => deps.has(d)),
  );
  const formulaOf = new Map(formulas.map((p) => [p.column.field, p]));
  const columns: CompiledColumn[] = [];
  let scanned = false;
  for (const field of order) {
    const p = formulaOf.get(field);
    if (!p) continue;
    if (members.has(field)) {
      if (!scanned)
        columns.push(
          ...compileScan(
            scope,
            order.filter((f) => members.has(f)).map((f) => formulaOf.get(f)!),
            deps,
            cyclic,
            ownRefusals,
          ),
        );
      scanned = true;
      continue;
    }
    const reject = (reason: RejectedColumn['reason'], detail: string) =>
      scope.rejected.set(field, rejection(scope.table, p.column, reason, detail, p.firstRow, p.formula));
    const blocked = blockedBy(scope, field, deps.get(field) ?? [], cyclic);
    const toLower = { ...scope, column: p.column, ast: p.ast, row: p.firstRow };
    if (blocked) {
      reject(blocked.reason, blocked.detail);
      // A trial on names of its own, so the refused column leaves no gap in the names the others get.
      const own = lowerColumn({ ...toLower, roots: new Roots(), values: new LibraryValues() }, false);
      if (isRefusal(own)) {
        const detail = withCell(scope.table, p.column, p.firstRow, p.formula, own);
        ownRefusals.set(field, rejection(scope.table, p.column, own.code, detail, p.firstRow, p.formula));
      }
      continue;
    }
    const lowered = lowerColumn(toLower);
    if (isRefusal(lowered)) {
      reject(lowered.code, withCell(scope.table, p.column, p.firstRow, p.formula, lowered));
      continue;
    }
    scope.kinds.set(field, lowered.kinds);
    columns.push(
      compiledColumn(scope.table, p, overridden(scope, p, lowered, '$parent'), deps.get(field) ?? []),
    );
  }
  return columns;
}

/** A lowered column taking the row's override where present (overrides.ts); `row` reads the row. */
export function overridden(scope: Scope, p: FormulaPlan, l: LoweredColumn, row: string): LoweredColumn {
  const name = scope.overrideFields.get(p.column.field);
  if (!name || !p.overrides) return l;
  const kinds = sortKinds([...l.kinds, ...kindsOf([...p.overrides.values()])]);
  return { ...l, expr: withOverride(`${row}.${name}`, l.expr), kinds };
}

/** Why a column cannot be lowered before trying: it lies on a cycle, or reads a refused column. */
export function blockedBy(
  scope: Scope,
  field: string,
  deps: readonly string[],
  cyclic: ReadonlyMap<string, string[]>,
): { reason: RejectedColumn['reason']; detail: string } | undefined {
  const cycle = cyclic.get(field);
  if (cycle && cycle.length > 0) {
    const letters = cycle.map((f) => scope.planByField.get(f)?.column.letter).join(' → ');
    return { reason: 'CIRCULAR_REFERENCE', detail: `Columns ${letters} refer to each other` };
  }
  const bad = deps.find((d) => scope.rejected.has(d) || cyclic.has(d));
  if (bad === undefined) return undefined;
  const b = scope.planByField.get(bad)!.column;
  return {
    reason: 'DEPENDS_ON_REJECTED_COLUMN',
    detail: `It uses column ${b.letter} ("${b.header}"), which was refused`,
  };
}

export function compiledColumn(
  table: RecognisedTable,
  p: FormulaPlan,
  lowered: LoweredColumn,
  deps: string[],
): CompiledColumn {
  const range = `${p.column.letter}${table.firstDataRow + 1}:${p.column.letter}${table.lastDataRow + 1}`;
  return {
    column: p.column,
    formula: p.formula,
    expr: lowered.expr,
    kinds: sortKinds(lowered.kinds),
    helpers: lowered.helpers,
    deps,
    roots: lowered.roots,
    constants: lowered.constants,
    values: lowered.values,
    ...(lowered.readsRow ? { readsRow: true } : {}),
    ...withPrecision(formulaPrecision(p.ast, p.start?.ast)),
    description: `Column ${p.column.letter} "${p.column.header}" of sheet "${table.sheet.name}", ${range}: =${p.formula}`,
  };
}

/** `{precision}` when set, else nothing (an exact derivation carries no key). */
function withPrecision(precision: Precision | undefined): { precision?: Precision } {
  return precision === undefined ? {} : { precision };
}

/** Step 4: the summary row's aggregates as root derivations; a summary that cannot be kept is a warning. */
function compileSummary(scope: Scope): Warning[] {
  const { table } = scope;
  const warnings: Warning[] = [];
  for (const s of table.summary?.cells ?? []) {
    const target = table.columns.find((c) => c.col === s.target)!;
    const cell = sheetCell(table.sheet.name, table.summary!.row, s.col);
    const refused = (why: string) =>
      warnings.push({
        code: 'SUMMARY_REFUSED',
        message: `The summary =${s.formula} is left out: ${why}`,
        cell,
      });
    if (scope.rejected.has(target.field)) {
      refused(`column ${target.letter} was refused`);
      continue;
    }
    const lowered = lowerSummary(table, s.ast, s.target, scope.kinds, scope.values);
    if (isRefusal(lowered)) {
      refused(`${lowered.code}: ${lowered.detail}`);
      continue;
    }
    scope.roots.summary(`${s.fn.toLowerCase()}${capitalise(target.field)}`, {
      expr: lowered.expr,
      kinds: sortKinds(lowered.kinds),
      helpers: lowered.helpers,
      deps: [target.field],
      constants: [],
      values: lowered.values,
      description: `Summary cell ${cell}: =${s.formula}`,
      summary: { cell, formula: s.formula, row: table.summary!.row, col: s.col },
      ...withPrecision(formulaPrecision(s.ast)),
    });
  }
  return warnings;
}

function rejectionsInColumnOrder(
  table: RecognisedTable,
  rejected: ReadonlyMap<string, RejectedColumn>,
): RejectedColumn[] {
  const order = new Map(table.columns.map((c, i) => [c.field, i]));
  const fieldOf = (r: RejectedColumn) => table.columns.find((c) => c.letter === r.column)!.field;
  return [...rejected.values()].sort((a, b) => order.get(fieldOf(a))! - order.get(fieldOf(b))!);
}

function capitalise(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}

export function withCell(
  table: RecognisedTable,
  column: TableColumn,
  row: number,
  formula: string,
  r: Refusal,
): string {
  const at = r.span ? ` (at "${formula.slice(r.span.start, r.span.end)}")` : '';
  return `${r.detail}${at}; first offending cell ${sheetCell(table.sheet.name, row, column.col)}`;
}

export { topoOrder };
