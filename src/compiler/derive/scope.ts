/**
 * The scope of one compilation (the table, its constants, the kinds known so far, the refusals, the root and
 * library names) and the steps every formula column goes through, a scan member as any other: why it cannot
 * be lowered before trying, its override, its compiled record and the cell a refusal names. compile.ts
 * orders the columns; scan-compile.ts lowers a scan's members together; both build on these.
 */
import type { ColumnPlan } from '../analyse/columns.js';
import type { Constants } from '../analyse/parameters.js';
import { kindsOf } from '../analyse/columns.js';
import { withOverride } from '../analyse/overrides.js';
import { formulaPrecision, type Precision } from '../analyse/precision.js';
import type { ValueKind } from '../lower/contract.js';
import type { Refusal } from '../lower/contract.js';
import type { NameAllocator } from '../recognise/fields.js';
import type { RecognisedTable, TableColumn } from '../recognise/recognised.js';
import { sheetCell } from '../recognise/refs.js';
import type { RejectedColumn } from '../types.js';
import type { CompiledColumn, FormulaPlan, LoweredColumn } from './compiled.js';
import { sortKinds } from './lower-column.js';
import { LibraryValues, Roots } from './roots.js';
import { displayFormula } from '../../workbook/formula/future.js';

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

export function newScope(
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
    description: `Column ${p.column.letter} "${p.column.header}" of sheet "${table.sheet.name}", ${range}: =${displayFormula(p.formula)}`,
  };
}

/** `{precision}` when set, else nothing (an exact derivation carries no key). */
export function withPrecision(precision: Precision | undefined): { precision?: Precision } {
  return precision === undefined ? {} : { precision };
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
