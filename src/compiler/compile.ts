/**
 * Compiling a recognised table: every formula column lowered to one JSONata derivation, in dependency order.
 *
 * Steps, each refusing per column so the rest still compiles:
 * 1. classify columns (analyse/columns.ts);
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
import { analyseColumns, rejection } from './analyse/columns.js';
import { Constants, type ParametersAs } from './analyse/parameters.js';
import { Resolver } from './analyse/resolver.js';
import { overrideFieldName, typedOverWarning } from './analyse/overrides.js';
import { formulaPrecision, spreadPrecision } from './analyse/precision.js';
import { topoOrder } from './analyse/topo-order.js';
import type { Compilation, CompiledColumn, FormulaPlan } from './derive/compiled.js';
import { readsRowNumber, scanMembers, scansOverBlankRows } from './derive/cross-row.js';
import { lowerColumn, lowerSummary, sortKinds } from './derive/lower-column.js';
import { LibraryValues, Roots } from './derive/roots.js';
import { compileScan } from './derive/scan-compile.js';
import {
  blockedBy,
  compiledColumn,
  newScope,
  overridden,
  type Scope,
  withCell,
  withPrecision,
} from './derive/scope.js';
import { isRefusal } from './lower/contract.js';
import { NameAllocator } from './recognise/fields.js';
import type { RecognisedTable } from './recognise/recognised.js';
import { sheetCell, valueReferences } from './recognise/refs.js';
import type { RejectedColumn, Warning } from './types.js';
import type { Node } from '../workbook/formula/ast.js';
import { displayFormula } from '../workbook/formula/future.js';

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
  const warnings = [
    ...table.warnings,
    ...overrideWarnings(scope, formulas),
    ...compileSummary(scope),
    ...blankTableWarnings(scope),
  ];
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
    libraryTables: scope.values.tables,
    columnDeps: readDeps(deps, previous),
    ownRefusals,
    ...(scope.rowField === undefined ? {} : { rowField: scope.rowField }),
  };
}

/** LOOKUP_TABLE_EMPTY for each lookup table read that holds no value, naming its range and readers. */
function blankTableWarnings(scope: Scope): Warning[] {
  return [...scope.values.blank].map(([address, readers]) => ({
    code: 'LOOKUP_TABLE_EMPTY' as const,
    message: `The lookup table ${address} read by column${readers.size > 1 ? 's' : ''} ${[...readers].join(', ')} holds no value (every cell blank): check the range`,
  }));
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
        message: `The summary =${displayFormula(s.formula)} is left out: ${why}`,
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
      description: `Summary cell ${cell}: =${displayFormula(s.formula)}`,
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
