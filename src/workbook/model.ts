/**
 * The workbook model: what the reader (`readWorkbook`) hands to the rest of the compiler,
 * and what tests build in memory with `gridSheet()`. Rows and columns are 0-based.
 */
import type { CellValue } from './values.js';

export interface CellModel {
  row: number;
  col: number;
  /**
   * For a constant cell, its value. For a formula cell, the cached result Excel saved (same as `cached`),
   * or null when the file carries none.
   */
  value: CellValue;
  /** Formula text in A1 form without the leading `=`; for a shared-formula child, already shifted by us. */
  formula?: string;
  /** How the formula is stored: `normal`, `shared` (master or child), or `array` (CSE or dynamic array). */
  formulaKind?: 'normal' | 'shared' | 'array';
  /** For an array formula's anchor cell, the range it spans (`C2:C10`). */
  arrayRef?: string;
  /** Cached result saved in the file; `undefined` when the file carries none (never confused with ""). */
  cached?: CellValue;
  /** Number format code (`0.00`, `yyyy-mm-dd`, ...), when not General. */
  numFmt?: string;
}

export interface SheetModel {
  name: string;
  state: 'visible' | 'hidden' | 'veryHidden';
  /** Cells by row, then column. Only cells with a value or a formula are present. */
  rows: Map<number, Map<number, CellModel>>;
  /** Largest row and column index holding a cell (-1 when empty). */
  maxRow: number;
  maxCol: number;
  /** Merged ranges as A1 ranges (`A1:C1`). */
  merges: string[];
}

export interface DefinedName {
  name: string;
  /** Formula text of the name without `=`, e.g. `Sheet1!$B$1`. */
  ref: string;
  /** Set when the name is local to one sheet. */
  sheet?: string;
}

/** An Excel Table (ListObject), read from its table part (src/workbook/table-parts.ts). */
export interface TableModel {
  /** The name formulas use (`displayName`, else `name`). */
  name: string;
  /** The part's `name` attribute when it differs from the display name. */
  internalName?: string;
  sheet: string;
  /** The whole table, header and totals rows included (`B2:F12`). */
  ref: string;
  /** Column names, left to right. */
  columns: string[];
  /** Header rows at the top of `ref` (0 or 1; default 1). */
  headerRowCount?: number;
  /** Totals rows at the bottom of `ref` (0 or 1; default 0). */
  totalsRowCount?: number;
  totalsRowShown?: boolean;
  columnDetails?: TableColumnModel[];
}

/** One `<tableColumn>` of a table part. */
export interface TableColumnModel {
  name: string;
  /** The formula Excel fills into the column's data rows, as stored (no `=`). */
  calculatedColumnFormula?: string;
  /** `sum`, `average`, `count`, `countNums`, `max`, `min`, `stdDev`, `var` or `custom`. */
  totalsRowFunction?: string;
  /** The totals cell's formula when `totalsRowFunction` is `custom`. */
  totalsRowFormula?: string;
}

export interface WorkbookModel {
  sheets: SheetModel[];
  definedNames: DefinedName[];
  tables: TableModel[];
  /** Table parts the reader left out (malformed or missing), each with why; absent when none. */
  tableProblems?: string[];
  /** The workbook counts dates in the 1904 date system (`workbookPr date1904`): serial 0 is 1904-01-01. */
  date1904?: boolean;
  /** `<Application>` from docProps/app.xml when present (e.g. `Microsoft Excel`, `LibreOffice`). */
  application?: string;
  /** `<AppVersion>` from docProps/app.xml when present (`16.0300`): one of Excel's marks (producer.ts). */
  appVersion?: string;
  /** `<fileVersion>` of xl/workbook.xml when present: the saving application's build stamp (producer.ts). */
  fileVersion?: { appName?: string; lastEdited?: string; rupBuild?: string };
  /**
   * `<calcPr>` of xl/workbook.xml, when present: `calcMode` (`auto` when absent, `manual`, `autoNoTable`) and
   * `fullCalcOnLoad` (the file asks to be recalculated when opened: its saved values were not computed by it),
   * `iterate` (circular references are computed by iteration: saved values may come from a cycle).
   */
  calc?: { mode?: string; fullCalcOnLoad?: boolean; iterate?: boolean };
  /**
   * `<dcterms:modified>` of docProps/core.xml when present (`2014-05-29T07:38:12Z`, UTC): when the file was
   * last saved, one candidate for the date its TODAY() and NOW() read (volatile.ts).
   */
  modified?: string;
}

export function getCell(sheet: SheetModel, row: number, col: number): CellModel | undefined {
  return sheet.rows.get(row)?.get(col);
}

/**
 * Builds an in-memory sheet from a grid: each entry is a value, or a string starting with `=` for a formula.
 * `undefined`/`null` entries are blank. For tests and the formula command.
 */
export function gridSheet(
  name: string,
  grid: ReadonlyArray<ReadonlyArray<CellValue | undefined>>,
): SheetModel {
  const sheet: SheetModel = { name, state: 'visible', rows: new Map(), maxRow: -1, maxCol: -1, merges: [] };
  grid.forEach((line, row) => {
    line.forEach((entry, col) => {
      if (entry === undefined || entry === null) return;
      const cell: CellModel =
        typeof entry === 'string' && entry.startsWith('=') && entry.length > 1
          ? { row, col, value: null, formula: entry.slice(1), formulaKind: 'normal' }
          : { row, col, value: entry };
      let r = sheet.rows.get(row);
      if (!r) {
        r = new Map();
        sheet.rows.set(row, r);
      }
      r.set(col, cell);
      sheet.maxRow = Math.max(sheet.maxRow, row);
      sheet.maxCol = Math.max(sheet.maxCol, col);
    });
  });
  return sheet;
}
