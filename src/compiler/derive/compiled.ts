/**
 * What compiling a table's formula columns produces: a lowered column, a compiled column, a root derivation,
 * and the whole compilation the spec is assembled from. Types only, so every step of the compilation and the
 * assembly read them from one place.
 */
import type { CellValue } from '../../workbook/values.js';
import type { ColumnPlan } from '../analyse/columns.js';
import type { ParameterEntry, ParametersAs } from '../analyse/parameters.js';
import type { Overrides } from '../analyse/overrides.js';
import type { Precision } from '../analyse/precision.js';
import type { ValueKind } from '../lower/contract.js';
import type { RecognisedTable, TableColumn } from '../recognise/recognised.js';
import type { RejectedColumn, Warning } from '../types.js';

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
  /** The lookup tables' rows by data name (`constants.tables`), read by the table values in `libraryValues`. */
  libraryTables: ReadonlyMap<string, CellValue[][]>;
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

export type FormulaPlan = Extract<ColumnPlan, { kind: 'formula' }>;

export interface LoweredColumn {
  expr: string;
  kinds: readonly ValueKind[];
  helpers: string[];
  roots: string[];
  constants: string[];
  values: string[];
  /** The formula reads its own row number (ROW(), ROWS($A$2:A2)): the items' row field. */
  readsRow?: boolean;
}
