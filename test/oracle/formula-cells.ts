/** Walking a workbook model's formula cells, for the tests that compare two oracles cell by cell. */
import type { CellModel, WorkbookModel } from '../../src/workbook/model.js';

/** Every formula cell of `wb` with its sheet's name, sheet by sheet in the model's order. */
export function* formulaCells(wb: WorkbookModel): Generator<[string, CellModel]> {
  for (const s of wb.sheets)
    for (const row of s.rows.values())
      for (const c of row.values()) if (c.formula !== undefined) yield [s.name, c];
}
