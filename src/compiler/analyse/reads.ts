/**
 * What a formula reads outside the table's rows: the parameter cells (labelled cells, named constants, cells
 * on other sheets) with their values, and the side tables' rows. A refused column's draft carries them, so
 * whoever finishes it need not convert other ranges by hand. Resolved with the same resolver the lowering
 * uses, over a fresh `Constants`, so asking changes no name of the compilation.
 */
import type { Node } from '../../workbook/formula/ast.js';
import { walk } from '../../workbook/formula/walk.js';
import type { CellValue } from '../../workbook/values.js';
import { isRefusal } from '../lower/contract.js';
import { resolveName, substituteNames } from '../recognise/names.js';
import type { RecognisedTable, TableColumn } from '../recognise/recognised.js';
import { references } from '../recognise/refs.js';
import { Constants } from './parameters.js';
import { Resolver } from './resolver.js';

export interface ReadParameter {
  /** `B2`, `Settings!B2`, or the defined name of a named constant. */
  address: string;
  label: string;
  value: CellValue;
}

export interface ReadTable {
  /** `G2:H5` or `Rates!A2:C20`. */
  address: string;
  /** Its rows as the sheet holds them (the first ones only when `truncated`). */
  rows: CellValue[][];
  /** Set when the rows were cut to the budget: how many rows the range has. */
  truncated?: { totalRows: number };
}

export interface FormulaReads {
  parameters: ReadParameter[];
  tables: ReadTable[];
}

/**
 * The parameters and side tables `ast` (a formula of `column`, read in `row`) reads, the tables' rows within
 * `budget` characters of JSON in all (the rows past it left out, each cut table marked `truncated`).
 */
export function formulaReads(
  table: RecognisedTable,
  ast: Node,
  column: TableColumn,
  row: number,
  budget: number,
): FormulaReads {
  const names = table.workbook?.definedNames ?? [];
  const resolver = new Resolver(table, new Constants(), column, row);
  const parameters = new Map<string, ReadParameter>();
  const tables = new Map<string, CellValue[][]>();
  walk(ast, (n) => {
    if (n.kind !== 'name') return;
    const t = resolveName(names, n, table.sheet.name);
    if (!isRefusal(t) && t.kind === 'constant')
      parameters.set(t.name, { address: t.name, label: t.name, value: t.value });
  });
  for (const ref of references(substituteNames(ast, names, table.sheet.name))) {
    if (ref.kind === 'cell') {
      const t = resolver.cell(ref);
      if (!isRefusal(t) && t.kind === 'const')
        parameters.set(t.address, { address: t.address, label: t.label, value: t.value });
      continue;
    }
    const t = resolver.range(ref);
    if (!isRefusal(t) && t.kind === 'table' && !tables.has(t.address)) tables.set(t.address, t.rows);
  }
  let left = budget;
  const out: ReadTable[] = [];
  for (const [address, rows] of tables) {
    const kept: CellValue[][] = [];
    for (const r of rows) {
      const size = JSON.stringify(r).length + 1;
      if (size > left) break;
      left -= size;
      kept.push(r);
    }
    out.push({
      address,
      rows: kept,
      ...(kept.length < rows.length ? { truncated: { totalRows: rows.length } } : {}),
    });
  }
  return { parameters: [...parameters.values()], tables: out };
}
