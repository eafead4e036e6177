import { describe, expect, it } from 'vitest';
import { expectAllVerified, type Grid, run, verified } from './sheet-helpers.js';
import type { CellValue } from '../../src/workbook/values.js';

/** A title row, then Item | Qty | <header> from row 3: `formula(r)` in every data row. */
const grid = (header: string, formula: (r: number) => string, rows = 4): Grid => [
  ['Stock list'],
  [],
  ['Item', 'Qty', header],
  ...Array.from({ length: rows }, (_, i) => [`i${i + 4}`, (i + 1) * 3, formula(i + 4)]),
];

describe("ROW() and ROWS() read the items' sheet row (the row input field)", () => {
  it.each([
    ['=ROW()', '$parent.row'],
    ['=ROW()-1', null],
    ['=ROW(A{r})', '$parent.row'],
    ['=ROW(B{r1})*2', null],
    ['=ROW()-ROW($A$3)', null],
    ['=ROW($A$1)+B{r}', null],
    ['=ROWS(A{r}:C{r1})+ROWS($A$1:$A$10)', null],
    ['=IF(MOD(ROW(),2)=0,"even","odd")', null],
    ['=ROWS($A$4:A{r})', '$abs($parent.row - 4) + 1'],
    ['=ROWS(A{r}:$A$9)', '$abs($parent.row - 9) + 1'],
    // The locked row inside the data: the moving end is above it, then below (3, 2, 1, 2).
    ['=ROWS($A$6:A{r})*B{r}', null],
  ])('%s: verified against the oracle', async (template, expr) => {
    const r = await verified(
      grid('N', (row) => template.replaceAll('{r1}', String(row + 1)).replaceAll('{r}', String(row))),
    );
    expectAllVerified(r);
    if (!r.valid) return;
    if (expr !== null) expect(r.spec.derivations?.[0].expr).toBe(expr);
  });

  it('the row field is a required input of the schema and in the seed; the runtime reads what the user gives', async () => {
    const r = await verified(grid('Line', () => '=ROW()-3'));
    expectAllVerified(r);
    if (!r.valid) return;
    const item = (r.spec.schema as { properties: { items: { items: Record<string, unknown> } } }).properties
      .items.items as {
      properties: Record<string, { type?: string; description?: string }>;
      required: string[];
    };
    expect(item.properties.row.type).toBe('integer');
    expect(item.properties.row.description).toContain('supplied by the user');
    expect(item.required).toContain('row');
    expect(r.spec.defaultValues?.[0].expr).toContain('{"row":4,"item":"i4","qty":3}');
    const doc = await run(r.spec, {
      items: [
        { row: 10, item: 'a', qty: 1 },
        { row: 4, item: 'b', qty: 2 },
      ],
    });
    expect((doc.items as Array<{ line: number }>).map((i) => i.line)).toEqual([7, 1]);
  });

  it('ROW($A$1) over the header cell reads a position, not a parameter: the header row keeps column A', async () => {
    const g: CellValue[][] = [['Item', 'Qty', 'Line']];
    for (let r = 2; r <= 5; r++) g.push([`i${r}`, r, '=ROW()-ROW($A$1)'.replace('ROW()', `ROW(B${r})`)]);
    const r = await verified(g);
    expectAllVerified(r);
    if (!r.valid) return;
    expect(r.spec.derivations?.map((d) => d.expr)).toEqual(['$parent.row - 1']);
    expect(r.spec.defaultValues?.[0].expr).toContain('{"row":2,"item":"i2","qty":2}');
  });

  it('ROW of a locked cell is a constant: no row field', async () => {
    const r = await verified(grid('N', (row) => `=B${row}*ROW($A$2)`));
    expectAllVerified(r);
    if (!r.valid) return;
    expect(r.spec.derivations?.[0].expr).not.toContain('row');
    expect(JSON.stringify(r.spec.schema)).not.toContain('"row"');
  });

  it("ROW() in a running balance reads the scan's row", async () => {
    const g: CellValue[][] = [['Item', 'Qty', 'Acc']];
    for (let r = 2; r <= 6; r++) g.push([`i${r}`, r, r === 2 ? '=ROW()' : `=C${r - 1}+ROW()*B${r}`]);
    const r = await verified(g);
    expectAllVerified(r);
  });

  it.each([
    ['=ROW($A$2:$A$5)', 'UNSUPPORTED_RANGE_SHAPE'],
    ['=ROW(1)', 'UNSUPPORTED_CONSTRUCT'],
  ])('%s is refused as %s', async (template, code) => {
    const g = grid('N', (row) => template.replaceAll('{r}', String(row))).map((row, i) =>
      i < 2 ? row : [...row, i === 2 ? 'Good' : `=B${i + 1}*2`],
    );
    const r = await verified(g);
    expect(r.valid).toBe(true);
    if (r.valid) expect(r.rejectedColumns.map((x) => [x.column, x.reason])).toEqual([['C', code]]);
  });
});
