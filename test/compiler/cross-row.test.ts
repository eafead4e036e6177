import { describe, expect, it } from 'vitest';
import { expectAllVerified, type Grid, run, verified } from './sheet-helpers.js';
import type { ConversionResult, RejectedColumn } from '../../src/pipeline/index.js';
import { convertWorkbook } from '../../src/pipeline/stages.js';
import type { CellValue } from '../../src/workbook/values.js';
import type { WorkbookModel } from '../../src/workbook/model.js';
import { gridSheet } from '../../src/workbook/model.js';

const refusals = (r: ConversionResult): Array<Pick<RejectedColumn, 'column' | 'reason'>> =>
  (r.rejectedColumns ?? []).map(({ column, reason }) => ({ column, reason }));

/** Item | Debit | Credit | Balance, the balance `first(r)` in row 2 and `=D{r-1}+B{r}-C{r}` below. */
const ledger = (first: CellValue, rows = 6): Grid => {
  const g: (CellValue | undefined)[][] = [['Item', 'Debit', 'Credit', 'Balance']];
  for (let r = 2; r <= rows + 1; r++)
    g.push([`i${r}`, r * 10, r === 4 ? null : 3, r === 2 ? first : `=D${r - 1}+B${r}-C${r}`]);
  return g;
};

describe('running balances compile as one ordered scan', () => {
  it('=D2 (a formula start) then =D2+B3-C3: one scan root, each row reading it by its sheet row', async () => {
    const r = await verified(ledger('=B2-C2'));
    expectAllVerified(r);
    if (!r.valid) return;
    const paths = r.spec.derivations?.map((d) => d.path);
    expect(paths).toEqual(['$.balanceScan', '$.items[*].balance']);
    expect(r.spec.derivations?.[0].expr).toContain(
      '$reduce([$$.items.{"row": row, "debit": debit, "credit": credit}]',
    );
    expect(r.spec.derivations?.[1].expr).toBe('$lookup($$.balanceScan, $string($parent.row)).`~balance`');
    const doc = await run(r.spec, {
      items: [
        { row: 2, debit: 5, credit: 1 },
        { row: 3, debit: 10, credit: null },
        { row: 4, debit: 0, credit: 4 },
      ],
    });
    expect((doc.items as Array<{ balance: number }>).map((i) => i.balance)).toEqual([4, 14, 10]);
  });

  it('a typed opening balance is the start; the items, not their row numbers, give the order', async () => {
    const r = await verified(ledger(1000));
    expectAllVerified(r);
    if (!r.valid) return;
    // An item inserted with a new row number is computed in its place in the items' order.
    const doc = await run(r.spec, {
      items: [
        { row: 2, debit: 0, credit: 0 },
        { row: 99, debit: 7, credit: 0 },
        { row: 3, debit: 1, credit: 0 },
      ],
    });
    expect((doc.items as Array<{ balance: number }>).map((i) => i.balance)).toEqual([1000, 1007, 1008]);
  });

  it('a loan schedule: four columns computed together from the opening balance parameter', async () => {
    const g: (CellValue | undefined)[][] = [
      ['Period', 'Opening', 'Payment', 'Interest', 'Principal', 'Closing', undefined, 'Loan', 10000],
    ];
    for (let r = 2; r <= 13; r++) {
      const row: (CellValue | undefined)[] = [r - 1, r === 2 ? '=$I$1' : `=F${r - 1}`, 900];
      row.push(`=ROUND(B${r}*$I$2/12,2)`, `=C${r}-D${r}`, `=B${r}-E${r}`);
      if (r === 2) row.push(undefined, 'Rate', 0.05);
      g.push(row);
    }
    const r = await verified(g);
    expectAllVerified(r);
    if (!r.valid) return;
    expect(r.spec.derivations?.map((d) => d.path)).toEqual([
      '$.openingScan',
      '$.items[*].opening',
      '$.items[*].interest',
      '$.items[*].principal',
      '$.items[*].closing',
    ]);
    expect(r.spec.constants).toEqual({ loan: 10000, rate: 0.05 });
  });

  it('=B3-B2, a difference with the row above under a blank first row', async () => {
    const g: (CellValue | undefined)[][] = [['Month', 'Reading', 'Used']];
    for (let r = 2; r <= 7; r++) g.push([r - 1, r * r, r === 2 ? undefined : `=B${r}-B${r - 1}`]);
    const r = await verified(g);
    expectAllVerified(r);
    if (r.valid) expect(r.spec.derivations?.[0].expr).toContain('$scanPrevRow.reading');
  });

  it('a column reading the balance in its own row stays a row derivation after the scan', async () => {
    const g = ledger('=B2-C2').map((row, i) => [...row, i === 0 ? 'Twice' : `=D${i + 1}*2`]);
    const r = await verified(g);
    expectAllVerified(r);
    if (r.valid) {
      expect(r.spec.derivations?.map((d) => d.path)).toEqual([
        '$.balanceScan',
        '$.items[*].balance',
        '$.items[*].twice',
      ]);
      expect(r.spec.derivations?.[2].expr).toBe('$xlMul($parent.balance, 2)');
    }
  });
});

describe('cross-row formulas that stay refused', () => {
  it('a fixed other row of the table (=B2*$B$5) is CROSS_ROW_REFERENCE, not NON_UNIFORM_FORMULA', async () => {
    const g: (CellValue | undefined)[][] = [['A', 'B', 'C']];
    for (let r = 2; r <= 6; r++) g.push([r, r * 2, `=B${r}*$B$5`]);
    expect(refusals(await verified(g))).toEqual([{ column: 'C', reason: 'CROSS_ROW_REFERENCE' }]);
  });

  it('the row below (=B2+D3) is CROSS_ROW_REFERENCE', async () => {
    const g = ledger('=B2-C2').map((row, i) =>
      i === 0 ? row : [...row.slice(0, 3), `=B${i + 1}+D${i + 2}`],
    );
    expect(refusals(await verified(g))).toEqual([{ column: 'D', reason: 'CROSS_ROW_REFERENCE' }]);
  });

  it('a first row of its own without any read of the row above is NON_UNIFORM_FORMULA', async () => {
    const g = ledger('=B2-C2').map((row, i) =>
      i === 0 ? row : [...row.slice(0, 3), i === 1 ? '=B2*2' : `=B${i + 1}-C${i + 1}`],
    );
    expect(refusals(await verified(g))).toEqual([{ column: 'D', reason: 'NON_UNIFORM_FORMULA' }]);
  });

  it('a scan member reading its own column whole is CIRCULAR_REFERENCE', async () => {
    const g = ledger('=B2-C2').map((row, i) =>
      i < 2 ? row : [...row.slice(0, 3), `=D${i}+B${i + 1}/SUM($D$2:$D$7)`],
    );
    expect(refusals(await verified(g))).toEqual([{ column: 'D', reason: 'CIRCULAR_REFERENCE' }]);
  });
});

describe('a scan reads parameters like any formula (defined names, parameters as inputs)', () => {
  /** The ledger with its opening balance `=Opening` (a name for $G$1) and a fee `Fee` (a name holding 2). */
  const named = (): WorkbookModel => {
    const g = ledger('=Opening').map((row, i) =>
      i < 2 ? [...row] : [...row.slice(0, 3), `=D${i}+B${i + 1}-C${i + 1}-Fee`],
    );
    g[0] = [...g[0], undefined, 'Opening balance', 100];
    return {
      sheets: [gridSheet('Sheet1', g)],
      definedNames: [
        { name: 'Opening', ref: 'Sheet1!$G$1' },
        { name: 'Fee', ref: '2' },
      ],
      tables: [],
    };
  };

  it('a start and a step reading defined names compile and verify, as $const', async () => {
    const r = await convertWorkbook(named(), {});
    expectAllVerified(r);
    if (!r.valid) return;
    expect(r.spec.constants).toEqual({ opening: 100, fee: 2 });
    expect(r.spec.derivations?.[0].expr).toContain('$const.opening');
    expect(r.spec.derivations?.[0].expr).toContain('$const.fee');
  });

  it('with parameters as inputs the scan reads them as root fields ($$.opening), verified', async () => {
    const r = await convertWorkbook(named(), { parameters: 'inputs' });
    expectAllVerified(r);
    if (!r.valid) return;
    expect(r.spec.constants).toEqual({});
    expect(r.spec.derivations?.[0].expr).toContain('$$.opening');
    const doc = await run(r.spec, {
      opening: 10,
      fee: 0,
      items: [
        { row: 2, debit: 5, credit: 1 },
        { row: 3, debit: 10, credit: null },
      ],
    });
    expect((doc.items as Array<{ balance: number }>).map((i) => i.balance)).toEqual([10, 20]);
  });
});
