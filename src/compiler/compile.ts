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
import type { ColumnPlan } from './analyse.js';
import { analyseColumns, Constants, KIND_ORDER, kindsOf, Resolver, rejection } from './analyse.js';
import type { Node, RangeNode } from '../workbook/formula/ast.js';
import type { LowerContext, Operand, RangeOperand, Refusal, ValueKind } from './lower/contract.js';
import { isRefusal, refuse } from './lower/contract.js';
import { lowerFormula } from './lower/lower.js';
import type { MemberExpr } from './cross-row.js';
import { fixKinds, memberExpression, SCAN_VARS, scanExpression, scanMembers } from './cross-row.js';
import { NameAllocator } from './fields.js';
import { references, sheetCell } from './refs.js';
import { LibraryValues, Roots } from './roots.js';
import type { RecognisedTable, RecogniseFailure, RecogniseOptions, TableColumn } from './table.js';
import { isRecogniseFailure, recogniseTable } from './table.js';
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
  constants: Array<{ name: string; value: number; address: string }>;
  /** Library values by exported name (lookup tables). */
  libraryValues: Map<string, unknown>;
  /** The items' sheet-row field (`row`), set when an ordered scan needs it (cross-row.ts). */
  rowField?: string;
}

/**
 * Compiles a recognised table. `plans` are its columns analysed (`analyseColumns`: parsing and the per-row
 * uniformity check); a caller that times the two parts apart passes them in.
 */
export function compileRecognised(
  table: RecognisedTable,
  plans: ColumnPlan[] = analyseColumns(table),
): Compilation {
  const scope = newScope(table, plans);
  const all = plans.filter((p): p is FormulaPlan => p.kind === 'formula');
  const { deps, previous } = columnDependencies(table, scope.constants, all);
  const members = scanMembers(all, deps, previous);
  const formulas = all.filter((p) => !strayStart(scope, p, members));
  if (members.size > 0) {
    scope.rowField = new NameAllocator(table.columns.map((c) => c.field)).allocate('row');
    scope.kinds.set(scope.rowField, ['number']);
  }
  const columns = compileColumns(scope, formulas, scanOrderDeps(deps, previous, members), members);
  const warnings = [...table.warnings, ...compileSummary(scope)];
  return {
    table,
    plans,
    columns,
    roots: scope.roots.list(),
    rejected: rejectionsInColumnOrder(table, scope.rejected),
    warnings,
    constants: scope.constants.entries(),
    libraryValues: scope.values.map,
    ...(scope.rowField === undefined ? {} : { rowField: scope.rowField }),
  };
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

type FormulaPlan = Extract<ColumnPlan, { kind: 'formula' }>;

/** What the steps of one compilation share: the table, its constants, kinds known so far, refusals, roots. */
interface Scope {
  table: RecognisedTable;
  constants: Constants;
  /** Kinds of each column's values: input columns from their cells, formula columns once lowered. */
  kinds: Map<string, readonly ValueKind[]>;
  rejected: Map<string, RejectedColumn>;
  planByField: Map<string, ColumnPlan>;
  roots: Roots;
  values: LibraryValues;
  rowField?: string;
}

function newScope(table: RecognisedTable, plans: ColumnPlan[]): Scope {
  const scope: Scope = {
    table,
    constants: new Constants(),
    kinds: new Map(),
    rejected: new Map(),
    planByField: new Map(),
    roots: new Roots(),
    values: new LibraryValues(),
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
 * row or whole (`deps`), and in the row above (`previous`, a scan's recurrence; cross-row.ts).
 */
function columnDependencies(
  table: RecognisedTable,
  constants: Constants,
  formulas: readonly FormulaPlan[],
): { deps: Map<string, string[]>; previous: Map<string, string[]> } {
  const deps = new Map<string, string[]>();
  const previous = new Map<string, string[]>();
  for (const p of formulas) {
    const out = new Set<string>();
    const above = new Set<string>();
    const read = (ast: Node, row: number) => {
      const resolver = new Resolver(table, constants, p.column, row, true);
      for (const ref of references(ast)) {
        const t = ref.kind === 'cell' ? resolver.cell(ref) : resolver.range(ref);
        if (isRefusal(t)) continue;
        if (t.kind === 'previous') above.add(t.column.field);
        else if (t.kind === 'field' || t.kind === 'column') out.add(t.column.field);
        else if (t.kind === 'cells') for (const c of t.columns) out.add(c.field);
      }
    };
    read(p.ast, p.firstRow);
    if (p.start?.ast) read(p.start.ast, table.firstDataRow);
    deps.set(p.column.field, [...out]);
    previous.set(p.column.field, [...above]);
  }
  return { deps, previous };
}

/** Step 3: each formula column in dependency order, refused when on a cycle or downstream of a refusal. */
function compileColumns(
  scope: Scope,
  formulas: readonly FormulaPlan[],
  deps: ReadonlyMap<string, string[]>,
  members: ReadonlySet<string>,
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
          ),
        );
      scanned = true;
      continue;
    }
    const reject = (reason: RejectedColumn['reason'], detail: string) =>
      scope.rejected.set(field, rejection(scope.table, p.column, reason, detail, p.firstRow, p.formula));
    const blocked = blockedBy(scope, field, deps.get(field) ?? [], cyclic);
    if (blocked) {
      reject(blocked.reason, blocked.detail);
      continue;
    }
    const lowered = lowerColumn({ ...scope, column: p.column, ast: p.ast, row: p.firstRow });
    if (isRefusal(lowered)) {
      reject(lowered.code, withCell(scope.table, p.column, p.firstRow, p.formula, lowered));
      continue;
    }
    scope.kinds.set(field, lowered.kinds);
    columns.push(compiledColumn(scope.table, p, lowered, deps.get(field) ?? []));
  }
  return columns;
}

/**
 * The scan members (cross-row.ts), in dependency order within a row: lowered together, each formula with
 * `$scanRow`/`$scanLast` references, into one root derivation and one row derivation per member that reads
 * it. A refusal refuses every member: the first for its reason, the others as depending on it.
 */
function compileScan(
  scope: Scope,
  plans: readonly FormulaPlan[],
  deps: ReadonlyMap<string, string[]>,
  cyclic: ReadonlyMap<string, string[]>,
): CompiledColumn[] {
  const fields = plans.map((p) => p.column.field);
  const members = new Set(fields);
  const refuseAll = (first: FormulaPlan, reason: RejectedColumn['reason'], detail: string): [] => {
    for (const p of plans) {
      const [why, text] =
        p === first
          ? [reason, detail]
          : ([
              'DEPENDS_ON_REJECTED_COLUMN',
              `It is computed in order with column ${first.column.letter} ("${first.column.header}"), which was refused`,
            ] as const);
      scope.rejected.set(p.column.field, rejection(scope.table, p.column, why, text, p.firstRow, p.formula));
    }
    return [];
  };
  for (const p of plans) {
    const own = (deps.get(p.column.field) ?? []).filter((d) => !members.has(d));
    const blocked = blockedBy(scope, p.column.field, own, cyclic);
    if (blocked) return refuseAll(p, blocked.reason, blocked.detail);
  }
  const lowered = new Map<string, { start?: LoweredColumn; step: LoweredColumn }>();
  let failed: { plan: FormulaPlan; refusal: Refusal; formula: string; row: number } | undefined;
  const lowerAll = (assumed: ReadonlyMap<string, readonly ValueKind[]>) => {
    const kinds = new Map([...scope.kinds, ...assumed]);
    const out = new Map<string, ValueKind[]>();
    for (const p of plans) {
      const one = (ast: Node, row: number, formula: string) => {
        const l = lowerColumn({ ...scope, kinds, column: p.column, ast, row, scan: members });
        if (isRefusal(l)) failed = { plan: p, refusal: l, formula, row };
        return isRefusal(l) ? undefined : l;
      };
      const step = one(p.ast, p.firstRow, p.formula);
      const start = p.start
        ? lowerStart(p.start, (ast) => one(ast, scope.table.firstDataRow, p.start!.formula))
        : undefined;
      if (!step || (p.start && !start)) return undefined;
      lowered.set(p.column.field, { start, step });
      out.set(p.column.field, sortKinds([...step.kinds, ...(start?.kinds ?? [])]));
    }
    return out;
  };
  const fixed = fixKinds(fields, lowerAll);
  if (!fixed) {
    const f = failed!;
    return refuseAll(
      f.plan,
      f.refusal.code,
      withCell(scope.table, f.plan.column, f.row, f.formula, f.refusal),
    );
  }
  const parts = plans.map((p) => ({ p, l: lowered.get(p.column.field)! }));
  const used = parts.flatMap(({ l }) => (l.start ? [l.start, l.step] : [l.step]));
  const outside = [...new Set(fields.flatMap((f) => deps.get(f) ?? []))].filter((d) => !members.has(d));
  const exprs: MemberExpr[] = parts.map(({ p, l }) => ({
    field: p.column.field,
    step: l.step.expr,
    ...(l.start ? { start: l.start.expr } : {}),
  }));
  const rowField = scope.rowField!;
  const inputs = [...new Set(plans.flatMap((p) => scanInputs(scope, p, members)))];
  const expr = scanExpression(exprs, inputs, rowField);
  const seed = plans.find((p) => p.start) ?? plans[0];
  const name = scope.roots.hoist(`${seed.column.field}Scan`, expr, () => {});
  scope.roots.commit(name, {
    expr,
    kinds: [],
    helpers: [...new Set(used.flatMap((l) => l.helpers))].sort(),
    deps: [...new Set([...outside, ...inputs])],
    constants: [...new Set(used.flatMap((l) => l.constants))],
    values: [...new Set(used.flatMap((l) => l.values))],
    description: `Columns ${plans.map((p) => p.column.letter).join(', ')} of sheet "${scope.table.sheet.name}" computed in order, row by row (the items' order is the rows' order), keyed by each item's ${rowField}`,
  });
  const hoisted = [...new Set(used.flatMap((l) => l.roots))];
  return parts.map(({ p }) => {
    scope.kinds.set(p.column.field, fixed.kinds.get(p.column.field)!);
    const col = compiledColumn(
      scope.table,
      p,
      { ...lowered.get(p.column.field)!.step, helpers: [], kinds: fixed.kinds.get(p.column.field)! },
      [...outside, ...fields.filter((f) => f !== p.column.field)],
    );
    const first = p.start ? `=${p.start.formula} in row ${scope.table.firstDataRow + 1}, then ` : '';
    return {
      ...col,
      expr: memberExpression(name, rowField, p.column.field),
      roots: scope.roots.inCreationOrder([...hoisted, name]),
      scan: name,
      description: `Column ${p.column.letter} "${p.column.header}" of sheet "${scope.table.sheet.name}": ${first}=${p.formula} filled down; read from $.${name}, computed in the items' order`,
    };
  });
}

/** A scan's start: its formula lowered, or the typed value as a JSON literal. */
function lowerStart(
  start: NonNullable<FormulaPlan['start']>,
  lower: (ast: Node) => LoweredColumn | undefined,
): LoweredColumn | undefined {
  if (start.ast) return lower(start.ast);
  const value = start.value ?? null;
  return {
    expr: JSON.stringify(value),
    kinds: kindsOf([value]),
    helpers: [],
    roots: [],
    constants: [],
    values: [],
  };
}

/** The non-member fields a member reads in its row or the row above (the scan hands these over). */
function scanInputs(scope: Scope, p: FormulaPlan, members: ReadonlySet<string>): string[] {
  const out: string[] = [];
  const read = (ast: Node, row: number) => {
    const resolver = new Resolver(scope.table, scope.constants, p.column, row, true);
    for (const ref of references(ast)) {
      const t = ref.kind === 'cell' ? resolver.cell(ref) : resolver.range(ref);
      if (isRefusal(t)) continue;
      const cols =
        t.kind === 'field' || t.kind === 'previous' ? [t.column] : t.kind === 'cells' ? t.columns : [];
      for (const c of cols) if (!members.has(c.field)) out.push(c.field);
    }
  };
  read(p.ast, p.firstRow);
  if (p.start?.ast) read(p.start.ast, scope.table.firstDataRow);
  return out;
}

/** Why a column cannot be lowered before trying: it lies on a cycle, or reads a refused column. */
function blockedBy(
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

function compiledColumn(
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
    description: `Column ${p.column.letter} "${p.column.header}" of sheet "${table.sheet.name}", ${range}: =${p.formula}`,
  };
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

function sortKinds(kinds: readonly ValueKind[]): ValueKind[] {
  return KIND_ORDER.filter((k) => kinds.includes(k));
}

function withCell(
  table: RecognisedTable,
  column: TableColumn,
  row: number,
  formula: string,
  r: Refusal,
): string {
  const at = r.span ? ` (at "${formula.slice(r.span.start, r.span.end)}")` : '';
  return `${r.detail}${at}; first offending cell ${sheetCell(table.sheet.name, row, column.col)}`;
}

interface LoweredColumn {
  expr: string;
  kinds: readonly ValueKind[];
  helpers: string[];
  roots: string[];
  constants: string[];
  values: string[];
}

/** One column's formula, with what it resolves against (the compilation's scope). */
interface ColumnToLower {
  table: RecognisedTable;
  column: TableColumn;
  ast: Node;
  /** The first data row: references are resolved there. */
  row: number;
  constants: Constants;
  kinds: ReadonlyMap<string, readonly ValueKind[]>;
  roots: Roots;
  values: LibraryValues;
  /** Set when lowering a scan member: the members, read as `$scan_<field>` / `$scanLast.<field>`. */
  scan?: ReadonlySet<string>;
}

/** What a column's lowering used, so it can be committed or rolled back. */
interface ColumnUse {
  roots: Array<{ name: string; root: Omit<RootDerivation, 'name'> }>;
  constants: Set<string>;
  values: Set<string>;
  pendingValues: string[];
  columnDeps: Set<string>;
}

/** Lowers one column's formula with a context that resolves references against the table. */
function lowerColumn(c: ColumnToLower): LoweredColumn | Refusal {
  const use: ColumnUse = {
    roots: [],
    constants: new Set(),
    values: new Set(),
    pendingValues: [],
    columnDeps: new Set(),
  };
  const lowered = lowerSafely(c.ast, columnContext(c, use));
  if (isRefusal(lowered)) {
    c.roots.rollback(use.roots.map((u) => u.name));
    c.values.rollback(use.pendingValues);
    return lowered;
  }
  for (const u of use.roots) c.roots.commit(u.name, { ...u.root, helpers: lowered.helpers });
  return {
    expr: lowered.expr,
    kinds: lowered.kinds,
    helpers: lowered.helpers,
    roots: c.roots.inCreationOrder(lowered.roots),
    constants: [...use.constants],
    values: [...use.values],
  };
}

/** The lowering context of one column: references to fields, constants, whole columns, lookup tables. */
function columnContext(c: ColumnToLower, use: ColumnUse): LowerContext {
  const resolver = new Resolver(c.table, c.constants, c.column, c.row, c.scan !== undefined);
  const fieldKinds = (f: string): readonly ValueKind[] => c.kinds.get(f) ?? KIND_ORDER;
  const field = (f: string): Operand => ({ expr: fieldExpr(c.scan, f, false), kinds: fieldKinds(f) });
  return {
    cell(node) {
      const t = resolver.cell(node);
      if (isRefusal(t)) return t;
      if (t.kind === 'const') {
        use.constants.add(t.name);
        return { expr: `$const.${t.name}`, kinds: ['number'] };
      }
      if (t.kind === 'previous') {
        return { expr: fieldExpr(c.scan, t.column.field, true), kinds: fieldKinds(t.column.field) };
      }
      return field(t.column.field);
    },
    range(node: RangeNode): RangeOperand | Refusal {
      const t = resolver.range(node);
      if (isRefusal(t)) return t;
      if (t.kind === 'cells') {
        return { kind: 'cells', cells: t.columns.map((col) => field(col.field)) };
      }
      if (t.kind === 'column' && c.scan?.has(t.column.field)) {
        return refuse(
          'CROSS_ROW_REFERENCE',
          `The whole column ${t.column.letter} is computed in order, row by row, so it cannot be read whole from one of its rows`,
          node.span,
        );
      }
      if (t.kind === 'column') {
        use.columnDeps.add(t.column.field);
        const f = t.column.field;
        return { kind: 'column', expr: `$$.items.${f}`, kinds: fieldKinds(f), field: f, items: '$$.items' };
      }
      return { kind: 'table', rows: t.rows, nameHint: t.nameHint };
    },
    hoist(operand: Operand, nameHint: string): Operand {
      const name = c.roots.hoist(nameHint, operand.expr, (n) =>
        use.roots.push({ name: n, root: hoistedRoot(c, use, operand) }),
      );
      return { expr: `$$.${name}`, kinds: operand.kinds, root: name };
    },
    date1904: c.table.date1904,
    libraryValue(nameHint: string, value: unknown): string {
      const name = c.values.register(nameHint, value, (n) => use.pendingValues.push(n));
      use.values.add(name);
      return name;
    },
  };
}

/** How a lowering reads a field: `$parent.<f>`, or in a scan the row's or the row above's value. */
function fieldExpr(scan: ReadonlySet<string> | undefined, f: string, above: boolean): string {
  if (!scan) return `$parent.${f}`;
  if (scan.has(f)) return above ? `${SCAN_VARS.previous}.${f}` : SCAN_VARS.member(f);
  return `${above ? SCAN_VARS.previousRow : SCAN_VARS.row}.${f}`;
}

function hoistedRoot(c: ColumnToLower, use: ColumnUse, operand: Operand): Omit<RootDerivation, 'name'> {
  return {
    expr: operand.expr,
    kinds: sortKinds(operand.kinds),
    helpers: [],
    deps: [...use.columnDeps],
    constants: [...use.constants],
    values: [...use.values],
    description: `Computed once for column ${c.column.letter} "${c.column.header}" of sheet "${c.table.sheet.name}"`,
  };
}

/** `lowerFormula`, with a thrown bug refusing this column instead of the whole file. */
function lowerSafely(ast: Node, ctx: LowerContext): ReturnType<typeof lowerFormula> {
  try {
    return lowerFormula(ast, ctx);
  } catch (e) {
    // Why: the lowering promises not to throw on user input; if it does, refuse this column, not the file.
    return refuse('UNSUPPORTED_CONSTRUCT', `Internal error while lowering: ${(e as Error).message}`);
  }
}

/** Lowers a summary cell's aggregate: its range is the target column, and nothing is hoisted. */
function lowerSummary(
  table: RecognisedTable,
  ast: Node,
  target: number,
  kinds: Map<string, readonly ValueKind[]>,
  values: LibraryValues,
): (LoweredColumn & { kinds: readonly ValueKind[] }) | Refusal {
  const column = table.columns.find((c) => c.col === target)!;
  const ctx: LowerContext = {
    cell: (node) =>
      refuse('UNRESOLVED_REFERENCE', 'A summary cell may only aggregate a table column', node.span),
    range: (node) =>
      node.start.col === target
        ? {
            kind: 'column',
            expr: `$$.items.${column.field}`,
            kinds: kinds.get(column.field) ?? KIND_ORDER,
            field: column.field,
            items: '$$.items',
          }
        : refuse('UNSUPPORTED_RANGE_SHAPE', 'A summary cell may only aggregate a table column', node.span),
    hoist: (operand) => operand,
    libraryValue: (nameHint, value) => values.register(nameHint, value, () => {}),
  };
  const lowered = lowerSafely(ast, ctx);
  if (isRefusal(lowered)) return lowered;
  return { ...lowered, roots: [], constants: [], values: [] };
}

/**
 * Kahn's algorithm with ties broken by the given order. `cyclic` maps each node that could not be ordered to
 * the cycle it lies on (empty when it only depends on a cycle).
 */
export function topoOrder(
  nodes: readonly string[],
  depsOf: (n: string) => readonly string[],
): { order: string[]; cyclic: Map<string, string[]> } {
  const remaining = new Set(nodes);
  const order: string[] = [];
  let progress = true;
  while (progress) {
    progress = false;
    for (const n of nodes) {
      if (!remaining.has(n)) continue;
      if (depsOf(n).every((d) => !remaining.has(d))) {
        remaining.delete(n);
        order.push(n);
        progress = true;
        break; // restart from the first node so ties keep column order
      }
    }
  }
  const cyclic = new Map<string, string[]>();
  for (const n of nodes) {
    if (!remaining.has(n)) continue;
    cyclic.set(n, cycleThrough(n, depsOf, remaining) ?? []);
  }
  // Cyclic nodes still get visited (to be refused) in column order after the ordered ones.
  return { order: [...order, ...nodes.filter((n) => remaining.has(n))], cyclic };
}

function cycleThrough(
  start: string,
  depsOf: (n: string) => readonly string[],
  within: Set<string>,
): string[] | undefined {
  const path: string[] = [];
  const seen = new Set<string>();
  const dfs = (n: string): boolean => {
    path.push(n);
    for (const d of depsOf(n)) {
      if (!within.has(d)) continue;
      if (d === start) {
        path.push(d);
        return true;
      }
      if (seen.has(d)) continue;
      seen.add(d);
      if (dfs(d)) return true;
    }
    path.pop();
    return false;
  };
  return dfs(start) ? path : undefined;
}
