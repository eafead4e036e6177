/**
 * Lowering one column's formula (or a summary cell's) against the table: the LowerContext that maps
 * references to `$parent.<field>`, `$const.<name>`, whole columns (`$$.items.<field>`) and lookup tables
 * (library values), hoists row-invariant aggregates into root derivations, and, for a scan member
 * (cross-row.ts), reads the scan's row and the row above instead of `$parent`. Split from compile.ts, which
 * orders the columns and assembles the compilation.
 */
import type { Node, RangeNode } from '../../workbook/formula/ast.js';
import type { ColumnPlan } from '../analyse/columns.js';
import type { Constants } from '../analyse/parameters.js';
import { KIND_ORDER } from '../analyse/columns.js';
import { Resolver } from '../analyse/resolver.js';
import type { LoweredColumn, RootDerivation } from './compiled.js';
import { fieldRead, RUNNING_FUNCTIONS, runningKey } from './cross-row.js';
import { rangeText } from '../recognise/refs.js';
import type { LowerContext, Operand, RangeOperand, Refusal, ValueKind } from '../lower/contract.js';
import { isRefusal, refuse } from '../lower/contract.js';
import { lowerFormula } from '../lower/lower.js';
import { kindOfValue } from '../lower/value.js';
import { resolveName } from '../recognise/names.js';
import { type SubtotalScope, subtotalCover } from '../analyse/nested-subtotals.js';
import type { LibraryValues, Roots } from './roots.js';
import type { RecognisedTable, TableColumn } from '../recognise/recognised.js';

export function sortKinds(kinds: readonly ValueKind[]): ValueKind[] {
  return KIND_ORDER.filter((k) => kinds.includes(k));
}

/** One column's formula, with what it resolves against (the compilation's scope). */
export interface ColumnToLower {
  table: RecognisedTable;
  column: TableColumn;
  ast: Node;
  /** The first data row: references are resolved there. */
  row: number;
  constants: Constants;
  kinds: ReadonlyMap<string, readonly ValueKind[]>;
  /**
   * Each column's plan (the compilation's scope): an input column's errors are typed in, never the
   * not-established value (lower/value.ts `Val.ne`); a field without a plan may be it wherever it may be an error.
   */
  planByField?: ReadonlyMap<string, ColumnPlan>;
  roots: Roots;
  values: LibraryValues;
  /** Set when lowering a scan member: the members, read as `$scan_<field>` / `$scanLast.<field>`. */
  scan?: ReadonlySet<string>;
  /** In a scan member, its running aggregates by key (cross-row.ts `runningCalls`): their values. */
  running?: ReadonlyMap<string, Operand>;
  /** The items' sheet-row field (`row`), set when a formula reads its row (ROW(), a scan). */
  rowField?: string;
}

/** What a column's lowering used, so it can be committed or rolled back. */
interface ColumnUse {
  roots: Array<{ name: string; root: Omit<RootDerivation, 'name'> }>;
  constants: Set<string>;
  values: Set<string>;
  pendingValues: string[];
  columnDeps: Set<string>;
  readsRow: boolean;
}

/**
 * Lowers one column's formula with a context that resolves references against the table. `commit: false`
 * is a trial (what would its own formula give?): whatever it named is rolled back either way.
 */
export function lowerColumn(c: ColumnToLower, commit = true): LoweredColumn | Refusal {
  const use: ColumnUse = {
    roots: [],
    constants: new Set(),
    values: new Set(),
    pendingValues: [],
    columnDeps: new Set(),
    readsRow: false,
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
    ...(use.readsRow ? { readsRow: true } : {}),
  };
}

/** The lowering context of one column: references to fields, constants, whole columns, lookup tables. */
function columnContext(c: ColumnToLower, use: ColumnUse): LowerContext {
  const resolver = new Resolver(c.table, c.constants, c.column, c.row, c.scan !== undefined);
  const fieldKinds = (f: string): readonly ValueKind[] => c.kinds.get(f) ?? KIND_ORDER;
  const typedIn = (f: string) => c.planByField?.get(f)?.kind === 'input';
  const field = (f: string): Operand => ({
    expr: fieldRead(c.scan, f, false),
    kinds: fieldKinds(f),
    ...(typedIn(f) ? { ne: false } : {}),
  });
  return {
    cell(node) {
      const t = resolver.cell(node);
      if (isRefusal(t)) return t;
      if (t.kind === 'const') {
        use.constants.add(t.name);
        return { expr: c.constants.read(t.name), kinds: [kindOfValue(t.value)] };
      }
      if (t.kind === 'previous') {
        return { expr: fieldRead(c.scan, t.column.field, true), kinds: fieldKinds(t.column.field) };
      }
      return field(t.column.field);
    },
    range(node: RangeNode): RangeOperand | Refusal {
      const t = resolver.range(node);
      if (isRefusal(t)) return t;
      if (t.kind === 'cells') {
        return { kind: 'cells', cells: t.columns.map((col) => field(col.field)) };
      }
      if (t.kind === 'expanding') {
        return refuse(
          'CROSS_ROW_REFERENCE',
          `${rangeText(node)} is an expanding range (a running total); only ${RUNNING_FUNCTIONS.join(', ')} of it alone are computed in order`,
          node.span,
        );
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
        return {
          kind: 'column',
          expr: `$$.items.${f}`,
          kinds: fieldKinds(f),
          field: f,
          items: '$$.items',
          ...(typedIn(f) ? { ne: false } : {}),
          ...(t.whole ? { whole: true as const } : {}),
        };
      }
      c.values.noteRead(t.address, t.rows, c.column.letter);
      return {
        kind: 'table',
        rows: t.rows,
        nameHint: t.nameHint,
        ...(t.whole ? { whole: true as const } : {}),
      };
    },
    hoist(operand: Operand, nameHint: string): Operand {
      const name = c.roots.hoist(nameHint, operand.expr, (n) =>
        use.roots.push({ name: n, root: hoistedRoot(c, use, operand) }),
      );
      return { expr: `$$.${name}`, kinds: operand.kinds, root: name };
    },
    date1904: c.table.date1904,
    subtotalCover: (node) =>
      subtotalCover(node, subtotalScope(c.table, c.table.lastDataRow - c.table.firstDataRow)),
    name(node) {
      const key = runningKey(node.name);
      const running = key === undefined ? undefined : c.running?.get(key);
      if (running) return running;
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
    row(node) {
      if (c.rowField === undefined)
        return refuse('UNSUPPORTED_CONSTRUCT', 'ROW: the items have no row field');
      use.readsRow = true;
      const read = fieldRead(c.scan, c.rowField, false);
      // The first data row's formula stands for every row: a reference k rows away stays k rows away.
      const offset = node === undefined ? 0 : node.row - c.row;
      if (offset === 0) return { expr: read, kinds: ['number'] };
      return {
        expr: `${read} ${offset < 0 ? '-' : '+'} ${Math.abs(offset)}`,
        kinds: ['number'],
        atom: false,
      };
    },
    evaluationDate(fn) {
      const t = c.constants.evaluationDate(c.table, fn);
      use.constants.add(t.name);
      return { expr: c.constants.read(t.name), kinds: ['number'] };
    },
    libraryValue(nameHint: string, value: unknown): string {
      const name = c.values.register(nameHint, value, (n) => use.pendingValues.push(n));
      use.values.add(name);
      return name;
    },
  };
}

/** Where a table formula is evaluated, for the nested SUBTOTALs its references read. */
function subtotalScope(table: RecognisedTable, rowsBelow: number): SubtotalScope {
  const sheets = table.workbook?.sheets;
  // Why the sheet as the file stores it: an Excel Table's sheet here is the list object's rewritten copy, where
  // a totals reference reads as the totals cell's SUBTOTAL; Excel leaves out only cells whose own formula calls
  // SUBTOTAL (poi table-sample.xlsx G9 saved 1 over shares of the totals row).
  const stored = sheets?.find((s) => s.name === table.sheet.name) ?? table.sheet;
  return { sheet: stored, sheets, rowsBelow };
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
export function lowerSafely(ast: Node, ctx: LowerContext): ReturnType<typeof lowerFormula> {
  try {
    return lowerFormula(ast, ctx);
  } catch (e) {
    // Why: the lowering promises not to throw on user input; if it does, refuse this column, not the file.
    return refuse('UNSUPPORTED_CONSTRUCT', `Internal error while lowering: ${(e as Error).message}`);
  }
}

/** Lowers a summary cell's aggregate: its range is the target column, and nothing is hoisted. */
export function lowerSummary(
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
    subtotalCover: (node) => subtotalCover(node, subtotalScope(table, 0)),
  };
  const lowered = lowerSafely(ast, ctx);
  if (isRefusal(lowered)) return lowered;
  return { ...lowered, roots: [], constants: [], values: [] };
}
