/**
 * Conversion and the not-established value, end to end on generated workbooks: a column is refused as
 * NOT_ESTABLISHED only when the workbook's rows meet a case whose Excel answer is not established (CHOOSE of a
 * text index); a column whose rows never meet it compiles, and a new row meeting it at run time gets the
 * not-established value, never an answer.
 */
import { describe, expect, it } from 'vitest';
import { CHOOSE_NE } from '../../src/compiler/lower/functions/choice/entry.js';
import { testSpecInProcess } from '../../src/modelspec/index.js';
import { readWorkbook } from '../../src/workbook/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import { run, verified } from '../compiler/sheet-helpers.js';

const HEAD = ['idx', 'pick', 'safe', 'after'];
const row = (r: number, idx: number | string) => [
  idx,
  `=CHOOSE(A${r},10,20)`,
  `=IF(ISNUMBER(A${r}),CHOOSE(A${r},10,20),0)`,
  `=IFERROR(B${r},-1)`,
];

describe('conversion meeting the not-established value', () => {
  it('refuses the column whose rows meet it with NOT_ESTABLISHED; one whose rows never do compiles', async () => {
    const r = await verified([HEAD, row(2, 1), row(3, 'x'), row(4, 2)]);
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    const pick = r.rejectedColumns.find((c) => c.column === 'B');
    expect(pick?.reason).toBe('NOT_ESTABLISHED');
    expect(pick?.detail).toContain(CHOOSE_NE);
    expect(pick?.detail).toContain('row 3');
    expect(r.rejectedColumns.find((c) => c.column === 'D')?.reason).toBe('DEPENDS_ON_REJECTED_COLUMN');
    expect(r.rejectedColumns.map((c) => c.column)).toEqual(['B', 'D']);
    const safe = r.verification?.columns.find((c) => c.field === 'safe');
    expect(safe).toMatchObject({ cellsChecked: 3, matched: 3 });
    expect(safe).not.toHaveProperty('notEstablished');
    expect(r.verification?.columns.find((c) => c.field === 'pick')?.notEstablished).toBe(1);
  });

  it('compiles as before when no row can meet it (the index is always a number)', async () => {
    const r = await verified([HEAD, row(2, 1), row(3, 2)]);
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns).toEqual([]);
    // The rows are numbers only, so the index is known a number: the plain form, no not-established branch.
    const pick = r.spec.derivations?.find((d) => d.path === '$.items[*].pick');
    expect(pick?.expr).not.toContain('xlNE');
  });

  it('keeps a column of mixed kinds whose rows never meet it; a run-time row that meets it is not established', async () => {
    const val = (r: number) => `=IF(B${r}="skip",0,CHOOSE(A${r},10,20))`;
    const r = await verified([
      ['idx', 'flag', 'val'],
      [1, 'go', val(2)],
      ['x', 'skip', val(3)],
    ]);
    expect(r.valid).toBe(true);
    if (!r.valid) return;
    expect(r.rejectedColumns).toEqual([]);
    const derivation = r.spec.derivations?.find((d) => d.path === '$.items[*].val');
    expect(derivation?.expr).toContain('$xlNE(');
    const doc = await run(r.spec, {
      items: [
        { idx: 'y', flag: 'go' },
        { idx: 2, flag: 'go' },
      ],
    });
    expect(doc.items).toMatchObject([{ val: { notEstablished: CHOOSE_NE } }, { val: 20 }]);
    // MATCH over the column: a cell before the match that is not established makes the position so too.
    const m = await verified([
      ['idx', 'flag', 'val', 'pos'],
      [1, 'go', val(2), '=MATCH(C2,$C$2:$C$3,0)'],
      ['x', 'skip', val(3), '=MATCH(C3,$C$2:$C$3,0)'],
    ]);
    expect(m.valid && m.rejectedColumns).toEqual([]);
    if (!m.valid) return;
    const after = await run(m.spec, {
      items: [
        { idx: 'y', flag: 'go' },
        { idx: 2, flag: 'go' },
      ],
    });
    expect(after.items).toMatchObject([
      { pos: { notEstablished: CHOOSE_NE } },
      { pos: { notEstablished: CHOOSE_NE } },
    ]);
    const before = await run(m.spec, {
      items: [
        { idx: 2, flag: 'go' },
        { idx: 'y', flag: 'go' },
      ],
    });
    expect(before.items).toMatchObject([{ pos: 1 }, { pos: { notEstablished: CHOOSE_NE } }]);
    const t = await testSpecInProcess(r.spec, [
      { given: { '$.items[0].idx': 'y' }, expect: { '$.items[0].val': 10 } },
      { given: { '$.items[0].idx': 2 }, expect: { '$.items[0].val': 20 } },
    ]);
    expect(t).toMatchObject({ passed: 1, failed: 0, notEstablished: 1 });
  });
});

// exceljs writes the workbook as a file, read back by the reader: the whole way a user's workbook goes.
describe('from an .xlsx written by exceljs', () => {
  it('refuses the column meeting it as NOT_ESTABLISHED', async () => {
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sheet1');
    ws.addRow(['idx', 'pick']);
    ws.addRow([1, { formula: 'CHOOSE(A2,10,20)' }]);
    ws.addRow(['x', { formula: 'CHOOSE(A3,10,20)' }]);
    const bytes = new Uint8Array(await wb.xlsx.writeBuffer());
    const r = await convertWorkbook(await readWorkbook(bytes), {});
    expect(r).toMatchObject({ valid: false, reason: 'NOT_ESTABLISHED' });
  });
});
