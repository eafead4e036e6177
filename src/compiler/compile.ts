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
import {
  analyseColumns,
  Constants,
  KIND_ORDER,
  type ParameterEntry,
  type ParametersAs,
  Resolver,
  rejection,
} from './analyse.js';
import { NameAllocator } from './fields.js';
import type { Node, RangeNode } from '../workbook/formula/ast.js';
import type { LowerContext, Operand, RangeOperand, Refusal, ValueKind } from './lower/contract.js';
import { isRefusal, refuse } from './lower/contract.js';
import { lowerFormula } from './lower/lower.js';
import { resolveName } from './names.js';
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
}

/**
 * Compiles a recognised table. `plans` are its columns analysed (`analyseColumns`: parsing and the per-row
 * uniformity check); a caller that times the two parts apart passes them in.
 */
export function compileRecognised(
  table: RecognisedTable,
  plans: ColumnPlan[] = analyseColumns(table),
  options: { parameters?: ParametersAs } = {},
): Compilation {
  const scope = newScope(table, plans, options.parameters ?? 'constants');
  const formulas = plans.filter((p): p is FormulaPlan => p.kind === 'formula');
  const deps = columnDependencies(table, scope.constants, formulas);
  const ownRefusals = new Map<string, RejectedColumn>();
  const columns = compileColumns(scope, formulas, deps, ownRefusals);
  const warnings = [...table.warnings, ...compileSummary(scope)];
  return {
    table,
    plans,
    columns,
    roots: scope.roots.list(),
    rejected: rejectionsInColumnOrder(table, scope.rejected),
    warnings,
    constants: scope.constants.entries(),
    parameters: scope.constants.as,
    libraryValues: scope.values.map,
    columnDeps: deps,
    ownRefusals,
  };
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
}

function newScope(table: RecognisedTable, plans: ColumnPlan[], parameters: ParametersAs): Scope {
  // Why one allocator for inputs: parameters are then root fields beside the root derivations.
  const rootNames = new NameAllocator(['items']);
  const scope: Scope = {
    table,
    constants: parameters === 'inputs' ? new Constants('inputs', rootNames) : new Constants(),
    kinds: new Map(),
    rejected: new Map(),
    planByField: new Map(),
    roots: new Roots(rootNames),
    values: new LibraryValues(),
  };
  for (const p of plans) {
    scope.planByField.set(p.column.field, p);
    if (p.kind === 'input') scope.kinds.set(p.column.field, p.kinds);
    if (p.kind === 'refused') scope.rejected.set(p.column.field, p.rejected);
  }
  return scope;
}

/** Step 2: the table columns each formula column reads, from the references the resolver accepts. */
function columnDependencies(
  table: RecognisedTable,
  constants: Constants,
  formulas: readonly FormulaPlan[],
): Map<string, string[]> {
  const deps = new Map<string, string[]>();
  for (const p of formulas) {
    const resolver = new Resolver(table, constants, p.column, p.firstRow);
    const out = new Set<string>();
    for (const ref of references(p.ast)) {
      const t = ref.kind === 'cell' ? resolver.cell(ref) : resolver.range(ref);
      if (isRefusal(t)) continue;
      if (t.kind === 'field' || t.kind === 'column') out.add(t.column.field);
      else if (t.kind === 'cells') for (const c of t.columns) out.add(c.field);
    }
    deps.set(p.column.field, [...out]);
  }
  return deps;
}

/** Step 3: each formula column in dependency order, refused when on a cycle or downstream of a refusal. */
function compileColumns(
  scope: Scope,
  formulas: readonly FormulaPlan[],
  deps: ReadonlyMap<string, string[]>,
  ownRefusals: Map<string, RejectedColumn>,
): CompiledColumn[] {
  const { order, cyclic } = topoOrder(
    formulas.map((p) => p.column.field),
    (f) => (deps.get(f) ?? []).filter((d) => deps.has(d)),
  );
  const formulaOf = new Map(formulas.map((p) => [p.column.field, p]));
  const columns: CompiledColumn[] = [];
  for (const field of order) {
    const p = formulaOf.get(field)!;
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
    columns.push(compiledColumn(scope.table, p, lowered, deps.get(field) ?? []));
  }
  return columns;
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
}

/** What a column's lowering used, so it can be committed or rolled back. */
interface ColumnUse {
  roots: Array<{ name: string; root: Omit<RootDerivation, 'name'> }>;
  constants: Set<string>;
  values: Set<string>;
  pendingValues: string[];
  columnDeps: Set<string>;
}

/**
 * Lowers one column's formula with a context that resolves references against the table. `commit: false`
 * is a trial (what would its own formula give?): whatever it named is rolled back either way.
 */
function lowerColumn(c: ColumnToLower, commit = true): LoweredColumn | Refusal {
  const use: ColumnUse = {
    roots: [],
    constants: new Set(),
    values: new Set(),
    pendingValues: [],
    columnDeps: new Set(),
  };
  const lowered = lowerSafely(c.ast, columnContext(c, use));
  if (isRefusal(lowered) || !commit) {
    c.roots.rollback(use.roots.map((u) => u.name));
    c.values.rollback(use.pendingValues);
    return isRefusal(lowered) ? lowered : { ...lowered, roots: [], constants: [], values: [] };
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
  const resolver = new Resolver(c.table, c.constants, c.column, c.row);
  const fieldKinds = (f: string): readonly ValueKind[] => c.kinds.get(f) ?? KIND_ORDER;
  return {
    cell(node) {
      const t = resolver.cell(node);
      if (isRefusal(t)) return t;
      if (t.kind === 'const') {
        use.constants.add(t.name);
        return { expr: c.constants.read(t.name), kinds: ['number'] };
      }
      return { expr: `$parent.${t.column.field}`, kinds: fieldKinds(t.column.field) };
    },
    range(node: RangeNode): RangeOperand | Refusal {
      const t = resolver.range(node);
      if (isRefusal(t)) return t;
      if (t.kind === 'cells') {
        return {
          kind: 'cells',
          cells: t.columns.map((col) => ({ expr: `$parent.${col.field}`, kinds: fieldKinds(col.field) })),
        };
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
    name(node) {
      const t = resolveName(c.table.workbook?.definedNames ?? [], node, c.table.sheet.name);
      if (isRefusal(t)) return t;
      if (t.kind === 'ref') {
        if (t.node.kind === 'cell') return this.cell(t.node);
        return refuse(
          'UNSUPPORTED_RANGE_SHAPE',
          `${t.name} is a range where a single value is needed`,
          node.span,
        );
      }
      const name = c.constants.named(t.name, t.value);
      use.constants.add(name);
      return { expr: c.constants.read(name), kinds: ['number'] };
    },
    constantText: (node) => resolver.constantText(node),
    libraryValue(nameHint: string, value: unknown): string {
      const name = c.values.register(nameHint, value, (n) => use.pendingValues.push(n));
      use.values.add(name);
      return name;
    },
  };
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
