/**
 * Excel Tables (ListObjects): `xl/tables/tableN.xml`, reached from a sheet through its `<tablePart r:id>` and
 * the sheet's relationships part (`xl/worksheets/_rels/sheetN.xml.rels`), as Excel links them.
 *
 * What is read: the table's `name` and `displayName` (formulas use the display name), its `ref` range,
 * `headerRowCount` (default 1), `totalsRowCount` (default 0) and `totalsRowShown`, and each `<tableColumn>`:
 * `name`, `totalsRowFunction`, and the texts of `<calculatedColumnFormula>` and `<totalsRowFormula>`.
 *
 * Hostile input: the parts have passed pre-flight (sizes, no DOCTYPE). A table part that is missing, has no
 * `<table>` element, a malformed `ref`, or a column count that does not match its range is left out and
 * named in `problems`, so recognition can warn and fall back to the sheet's layout; nothing here throws. At
 * most `MAX_TABLES` tables are read per workbook.
 */
import type { TableColumnModel, TableModel } from './model.js';
import { attrs as attrsOf, decodeXml, elements, parseCellRef } from './xml-scan.js';

/** More ListObjects than this in one workbook are left out (Excel itself slows to a crawl long before). */
export const MAX_TABLES = 10_000;

export interface TablePartsResult {
  tables: TableModel[];
  /** Table parts left out, with why (`xl/tables/table3.xml: no <table> element`). */
  problems: string[];
}

/** A sheet whose table parts are read: its name, part path and XML. */
export interface SheetPart {
  name: string;
  part: string;
  xml: string;
}

/** Reads the tables of every sheet; `text(path)` returns a part's XML or undefined. */
export function readTableParts(
  sheets: readonly SheetPart[],
  text: (path: string) => string | undefined,
  relationships: (xml: string, base: string) => Map<string, string>,
): TablePartsResult {
  const tables: TableModel[] = [];
  const problems: string[] = [];
  for (const sheet of sheets) {
    const ids = elements(sheet.xml, 'tablePart').map((e) => e.attrs.id ?? '');
    if (ids.length === 0) continue;
    const slash = sheet.part.lastIndexOf('/');
    const dir = sheet.part.slice(0, slash + 1);
    const rels = relationships(text(`${dir}_rels/${sheet.part.slice(slash + 1)}.rels`) ?? '', dir);
    for (const id of ids) {
      if (tables.length >= MAX_TABLES) {
        problems.push(`${sheet.name}: more than ${MAX_TABLES} tables`);
        return { tables, problems };
      }
      const path = rels.get(id);
      const xml = path === undefined ? undefined : text(path);
      if (path === undefined || xml === undefined) {
        problems.push(`${sheet.name}: table part ${id || '(no id)'} is missing`);
        continue;
      }
      const read = readTablePart(xml, sheet.name);
      if (typeof read === 'string') problems.push(`${path}: ${read}`);
      else tables.push(read);
    }
  }
  return { tables, problems };
}

/** One table part, or why it is left out. */
export function readTablePart(xml: string, sheet: string): TableModel | string {
  const head = /<(?:[A-Za-z_][\w.-]*:)?table(?=[\s>/])([^>]*)>/.exec(xml);
  if (!head) return 'no <table> element';
  const attrs = attrsOf(head[1] ?? '');
  const name = attrs.displayName || attrs.name;
  if (!name) return 'the table has no name';
  const ref = attrs.ref ?? '';
  const box = refBox(ref);
  if (!box) return `malformed range "${ref}"`;
  const columns = elements(xml, 'tableColumn').map(tableColumn);
  if (columns.length !== box.right - box.left + 1) {
    return `${columns.length} columns declared for the ${box.right - box.left + 1} columns of ${ref}`;
  }
  const table: TableModel = {
    name,
    sheet,
    ref,
    columns: columns.map((c) => c.name),
    headerRowCount: count(attrs.headerRowCount, 1),
    totalsRowCount: count(attrs.totalsRowCount, 0),
    columnDetails: columns,
  };
  if (attrs.name && attrs.name !== name) table.internalName = attrs.name;
  if (attrs.totalsRowShown !== undefined) table.totalsRowShown = attrs.totalsRowShown !== '0';
  return table;
}

/** A `<tableColumn>` element; its body holds the formula children. */
function tableColumn(e: { attrs: Record<string, string>; body: string }): TableColumnModel {
  const c: TableColumnModel = { name: e.attrs.name ?? '' };
  const fn = e.attrs.totalsRowFunction;
  if (fn && fn !== 'none') c.totalsRowFunction = fn;
  const calc = elements(e.body, 'calculatedColumnFormula')[0];
  if (calc) c.calculatedColumnFormula = decodeXml(calc.body);
  const totals = elements(e.body, 'totalsRowFormula')[0];
  if (totals) c.totalsRowFormula = decodeXml(totals.body);
  return c;
}

/** `headerRowCount="0"` style counts: 0 or 1 (Excel writes nothing else); anything else is the default. */
function count(v: string | undefined, fallback: number): number {
  return v === '0' ? 0 : v === '1' ? 1 : fallback;
}

/** The 0-based box of an A1 range `B2:E20` (a one-cell ref is its own box). */
export function refBox(
  ref: string,
): { top: number; left: number; bottom: number; right: number } | undefined {
  const [a, b] = ref.split(':');
  const from = parseCellRef(a ?? '');
  const to = b === undefined ? from : parseCellRef(b);
  if (!from || !to || ref.split(':').length > 2) return undefined;
  return {
    top: Math.min(from.row, to.row),
    left: Math.min(from.col, to.col),
    bottom: Math.max(from.row, to.row),
    right: Math.max(from.col, to.col),
  };
}
