/**
 * Excel Tables (ListObjects): when the workbook says where its table is, recognition believes it.
 *
 * Which table (docs/compiler.md "Excel Tables"):
 * - `options.table` names a ListObject (its display name, case-insensitive, on any sheet; with `options.sheet`
 *   too, it must be on that sheet), or is an A1 range (`B2:F40`, `Sheet2!B2:F40`) whose first row is the
 *   header row; anything else is TABLE_NOT_FOUND.
 * - Without it, the chosen sheet's (options.sheet, else the first visible) ListObjects with a header row are
 *   taken top to bottom, then left to right, and the first is compiled. When the sheet has none, recognition
 *   reads the sheet's layout (table.ts) as before. The other tables of the workbook are listed in an
 *   OTHER_TABLES warning.
 *
 * The table is its range: header row, data rows, and the totals row as the summary row. Its rows stay the
 * document's `items` (the collection name does not depend on the table's name, so a spec keeps its shape
 * when a table is renamed and matches the reference runtime's convention).
 *
 * Structured references are rewritten, on a copy of the sheet, to their A1 twins (the one pure translation,
 * src/workbook/formula/structured.ts), so analysis and lowering read `$C5` and `$E$3:$E$101` as they read any
 * reference. A reference to the totals row (`T[[#Totals],[Amount]]`) becomes the totals cell's own aggregate,
 * `(SUBTOTAL(109,$E$3:$E$101))`, so it lowers to the same root aggregate as the summary. Items the compiler
 * does not take (`#All`, `#Headers`, a range of columns outside this row, a whole totals row, another table,
 * a totals cell that is not an aggregate of its column) leave the cell's formula as written, and its column
 * is refused with STRUCTURED_REFERENCE naming the item.
 */
import type { Node, StructuredRefNode, TableBox } from '../../workbook/formula/index.js';
import {
  colName,
  dataRows,
  parseFormula,
  prepareA1Twin,
  type PreparedTwin,
  sheetCell,
  structuredToA1,
  tableBoxes,
  tableOf,
  walk,
} from '../../workbook/formula/index.js';
import type { CellModel, SheetModel, WorkbookModel } from '../../workbook/model.js';
import { getCell } from '../../workbook/model.js';
import { assignFieldNames } from './fields.js';
import { SUBTOTALS } from '../lower/functions/criteria/entry.js';
import type {
  RecognisedTable,
  RecogniseFailure,
  RecogniseOptions,
  SummaryCell,
  TableColumn,
} from './recognised.js';
import { DEFAULT_MAX_COLUMNS, DEFAULT_MAX_ROWS, pickSheet, SUMMARY_FUNCTIONS } from './recognised.js';
import type { Warning } from '../types.js';
import { displayFormula } from '../../workbook/formula/future.js';

/** The table the options or the sheet's ListObjects choose; undefined to read the sheet's layout. */
export function recogniseListObject(
  wb: WorkbookModel,
  options: RecogniseOptions,
  elsewhere: readonly string[] = [],
): RecognisedTable | RecogniseFailure | undefined {
  const boxes = tableBoxes(wb.tables).filter((t) => t.headerRows > 0);
  const chosen = chooseTable(wb, boxes, options);
  if (chosen === undefined || 'reason' in chosen) return chosen;
  const sheet = wb.sheets.find((s) => s.name === chosen.box.sheet);
  if (!sheet) return undefined;
  const warnings = [...tablePartWarnings(wb), ...otherTablesWarning(boxes, chosen, elsewhere)];
  const table = buildListTable(sheet, chosen, boxes, options, warnings);
  if ('reason' in table) return table;
  if (wb.date1904) table.date1904 = true;
  // The workbook stays in reach: defined names and other sheets' parameters and lookup tables.
  table.workbook = { sheets: wb.sheets, definedNames: wb.definedNames };
  return table;
}

/** TABLE_PART_IGNORED for each table part the reader left out. */
export function tablePartWarnings(wb: WorkbookModel): Warning[] {
  return (wb.tableProblems ?? []).map((p) => ({
    code: 'TABLE_PART_IGNORED',
    message: `A table part was left out: ${p}`,
  }));
}

/** A chosen region: a ListObject (`listed`) or an A1 range the caller gave. */
interface Chosen {
  box: TableBox;
  listed: boolean;
}

function chooseTable(
  wb: WorkbookModel,
  boxes: TableBox[],
  options: RecogniseOptions,
): Chosen | RecogniseFailure | undefined {
  if (options.table !== undefined) return tableByOption(wb, boxes, options.table, options.sheet);
  const sheet = pickSheet(wb, options.sheet);
  if (!sheet) return undefined;
  const first = boxes
    .filter((b) => b.sheet === sheet.name)
    .sort((a, b) => a.top - b.top || a.left - b.left)[0];
  return first ? { box: first, listed: true } : undefined;
}

function tableByOption(
  wb: WorkbookModel,
  boxes: TableBox[],
  wanted: string,
  sheetName: string | undefined,
): Chosen | RecogniseFailure {
  const byName = boxes.find((b) => b.name.toLowerCase() === wanted.trim().toLowerCase());
  const notFound = (why: string): RecogniseFailure => ({
    reason: 'TABLE_NOT_FOUND',
    error: `${why} (the workbook's tables: ${boxes.map((b) => `${b.name} on ${b.sheet}`).join(', ') || 'none'})`,
  });
  if (byName) {
    if (sheetName !== undefined && byName.sheet.toLowerCase() !== sheetName.toLowerCase()) {
      return notFound(`Table ${byName.name} is on sheet "${byName.sheet}", not "${sheetName}"`);
    }
    return { box: byName, listed: true };
  }
  const range = rangeBox(wb, wanted, sheetName);
  if (range) return { box: range, listed: false };
  return notFound(`"${wanted}" is neither a table of the workbook nor an A1 range like B2:F40`);
}

/** `B2:F40` or `Sheet2!B2:F40` as a region whose first row holds the headers. */
function rangeBox(wb: WorkbookModel, text: string, sheetName: string | undefined): TableBox | undefined {
  const { ast } = parseFormula(text.trim());
  if (ast?.kind !== 'range' || ast.workbook !== undefined) return undefined;
  const { start, end } = ast;
  if (start.row === null || start.col === null || end.row === null || end.col === null) return undefined;
  const sheet = pickSheet(wb, ast.sheet ?? sheetName);
  if (!sheet || end.row <= start.row) return undefined;
  const columns: string[] = [];
  for (let c = start.col; c <= end.col; c++) columns.push(String(getCell(sheet, start.row, c)?.value ?? ''));
  return {
    name: `${sheet.name}!${colName(start.col)}${start.row + 1}:${colName(end.col)}${end.row + 1}`,
    sheet: sheet.name,
    top: start.row,
    left: start.col,
    bottom: end.row,
    right: end.col,
    headerRows: 1,
    totalsRows: 0,
    columns,
  };
}

/** OTHER_TABLES naming the table compiled and the others: Excel Tables, and `elsewhere` (other sheets' formula tables). */
function otherTablesWarning(boxes: TableBox[], chosen: Chosen, elsewhere: readonly string[]): Warning[] {
  const others = [
    ...boxes.filter((b) => b !== chosen.box).map((b) => `${b.name} (${b.sheet})`),
    ...elsewhere,
  ];
  if (others.length === 0) return [];
  return [
    {
      code: 'OTHER_TABLES',
      message: `Compiled ${chosen.listed ? `table ${chosen.box.name}` : `range ${chosen.box.name}`}; the workbook also holds ${others.join(', ')}: choose with --table`,
      cell: sheetCell(chosen.box.sheet, chosen.box.top, chosen.box.left),
    },
  ];
}

function buildListTable(
  sheet: SheetModel,
  chosen: Chosen,
  boxes: TableBox[],
  options: RecogniseOptions,
  warnings: Warning[],
): RecognisedTable | RecogniseFailure {
  const { box } = chosen;
  const width = box.right - box.left + 1;
  const maxColumns = options.maxColumns ?? DEFAULT_MAX_COLUMNS;
  if (width > maxColumns) {
    return {
      reason: 'TOO_MANY_COLUMNS',
      error: `The table has ${width} columns; the limit is ${maxColumns}`,
    };
  }
  const { first, last } = dataRows(box);
  if (last < first) return { reason: 'NO_TABLE', error: `Table ${box.name} has no data rows` };
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  if (last - first + 1 > maxRows) {
    return { reason: 'TOO_MANY_ROWS', error: `The table has more than ${maxRows} data rows (the limit)` };
  }
  const fields = assignFieldNames(box.columns);
  const columns: TableColumn[] = box.columns.map((header, i) => ({
    col: box.left + i,
    letter: colName(box.left + i),
    header,
    field: fields[i]!,
  }));
  const rewriter = new Rewriter(sheet, box, boxes, chosen.listed);
  const totals = box.totalsRows > 0 ? totalsRow(rewriter, box, warnings) : undefined;
  if (totals) rewriter.setTotals(totals);
  rewriter.rewriteRows(first, last);
  const table: RecognisedTable = {
    sheet: rewriter.sheet(),
    headerRow: box.top,
    firstDataRow: first,
    lastDataRow: last,
    rows: Array.from({ length: last - first + 1 }, (_, i) => first + i),
    columns,
    warnings,
  };
  if (totals) table.summary = { row: box.bottom, cells: totals };
  return table;
}

/** The totals row's aggregates (its A1 twins), each over one column's data rows; others warned and left out. */
function totalsRow(rewriter: Rewriter, box: TableBox, warnings: Warning[]): SummaryCell[] {
  rewriter.rewriteRows(box.bottom, box.bottom);
  const { first, last } = dataRows(box);
  const out: SummaryCell[] = [];
  for (let col = box.left; col <= box.right; col++) {
    const cell = rewriter.cell(box.bottom, col);
    if (cell?.formula === undefined) continue;
    const { ast } = parseFormula(cell.formula);
    const aggregate = ast ? summaryAggregate(ast, first, last, box) : undefined;
    if (!ast || !aggregate) {
      warnings.push({
        code: 'SUMMARY_REFUSED',
        message: `The totals cell =${displayFormula(cell.formula)} is left out: not an aggregate (SUM, AVERAGE, MIN, MAX, COUNT or their SUBTOTAL) of one table column`,
        cell: sheetCell(box.sheet, box.bottom, col),
      });
      continue;
    }
    out.push({ col, formula: cell.formula, ast, ...aggregate });
  }
  return out;
}

/** `SUM($E$3:$E$6)` or `SUBTOTAL(109,$E$3:$E$6)` over exactly one column's data rows: its function and column. */
function summaryAggregate(
  ast: Node,
  first: number,
  last: number,
  box: TableBox,
): { fn: string; target: number } | undefined {
  if (ast.kind !== 'call') return undefined;
  let fn = ast.name;
  let args = ast.args;
  if (fn === 'SUBTOTAL' && args[0]?.kind === 'number') {
    const n = args[0].value >= 101 ? args[0].value - 100 : args[0].value;
    fn = SUBTOTALS[n] ?? '';
    args = args.slice(1);
  }
  const arg = args[0];
  if (!SUMMARY_FUNCTIONS.has(fn) || args.length !== 1 || arg?.kind !== 'range' || arg.sheet !== undefined) {
    return undefined;
  }
  const { start, end } = arg;
  if (start.col === null || start.col !== end.col || start.col < box.left || start.col > box.right)
    return undefined;
  if (start.row !== first || end.row !== last) return undefined;
  return { fn, target: start.col };
}

/**
 * Rewrites the formulas of the table's rows to their A1 twins on a copy of the sheet (rows copied only when
 * a cell changes); one parse per distinct formula text.
 */
class Rewriter {
  private rows: SheetModel['rows'] | undefined;
  private readonly prepared = new Map<string, PreparedTwin | undefined>();
  private totals: SummaryCell[] = [];

  constructor(
    private readonly original: SheetModel,
    private readonly box: TableBox,
    private readonly boxes: TableBox[],
    /** A ListObject (its references are held to what the compiler takes), not a range the caller gave. */
    private readonly listed: boolean,
  ) {}

  /** The totals row's aggregates, which totals references stand for from now on. */
  setTotals(totals: SummaryCell[]): void {
    this.totals = totals;
    this.prepared.clear();
  }

  sheet(): SheetModel {
    return this.rows ? { ...this.original, rows: this.rows } : this.original;
  }

  cell(row: number, col: number): CellModel | undefined {
    return getCell(this.sheet(), row, col);
  }

  rewriteRows(from: number, to: number): void {
    for (let r = from; r <= to; r++) {
      const line = this.original.rows.get(r);
      if (!line) continue;
      for (const [c, cell] of line) {
        if (cell.formula === undefined || !cell.formula.includes('[')) continue;
        const twin = this.twinOf(cell.formula)?.({ sheet: this.box.sheet, row: r, col: c });
        if (twin === undefined || !('text' in twin) || twin.text === cell.formula) continue;
        this.rows ??= new Map([...this.original.rows].map(([k, v]) => [k, new Map(v)]));
        this.rows.get(r)!.set(c, { ...cell, formula: twin.text });
      }
    }
  }

  /** The formula's twin, or undefined when one of its references is an item the compiler does not take. */
  private twinOf(formula: string): PreparedTwin | undefined {
    if (this.prepared.has(formula)) return this.prepared.get(formula);
    const p = this.prepare(formula);
    this.prepared.set(formula, p);
    return p;
  }

  private prepare(formula: string): PreparedTwin | undefined {
    const { ast } = parseFormula(formula);
    if (!ast) return undefined;
    const refs: StructuredRefNode[] = [];
    walk(ast, (n) => {
      if (n.kind === 'structured') refs.push(n);
    });
    // A range the caller gave: every reference becomes its twin, and the analysis judges the A1 form.
    if (!this.listed) return prepareA1Twin(formula, this.boxes);
    // A reference the compiler does not take stays as written (its column is refused, naming it); a totals
    // reference becomes the totals cell's aggregate; every other reference its A1 twin at each cell.
    const slots = refs
      .sort((a, b) => a.span.start - b.span.start)
      .map((node) => {
        if (this.refusal(node) !== undefined)
          return { node, fixed: formula.slice(node.span.start, node.span.end) };
        const total = this.totalOf(node);
        return { node, fixed: total === undefined ? undefined : `(${total})` };
      });
    return (at) => {
      let text = '';
      let from = 0;
      for (const { node, fixed } of slots) {
        const twin = fixed === undefined ? structuredToA1(node, at, this.boxes) : { a1: fixed };
        if (!('a1' in twin)) return { reason: twin.reason, node };
        text += formula.slice(from, node.span.start) + twin.a1;
        from = node.span.end;
      }
      return { text: text + formula.slice(from) };
    };
  }

  /** The summary formula a `T[[#Totals],[Col]]` stands for, when it is one. */
  private totalOf(node: StructuredRefNode): string | undefined {
    if (!node.sections.some((s) => s.toLowerCase() === 'totals')) return undefined;
    const twin = structuredToA1(
      node,
      { sheet: this.box.sheet, row: this.box.top, col: this.box.left },
      this.boxes,
    );
    if (!('a1' in twin)) return undefined;
    return this.totals.find((s) => `$${colName(s.col)}$${this.box.bottom + 1}` === twin.a1)?.formula;
  }

  /** Why the compiler does not take this reference, or undefined. */
  private refusal(node: StructuredRefNode): string | undefined {
    const t = tableOf(
      node,
      { sheet: this.box.sheet, row: this.box.top + this.box.headerRows, col: this.box.left },
      this.boxes,
    );
    if (t !== this.box) return 'another table';
    const s = node.sections.map((x) => x.toLowerCase());
    if (s.some((x) => x !== 'this row' && x !== 'data' && x !== 'totals') || s.length > 1) return 'item';
    if (node.columns.length > 1 && !s.includes('this row')) return 'columns';
    if (s.includes('totals') && (node.columns.length !== 1 || this.totalOf(node) === undefined))
      return 'totals';
    return undefined;
  }
}
