/**
 * Structured references → their A1 twins, from the tables' ranges: the one translation of a fact of the file.
 *
 * An Excel Table's structured reference names cells of the table's range; this file says which, as an A1
 * reference, so that both the compiler (which then lowers the A1 twin like any reference) and the oracle
 * (HyperFormula has no structured references) read the same cells. It is pure and knows nothing of either.
 *
 * | reference (in a cell of row r)                      | A1 twin                            |
 * |---|---|
 * | `[@Qty]`, `T[@Qty]`, `T[[#This Row],[Qty]]`         | `$C{r}` (column fixed, row moves)  |
 * | `[@[Qty]:[Price]]`                                  | `$C{r}:$D{r}`                      |
 * | `T[Qty]`, `T[[#Data],[Qty]]`                        | `$C$2:$C$101` (the data rows)      |
 * | `T[[#Totals],[Qty]]`                                | `$C$102`                           |
 * | `T[#Headers]`, `T[#All]`, `T[#Totals]`, `T` columns | the header / whole / totals rows   |
 *
 * A reference to a table on another sheet is qualified with that sheet. What has no twin (an unknown table or
 * column, `#This Row` outside the data rows, `#Totals` of a table without one, a mix of sections Excel does
 * not allow) is `{reason}`: the caller leaves the formula as written.
 *
 * The this-row twin keeps its column absolute: the oracle moves a rewritten formula to the other cells of a
 * filled range (src/oracle/engine/templates.ts), and `[@Qty]` filled right still reads Qty.
 */
import type { StructuredRefNode } from './ast.js';
import { colName } from './ast.js';
import type { TableModel } from '../model.js';
import { refBox } from '../table-parts.js';
import { AS_SAVED_PARSE_LIMITS } from './limits.js';
import { parseFormula } from './parser.js';
import { walk } from './walk.js';

/** A table's rows and columns, 0-based, for resolving its references. */
export interface TableBox {
  name: string;
  sheet: string;
  top: number;
  left: number;
  bottom: number;
  right: number;
  headerRows: number;
  totalsRows: number;
  columns: string[];
}

/** Where the formula stands. */
export interface FormulaAt {
  sheet: string;
  row: number;
  col: number;
}

export type A1Twin = { a1: string } | { reason: string };

/** The boxes of the workbook's tables (a table with a malformed ref is left out). */
export function tableBoxes(tables: readonly TableModel[]): TableBox[] {
  const out: TableBox[] = [];
  for (const t of tables) {
    const box = refBox(t.ref);
    if (!box) continue;
    out.push({
      name: t.name,
      sheet: t.sheet,
      ...box,
      headerRows: t.headerRowCount ?? 1,
      totalsRows: t.totalsRowCount ?? 0,
      columns: t.columns,
    });
  }
  return out;
}

/** The table a reference names: by name (case-insensitive), or the one the formula stands in. */
export function tableOf(
  node: StructuredRefNode,
  at: FormulaAt,
  tables: readonly TableBox[],
): TableBox | undefined {
  if (node.table) {
    const name = node.table.toLowerCase();
    return tables.find((t) => t.name.toLowerCase() === name);
  }
  return tables.find(
    (t) =>
      t.sheet === at.sheet && at.row >= t.top && at.row <= t.bottom && at.col >= t.left && at.col <= t.right,
  );
}

/** The first and last data rows of a table (last < first when it has none). */
export function dataRows(t: TableBox): { first: number; last: number } {
  return { first: t.top + t.headerRows, last: t.bottom - t.totalsRows };
}

/** The A1 twin of one structured reference in the cell `at`. */
export function structuredToA1(node: StructuredRefNode, at: FormulaAt, tables: readonly TableBox[]): A1Twin {
  if (node.workbook !== undefined) return { reason: `${node.text} reads another workbook` };
  const t = tableOf(node, at, tables);
  if (!t)
    return { reason: node.table ? `no table named ${node.table}` : `${node.text} stands outside any table` };
  const cols = columnSpan(node, t);
  if ('reason' in cols) return cols;
  const rows = rowSpan(node, at, t);
  if ('reason' in rows) return rows;
  const sheet = t.sheet === at.sheet ? '' : `${quoteSheet(t.sheet)}!`;
  const colOf = (c: number) => `$${colName(c)}`;
  const rowOf = (r: number) => (rows.thisRow ? `${r + 1}` : `$${r + 1}`);
  const start = `${colOf(cols.left)}${rowOf(rows.top)}`;
  const end = `${colOf(cols.right)}${rowOf(rows.bottom)}`;
  return { a1: sheet + (start === end ? start : `${start}:${end}`) };
}

function columnSpan(
  node: StructuredRefNode,
  t: TableBox,
): { left: number; right: number } | { reason: string } {
  if (node.columns.length === 0) return { left: t.left, right: t.right };
  const index = (name: string) => t.columns.findIndex((c) => c.toLowerCase() === name.toLowerCase());
  const found = node.columns.map(index);
  const missing = found.findIndex((i) => i < 0);
  if (missing >= 0) return { reason: `table ${t.name} has no column "${node.columns[missing]}"` };
  return { left: t.left + Math.min(...found), right: t.left + Math.max(...found) };
}

/** Sections Excel allows together, in table order. */
const SECTION_ORDER = ['headers', 'data', 'totals'];

function rowSpan(
  node: StructuredRefNode,
  at: FormulaAt,
  t: TableBox,
): { top: number; bottom: number; thisRow: boolean } | { reason: string } {
  const { first, last } = dataRows(t);
  const s = node.sections.map((x) => x.toLowerCase());
  if (s.includes('this row')) {
    if (s.length > 1) return { reason: `${node.text} mixes #This Row with another item` };
    if (at.sheet !== t.sheet || at.row < first || at.row > last) {
      return { reason: `${node.text} is read outside the data rows of table ${t.name}` };
    }
    return { top: at.row, bottom: at.row, thisRow: true };
  }
  if (s.length === 0 || (s.length === 1 && s[0] === 'data')) {
    if (last < first) return { reason: `table ${t.name} has no data rows` };
    return { top: first, bottom: last, thisRow: false };
  }
  if (s.includes('all')) return { top: t.top, bottom: t.bottom, thisRow: false };
  const idx = s.map((x) => SECTION_ORDER.indexOf(x)).sort((a, b) => a - b);
  if (idx.some((i) => i < 0) || idx.length > 2 || (idx.length === 2 && idx[1] !== idx[0]! + 1)) {
    return { reason: `${node.text}: Excel allows no such combination of items` };
  }
  const bounds = [
    { top: t.top, bottom: t.top + t.headerRows - 1, missing: t.headerRows === 0 },
    { top: first, bottom: last, missing: last < first },
    { top: last + 1, bottom: t.bottom, missing: t.totalsRows === 0 },
  ];
  const parts = idx.map((i) => bounds[i]!);
  const gone = parts.find((p) => p.missing);
  if (gone) return { reason: `${node.text}: table ${t.name} has no such row` };
  return { top: parts[0]!.top, bottom: parts[parts.length - 1]!.bottom, thisRow: false };
}

function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}

/** One structured reference of a formula, where it is in the text. */
interface Slot {
  node: StructuredRefNode;
  start: number;
  end: number;
}

/** A formula's structured references, found once per distinct text and placed at any cell. */
export type PreparedTwin = (at: FormulaAt) => { text: string } | { reason: string; node: StructuredRefNode };

/**
 * Prepares the A1 form of a formula (no `=`): the text is parsed once; each call substitutes every structured
 * reference's twin for the cell given. A formula without structured references comes back unchanged.
 */
export function prepareA1Twin(formula: string, tables: readonly TableBox[]): PreparedTwin {
  const slots = structuredSlots(formula);
  if (slots.length === 0) return () => ({ text: formula });
  return (at) => {
    let text = '';
    let from = 0;
    for (const s of slots) {
      const twin = structuredToA1(s.node, at, tables);
      if ('reason' in twin) return { reason: twin.reason, node: s.node };
      text += formula.slice(from, s.start) + twin.a1;
      from = s.end;
    }
    return { text: text + formula.slice(from) };
  };
}

function structuredSlots(formula: string): Slot[] {
  if (!formula.includes('[')) return [];
  const { ast } = parseFormula(formula, AS_SAVED_PARSE_LIMITS);
  if (!ast) return [];
  const slots: Slot[] = [];
  // Spans are offsets into the text after a leading `=`; the stored formula has none.
  const shift = formula.startsWith('=') ? 1 : 0;
  walk(ast, (n) => {
    if (n.kind === 'structured')
      slots.push({ node: n, start: n.span.start + shift, end: n.span.end + shift });
  });
  return slots.sort((a, b) => a.start - b.start);
}

/** The items a structured reference names, for a refusal's detail: `#All, column Amount`. */
export function structuredItems(node: StructuredRefNode): string {
  const items = node.sections.map((s) => `#${s.replace(/\b\w/g, (c) => c.toUpperCase())}`);
  if (node.columns.length === 1) items.push(`column ${node.columns[0]}`);
  else if (node.columns.length > 1) items.push(`columns ${node.columns.join(' to ')}`);
  if (node.table) items.unshift(`table ${node.table}`);
  return items.join(', ');
}
