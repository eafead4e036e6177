/**
 * References that leave the table: parameters and lookup tables, on the table's sheet or another one.
 *
 * Rules (docs/compiler.md "Parameters on other sheets"):
 * - `Settings!$B$2` (row-locked) is a labelled parameter exactly as on the table's sheet (parameters.ts
 *   `Constants`); `Rates!$A$2:$C$20` (row-locked) is a constant lookup table.
 * - A reference to another sheet that moves with the row (`Settings!B2`, `Data!A2:A9`) would read that
 *   sheet's rows: CROSS_SHEET_REFERENCE. So are 3-D references (`Jan:Dec!B2`) and a sheet the workbook does
 *   not have. Another workbook is EXTERNAL_REFERENCE.
 */
import type { CellNode, RangeNode } from '../../workbook/formula/ast.js';
import { a1 } from '../../workbook/formula/ast.js';
import type { SheetModel } from '../../workbook/model.js';
import { getCell } from '../../workbook/model.js';
import type { CellValue } from '../../workbook/values.js';
import { fieldName } from '../recognise/fields.js';
import { type Refusal, refuse } from '../lower/contract.js';
import { definedNameOfRange } from '../recognise/names.js';
import type { RecognisedTable } from '../recognise/recognised.js';

/** Lookup tables larger than this many cells are refused (they would bloat the library). */
export const MAX_LOOKUP_CELLS = 50_000;

/** A constant lookup table read from a sheet. */
export interface LookupTable {
  kind: 'table';
  rows: CellValue[][];
  address: string;
  nameHint: string;
}

/**
 * The sheet a reference reads when it is not the table's own: the sheet, `undefined` for the table's sheet,
 * or a refusal (another workbook, a 3-D reference, an unknown sheet).
 */
export function referencedSheet(
  table: RecognisedTable,
  node: CellNode | RangeNode,
): SheetModel | undefined | Refusal {
  if (node.workbook !== undefined) {
    return refuse('EXTERNAL_REFERENCE', `${node.workbook} is another workbook`, node.span);
  }
  if (node.sheet === undefined || node.sheet === table.sheet.name) return undefined;
  if (node.sheet.includes(':')) {
    return refuse('CROSS_SHEET_REFERENCE', `${node.sheet} is a 3-D reference over several sheets`, node.span);
  }
  const wanted = node.sheet.toLowerCase();
  const sheet = table.workbook?.sheets.find((s) => s.name.toLowerCase() === wanted);
  if (!sheet) return refuse('CROSS_SHEET_REFERENCE', `The workbook has no sheet "${node.sheet}"`, node.span);
  return sheet === table.sheet ? undefined : sheet;
}

/** Refuses a reference to another sheet that moves with the row (it would read that sheet's rows). */
export function movesOnOtherSheet(sheet: SheetModel, node: CellNode | RangeNode): Refusal | undefined {
  const locked = node.kind === 'cell' ? node.rowAbs : node.start.rowAbs && node.end.rowAbs;
  if (locked) return undefined;
  return refuse(
    'CROSS_SHEET_REFERENCE',
    `The formula reads the rows of sheet "${sheet.name}" (the reference moves with the row; lock its rows if it is a parameter or a lookup table)`,
    node.span,
  );
}

/**
 * The constant lookup table `node` covers on `sheet` (no formulas inside), named from the label above it, a
 * defined name pointing at it, or its address.
 */
export function lookupTable(
  table: RecognisedTable,
  sheet: SheetModel,
  node: RangeNode,
  text: string,
): LookupTable | Refusal {
  const { start, end } = node;
  const [r0, c0, r1, c1] = [start.row ?? 0, start.col ?? 0, end.row ?? 0, end.col ?? 0];
  const cells = (r1 - r0 + 1) * (c1 - c0 + 1);
  if (cells > MAX_LOOKUP_CELLS) {
    return refuse(
      'UNSUPPORTED_RANGE_SHAPE',
      `${text} holds ${cells} cells; the limit for a lookup table is ${MAX_LOOKUP_CELLS}`,
      node.span,
    );
  }
  const rows: CellValue[][] = [];
  for (let r = r0; r <= r1; r++) {
    const line: CellValue[] = [];
    for (let c = c0; c <= c1; c++) {
      const cell = getCell(sheet, r, c);
      if (cell?.formula !== undefined) {
        return refuse('LOOKUP_TABLE_CONTAINS_FORMULA', `${text} holds a formula in ${a1(r, c)}`, node.span);
      }
      line.push(cell?.value ?? null);
    }
    rows.push(line);
  }
  const own = sheet === table.sheet;
  const address = `${a1(r0, c0)}:${a1(r1, c1)}`;
  return {
    kind: 'table',
    rows,
    address: own ? address : `${sheet.name}!${address}`,
    nameHint: tableName(table, sheet, node, own),
  };
}

function tableName(table: RecognisedTable, sheet: SheetModel, node: RangeNode, own: boolean): string {
  const { start } = node;
  const [r0, c0] = [start.row ?? 0, start.col ?? 0];
  const above = r0 > 0 ? getCell(sheet, r0 - 1, c0) : undefined;
  const label =
    above && above.formula === undefined && typeof above.value === 'string' ? fieldName(above.value) : '';
  if (label && label !== 'field') return `${label}Table`;
  const named = definedNameOfRange(table.workbook?.definedNames ?? [], sheet.name, node);
  const name = named === undefined ? '' : fieldName(named);
  if (name && name !== 'field') return `${name}Table`;
  const sheetWord = fieldName(sheet.name);
  return own ? `table${a1(r0, c0)}` : `table${sheetWord[0].toUpperCase()}${sheetWord.slice(1)}${a1(r0, c0)}`;
}
