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
import { analyseColumns, Constants, KIND_ORDER, Resolver, rejection } from './analyse.js';
import type { Node, RangeNode } from '../workbook/formula/ast.js';
import { fieldName, NameAllocator } from './fields.js';
import type { LowerContext, Operand, RangeOperand, Refusal, ValueKind } from './lower/contract.js';
import { isRefusal, refuse } from './lower/contract.js';
import { lowerFormula } from './lower/lower.js';
import { references, sheetCell } from './refs.js';
import type { RecognisedTable, TableColumn } from './table.js';
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
  constants: Array<{ name: string; value: number; address: string }>;
  /** Library values by exported name (lookup tables). */
  libraryValues: Map<string, unknown>;
}

/**
 * Compiles a recognised table. `plans` are its columns analysed (`analyseColumns`: parsing and the per-row
 * uniformity check); a caller that times the two parts apart passes them in.
 */
export function compileRecognised(
  table: RecognisedTable,
  plans: ColumnPlan[] = analyseColumns(table),
): Compilation {
  const constants = new Constants();
  const rejected = new Map<string, RejectedColumn>();
  const kinds = new Map<string, readonly ValueKind[]>();
  const planByField = new Map<string, ColumnPlan>();
  for (const p of plans) {
    planByField.set(p.column.field, p);
    if (p.kind === 'input') kinds.set(p.column.field, p.kinds);
    if (p.kind === 'refused') rejected.set(p.column.field, p.rejected);
  }
  const formulas = plans.filter((p): p is Extract<ColumnPlan, { kind: 'formula' }> => p.kind === 'formula');

  // Step 2: dependencies among table columns, from the references the resolver accepts.
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
  const { order, cyclic } = topoOrder(
    formulas.map((p) => p.column.field),
    (f) => (deps.get(f) ?? []).filter((d) => deps.has(d)),
  );

  const roots = new Roots();
  const values = new LibraryValues();
  const columns: CompiledColumn[] = [];
  const formulaOf = new Map(formulas.map((p) => [p.column.field, p]));
  for (const field of order) {
    const p = formulaOf.get(field)!;
    const reject = (reason: RejectedColumn['reason'], detail: string) =>
      rejected.set(field, rejection(table, p.column, reason, detail, p.firstRow, p.formula));
    const cycle = cyclic.get(field);
    if (cycle && cycle.length > 0) {
      const letters = cycle.map((f) => planByField.get(f)?.column.letter).join(' → ');
      reject('CIRCULAR_REFERENCE', `Columns ${letters} refer to each other`);
      continue;
    }
    const bad = (deps.get(field) ?? []).find((d) => rejected.has(d) || cyclic.has(d));
    if (bad !== undefined) {
      const b = planByField.get(bad)!.column;
      reject('DEPENDS_ON_REJECTED_COLUMN', `It uses column ${b.letter} ("${b.header}"), which was refused`);
      continue;
    }
    const lowered = lowerColumn(table, p.column, p.ast, p.firstRow, constants, kinds, roots, values);
    if (isRefusal(lowered)) {
      reject(lowered.code, withCell(table, p.column, p.firstRow, p.formula, lowered));
      continue;
    }
    kinds.set(field, lowered.kinds);
    const range = `${p.column.letter}${table.firstDataRow + 1}:${p.column.letter}${table.lastDataRow + 1}`;
    columns.push({
      column: p.column,
      formula: p.formula,
      expr: lowered.expr,
      kinds: sortKinds(lowered.kinds),
      helpers: lowered.helpers,
      deps: deps.get(field) ?? [],
      roots: lowered.roots,
      constants: lowered.constants,
      values: lowered.values,
      description: `Column ${p.column.letter} "${p.column.header}" of sheet "${table.sheet.name}", ${range}: =${p.formula}`,
    });
  }

  // Step 4: the summary row.
  const warnings = [...table.warnings];
  for (const s of table.summary?.cells ?? []) {
    const target = table.columns.find((c) => c.col === s.target)!;
    const cell = sheetCell(table.sheet.name, table.summary!.row, s.col);
    if (rejected.has(target.field)) {
      warnings.push({
        code: 'SUMMARY_REFUSED',
        message: `The summary =${s.formula} is left out: column ${target.letter} was refused`,
        cell,
      });
      continue;
    }
    const lowered = lowerSummary(table, s.ast, s.target, kinds, values);
    if (isRefusal(lowered)) {
      warnings.push({
        code: 'SUMMARY_REFUSED',
        message: `The summary =${s.formula} is left out: ${lowered.code}: ${lowered.detail}`,
        cell,
      });
      continue;
    }
    roots.summary(`${s.fn.toLowerCase()}${capitalise(target.field)}`, {
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

  const order2 = new Map(table.columns.map((c, i) => [c.field, i]));
  return {
    table,
    plans,
    columns,
    roots: roots.list(),
    rejected: [...rejected.values()].sort(
      (a, b) => order2.get(fieldOf(table, a))! - order2.get(fieldOf(table, b))!,
    ),
    warnings,
    constants: constants.entries(),
    libraryValues: values.map,
  };
}

function fieldOf(table: RecognisedTable, r: RejectedColumn): string {
  return table.columns.find((c) => c.letter === r.column)!.field;
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

/** Lowers one column's formula with a context that resolves references against the table. */
function lowerColumn(
  table: RecognisedTable,
  column: TableColumn,
  ast: Node,
  row: number,
  constants: Constants,
  kinds: Map<string, readonly ValueKind[]>,
  roots: Roots,
  values: LibraryValues,
): LoweredColumn | Refusal {
  const resolver = new Resolver(table, constants, column, row);
  const usedRoots: Array<{ name: string; root: Omit<RootDerivation, 'name'> }> = [];
  const usedConstants = new Set<string>();
  const usedValues = new Set<string>();
  const columnDeps = new Set<string>();
  const pendingValues: Array<[string, unknown]> = [];
  const fieldKinds = (f: string): readonly ValueKind[] => kinds.get(f) ?? KIND_ORDER;
  const ctx: LowerContext = {
    cell(node) {
      const t = resolver.cell(node);
      if (isRefusal(t)) return t;
      if (t.kind === 'const') {
        usedConstants.add(t.name);
        return { expr: `$const.${t.name}`, kinds: ['number'] };
      }
      return { expr: `$parent.${t.column.field}`, kinds: fieldKinds(t.column.field) };
    },
    range(node: RangeNode): RangeOperand | Refusal {
      const t = resolver.range(node);
      if (isRefusal(t)) return t;
      if (t.kind === 'cells') {
        return {
          kind: 'cells',
          cells: t.columns.map((c) => ({ expr: `$parent.${c.field}`, kinds: fieldKinds(c.field) })),
        };
      }
      if (t.kind === 'column') {
        columnDeps.add(t.column.field);
        const f = t.column.field;
        return { kind: 'column', expr: `$$.items.${f}`, kinds: fieldKinds(f), field: f };
      }
      return { kind: 'table', rows: t.rows, nameHint: t.nameHint };
    },
    hoist(operand: Operand, nameHint: string): Operand {
      const name = roots.hoist(nameHint, operand.expr, (n) =>
        usedRoots.push({
          name: n,
          root: {
            expr: operand.expr,
            kinds: sortKinds(operand.kinds),
            helpers: [],
            deps: [...columnDeps],
            constants: [...usedConstants],
            values: [...usedValues],
            description: `Computed once for column ${column.letter} "${column.header}" of sheet "${table.sheet.name}"`,
          },
        }),
      );
      return { expr: `$$.${name}`, kinds: operand.kinds };
    },
    libraryValue(nameHint: string, value: unknown): string {
      const name = values.register(nameHint, value, (n) => pendingValues.push([n, value]));
      usedValues.add(name);
      return name;
    },
  };
  let lowered: ReturnType<typeof lowerFormula>;
  try {
    lowered = lowerFormula(ast, ctx);
  } catch (e) {
    // Why: the lowering promises not to throw on user input; if it does, refuse this column, not the file.
    lowered = refuse('UNSUPPORTED_CONSTRUCT', `Internal error while lowering: ${(e as Error).message}`);
  }
  if (isRefusal(lowered)) {
    roots.rollback(usedRoots.map((u) => u.name));
    values.rollback(pendingValues.map(([n]) => n));
    return lowered;
  }
  for (const u of usedRoots) roots.commit(u.name, { ...u.root, helpers: lowered.helpers });
  const rootNames = roots.namesFor(lowered.expr);
  return {
    expr: lowered.expr,
    kinds: lowered.kinds,
    helpers: lowered.helpers,
    roots: rootNames,
    constants: [...usedConstants],
    values: [...usedValues],
  };
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
          }
        : refuse('UNSUPPORTED_RANGE_SHAPE', 'A summary cell may only aggregate a table column', node.span),
    hoist: (operand) => operand,
    libraryValue: (nameHint, value) => values.register(nameHint, value, () => {}),
  };
  let lowered: ReturnType<typeof lowerFormula>;
  try {
    lowered = lowerFormula(ast, ctx);
  } catch (e) {
    lowered = refuse('UNSUPPORTED_CONSTRUCT', `Internal error while lowering: ${(e as Error).message}`);
  }
  if (isRefusal(lowered)) return lowered;
  return { ...lowered, roots: [], constants: [], values: [] };
}

/** Root derivation names: unique, never `items`, one per distinct expression. */
class Roots {
  private readonly names = new NameAllocator(['items']);
  private readonly byExpr = new Map<string, string>();
  private readonly committed = new Map<string, RootDerivation>();
  private readonly tentative = new Set<string>();

  /** The name for a hoisted expression; `onNew` is called when it is new. */
  hoist(hint: string, expr: string, onNew: (name: string) => void): string {
    const known = this.byExpr.get(expr);
    if (known !== undefined) return known;
    const name = this.names.allocate(safeHint(hint, 'aggregate'));
    this.byExpr.set(expr, name);
    this.tentative.add(name);
    onNew(name);
    return name;
  }

  commit(name: string, root: Omit<RootDerivation, 'name'>): void {
    this.tentative.delete(name);
    this.committed.set(name, { name, ...root });
  }

  /** Forgets names handed out during a lowering that was refused (the names stay allocated: harmless gaps). */
  rollback(names: string[]): void {
    for (const n of names) {
      this.tentative.delete(n);
      for (const [e, m] of this.byExpr) if (m === n) this.byExpr.delete(e);
    }
  }

  /** A summary-row root; reuses a hoisted root with the same expression rather than computing it twice. */
  summary(hint: string, root: Omit<RootDerivation, 'name'>): void {
    const known = this.byExpr.get(root.expr);
    if (known !== undefined && this.committed.has(known)) {
      const r = this.committed.get(known)!;
      this.committed.set(known, {
        ...r,
        summary: root.summary,
        description: `${r.description}; ${root.description}`,
      });
      return;
    }
    const name = this.names.allocate(safeHint(hint, 'summary'));
    this.byExpr.set(root.expr, name);
    this.committed.set(name, { name, ...root });
  }

  /** Root names an expression reads (`$$.name`). */
  namesFor(expr: string): string[] {
    return [...this.committed.keys()].filter((n) => new RegExp(`\\$\\$\\.${n}(?![A-Za-z0-9_])`).test(expr));
  }

  list(): RootDerivation[] {
    return [...this.committed.values()];
  }
}

/** Library values (lookup tables): one export per distinct value, names from hints. */
class LibraryValues {
  private readonly names = new NameAllocator();
  private readonly byJson = new Map<string, string>();
  readonly map = new Map<string, unknown>();

  register(hint: string, value: unknown, onNew: (name: string) => void): string {
    const json = JSON.stringify(value);
    const known = this.byJson.get(json);
    if (known !== undefined) return known;
    let base = safeHint(hint, 'table');
    // Why: helper exports are named `xl...`; a value must never shadow one.
    if (/^xl[A-Z]/.test(base)) base = `t${capitalise(base)}`;
    const name = this.names.allocate(base);
    this.byJson.set(json, name);
    this.map.set(name, value);
    onNew(name);
    return name;
  }

  rollback(names: string[]): void {
    for (const n of names) {
      this.map.delete(n);
      for (const [j, m] of this.byJson) if (m === n) this.byJson.delete(j);
    }
  }
}

const RESERVED = new Set(['const', 'parent', 'self', 'response', 'now', 'status', 'items']);

function safeHint(hint: string, fallback: string): string {
  const base = fieldName(hint);
  if (base === 'field') return fallback;
  return RESERVED.has(base) ? `${base}Value` : base;
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
