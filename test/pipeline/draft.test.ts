/**
 * The draft (src/pipeline/draft.ts): a conversion that refuses columns, or the whole workbook, still returns
 * the scaffold an agent finishes, with every reason of each refused column and its saved values as a test.
 */
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/pipeline/index.js';

/** qty, per, whole (=FLOOR.PRECISE: unsupported), cost (=whole*per: reads it), and optionally a good column. */
async function book(good: boolean, own = false): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Jobs');
  ws.addRow(['qty', 'per', 'whole', 'cost', ...(good ? ['double'] : [])]);
  for (let r = 2; r <= 4; r++) {
    const qty = r * 7;
    ws.addRow([qty, 3]);
    const whole = Math.trunc(qty / 3);
    ws.getCell(`C${r}`).value = { formula: `FLOOR.PRECISE(A${r}/B${r})`, result: whole };
    const cost = own ? `BESSELJ(C${r},1)` : `C${r}*B${r}`;
    ws.getCell(`D${r}`).value = { formula: cost, result: whole * 3 };
    if (good) ws.getCell(`E${r}`).value = { formula: `A${r}*2`, result: qty * 2 };
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('the draft', () => {
  it('comes with a whole-file refusal: schema stubs, seed rows, formulas, saved values as a test', async () => {
    const result = await convert(await book(false), { filename: 'jobs.xlsx' });
    expect(result).toMatchObject({ valid: false, reason: 'UNSUPPORTED_FUNCTION' });
    const draft = result.draft!;
    expect(draft).toBeDefined();
    expect(draft.fields.map((f) => [f.column, f.field, f.role])).toEqual([
      ['A', 'qty', 'input'],
      ['B', 'per', 'input'],
      ['C', 'whole', 'refused'],
      ['D', 'cost', 'refused'],
    ]);
    const props = (draft.spec!.schema as any).properties.items.items.properties;
    expect(Object.keys(props)).toEqual(['qty', 'per', 'whole', 'cost']);
    expect(props.whole).toEqual({ title: 'whole', type: 'number', readOnly: true });
    expect(draft.stubs.whole).toEqual(props.whole);
    expect(JSON.parse(draft.spec!.defaultValues![0]!.expr).items[0]).toEqual({ qty: 14, per: 3 });
    const [whole, cost] = draft.refused;
    expect(whole).toMatchObject({
      field: 'whole',
      formula: 'FLOOR.PRECISE(A2/B2)',
      formulaR1C1: 'FLOOR.PRECISE(RC[-2]/RC[-1])',
      cell: 'Jobs!C2',
    });
    expect(whole!.reasons.map((r) => r.code)).toEqual(['UNSUPPORTED_FUNCTION']);
    expect(cost!.reasons).toEqual([
      expect.objectContaining({ code: 'DEPENDS_ON_REJECTED_COLUMN', column: 'C' }),
    ]);
    expect(whole!.test).toEqual({
      description: 'Column C on rows 2, 3, 4 as the workbook saved it',
      given: {},
      expect: { '$.items[0].whole': 4, '$.items[1].whole': 7, '$.items[2].whole': 9 },
      compare: 'excel15',
    });
  });

  it("gives a dependant's own reason too, not only the column it reads", async () => {
    const result = await convert(await book(false, true), { filename: 'jobs.xlsx' });
    const cost = result.draft!.refused.find((r) => r.field === 'cost')!;
    expect(cost.reasons.map((r) => [r.code, r.column])).toEqual([
      ['UNSUPPORTED_FUNCTION', undefined],
      ['DEPENDS_ON_REJECTED_COLUMN', 'C'],
    ]);
    expect(cost.reasons[0]!.detail).toContain('BESSELJ');
  });

  it('comes beside a valid spec that refused a column: stubs and refused columns, the spec not repeated', async () => {
    const result = await convert(await book(true), { filename: 'jobs.xlsx' });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    const draft = result.draft!;
    expect(draft.spec).toBeUndefined();
    expect(Object.keys(draft.stubs)).toEqual(['whole', 'cost']);
    expect(draft.refused.map((r) => r.column)).toEqual(['C', 'D']);
    expect(draft.fields.map((f) => f.role)).toEqual(['input', 'input', 'refused', 'refused', 'derived']);
    expect((result.spec.schema as any).properties.items.items.properties.whole).toBeUndefined();
  });

  it('is absent when nothing was refused', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('T');
    ws.addRow(['a', 'b']);
    ws.addRow([1]);
    ws.getCell('B2').value = { formula: 'A2*2', result: 2 };
    const result = await convert(new Uint8Array(await wb.xlsx.writeBuffer()), { filename: 't.xlsx' });
    expect(result.valid).toBe(true);
    expect(result.draft).toBeUndefined();
  });
});

/** code, qty, and `out` refused (FLOOR.PRECISE) reading a side table G2:H4 and the labelled cell Settings!B1. */
async function withReads(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Jobs');
  const settings = wb.addWorksheet('Settings');
  settings.getCell('A1').value = 'Markup';
  settings.getCell('B1').value = 1.5;
  ws.getCell('A1').value = 'code';
  ws.getCell('B1').value = 'qty';
  ws.getCell('C1').value = 'out';
  ws.getCell('G1').value = 'Rates';
  const rates: [string, number][] = [
    ['a', 2],
    ['b', 3],
    ['c', 5],
  ];
  rates.forEach(([k, v], i) => {
    ws.getCell(`G${i + 2}`).value = k;
    ws.getCell(`H${i + 2}`).value = v;
  });
  ['b', 'c', 'a'].forEach((code, i) => {
    const r = i + 2;
    ws.getCell(`A${r}`).value = code;
    ws.getCell(`B${r}`).value = r;
    const rate = rates.find(([k]) => k === code)![1];
    ws.getCell(`C${r}`).value = {
      formula: `FLOOR.PRECISE(B${r}*VLOOKUP(A${r},$G$2:$H$4,2,FALSE)*Settings!$B$1)`,
      result: Math.floor(r * rate * 1.5),
    };
  });
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('the draft carries what a refused formula reads', () => {
  it('the parameter cells with their values and the side tables with their rows', async () => {
    const result = await convert(await withReads(), { filename: 'reads.xlsx' });
    const out = result.draft!.refused.find((r) => r.field === 'out')!;
    expect(out.reads).toEqual({
      parameters: [{ address: 'Settings!B1', label: 'Markup', value: 1.5 }],
      tables: [
        {
          address: 'G2:H4',
          rows: [
            ['a', 2],
            ['b', 3],
            ['c', 5],
          ],
        },
      ],
    });
  });

  it('cuts the tables to the seed budget and says so', async () => {
    const result = await convert(await withReads(), { filename: 'reads.xlsx', seedBudget: 20 });
    const out = result.draft!.refused.find((r) => r.field === 'out')!;
    expect(out.reads?.tables).toEqual([
      {
        address: 'G2:H4',
        rows: [
          ['a', 2],
          ['b', 3],
        ],
        truncated: { totalRows: 3 },
      },
    ]);
  });
});
