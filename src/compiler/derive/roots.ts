/**
 * The names a compilation hands out beside the fields: root derivations (hoisted aggregates and summary
 * cells, `$$.sumAmount`) and library values (lookup tables). Each is unique, made from a hint, and given once
 * per distinct expression or value; a refused column's tentative names are rolled back.
 */
import type { RootDerivation } from './compiled.js';
import { fieldName, NameAllocator } from '../recognise/fields.js';
import { isTableValue, type TableValue } from '../lower/library.js';
import type { CellValue } from '../../workbook/values.js';

/** Root derivation names: unique, never `items`, one per distinct expression. */
export class Roots {
  private readonly byExpr = new Map<string, string>();
  private readonly committed = new Map<string, RootDerivation>();
  private readonly tentative = new Set<string>();

  /** `names` may be shared with other root fields (parameters as inputs); it must reserve `items`. */
  constructor(private readonly names: NameAllocator = new NameAllocator(['items'])) {}

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
        ...(root.precision !== undefined || r.precision !== undefined ? { precision: 15 as const } : {}),
        description: `${r.description}; ${root.description}`,
      });
      return;
    }
    const name = this.names.allocate(safeHint(hint, 'summary'));
    this.byExpr.set(root.expr, name);
    this.committed.set(name, { name, ...root });
  }

  /** The given root names in the order the roots were created. */
  inCreationOrder(names: readonly string[]): string[] {
    return [...this.committed.keys()].filter((n) => names.includes(n));
  }

  list(): RootDerivation[] {
    return [...this.committed.values()];
  }
}

/**
 * Library values (lookup tables): one export per distinct value, names from hints. A table's rows are data
 * (`tables`: one entry per distinct rows, named after the first value built from them, the spec's
 * `constants.tables`); the value the library exports is its build over that data.
 */
export class LibraryValues {
  private readonly names = new NameAllocator();
  private readonly byJson = new Map<string, string>();
  private readonly dataByJson = new Map<string, string>();
  readonly map = new Map<string, unknown>();
  /** The tables' rows by data name. */
  readonly tables = new Map<string, CellValue[][]>();
  /** Lookup tables read that are empty or all blank: their address → the columns reading them. */
  readonly blank = new Map<string, Set<string>>();

  /** Notes a table a column reads when it holds no value (LOOKUP_TABLE_EMPTY). */
  noteRead(address: string, rows: readonly (readonly CellValue[])[], column: string): void {
    if (rows.some((r) => r.some((v) => v !== null && v !== undefined))) return;
    const readers = this.blank.get(address) ?? new Set<string>();
    readers.add(column);
    this.blank.set(address, readers);
  }

  register(hint: string, value: unknown, onNew: (name: string) => void): string {
    const json = JSON.stringify(value);
    const known = this.byJson.get(json);
    if (known !== undefined) return known;
    let base = safeHint(hint, 'table');
    // Why: helper exports are named `xl...`; a value must never shadow one.
    if (/^xl[A-Z]/.test(base)) base = `t${capitalise(base)}`;
    const name = this.names.allocate(base);
    this.byJson.set(json, name);
    this.map.set(name, isTableValue(value) && 'rows' in value ? this.asData(name, value) : value);
    onNew(name);
    return name;
  }

  /** The table value reading its rows from the data (shared by every value built from the same rows). */
  private asData(name: string, value: Extract<TableValue, { rows: unknown }>): TableValue {
    const json = JSON.stringify(value.rows);
    let data = this.dataByJson.get(json);
    if (data === undefined) {
      data = name;
      this.dataByJson.set(json, data);
      this.tables.set(data, value.rows);
    }
    return { build: value.build, data };
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

function capitalise(s: string): string {
  return s[0].toUpperCase() + s.slice(1);
}
