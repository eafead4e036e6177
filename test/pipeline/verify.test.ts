import { describe, expect, it } from 'vitest';
import type { CellValue } from '../../src/workbook/values.js';
import { getCell, gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import { equalAt15, sameValue } from '../../src/oracle/compare.js';
import { verifySpec } from '../../src/pipeline/verify/verify-spec.js';
import { EXCEL_MARKS } from '../workbook/helpers.js';
import type { ModelSpec } from '../../src/modelspec/types.js';

describe('sameValue / equalAt15', () => {
  it('numbers as IEEE doubles, -0 equals 0', () => {
    expect(sameValue(-0, 0)).toBe(true);
    expect(sameValue(0.1 + 0.2, 0.3)).toBe(false);
    expect(equalAt15(0.1 + 0.2, 0.3)).toBe(true);
    expect(equalAt15(1.0000000000001, 1)).toBe(false);
    expect(equalAt15(-0, 0)).toBe(true);
  });
  it('text code unit for code unit, no case folding or normalisation', () => {
    expect(sameValue('a', 'A')).toBe(false);
    expect(sameValue('\u00e9', 'e\u0301')).toBe(false);
    expect(sameValue('😀', '\ud83d\ude00')).toBe(true);
    expect(equalAt15('1', 1)).toBe(false);
  });
  it('kinds never mix: blank, booleans, errors', () => {
    expect(sameValue(null, null)).toBe(true);
    expect(sameValue(null, 0)).toBe(false);
    expect(sameValue(null, '')).toBe(false);
    expect(sameValue(true, 1)).toBe(false);
    expect(sameValue(false, false)).toBe(true);
    expect(sameValue({ error: '#N/A' }, { error: '#N/A' })).toBe(true);
    expect(sameValue({ error: '#N/A' }, { error: '#VALUE!' })).toBe(false);
    expect(sameValue({ error: '#N/A' }, '#N/A')).toBe(false);
  });
});

function orders(): { workbook: WorkbookModel; items: Record<string, unknown>[] } {
  const grid: (CellValue | undefined)[][] = [
    ['Price', 'Qty', 'Total', 'Label'],
    [1.005, 2, '=ROUND(A2*B2,2)', '="n"&B2'],
    [2.5, 0.1, '=ROUND(A3*B3,2)', '="n"&B3'],
    [3, null, '=ROUND(A4*B4,2)', '="n"&B4'],
  ];
  const sheet = gridSheet('Sheet1', grid);
  // Excel's saved values for the Total column (D3 left without one).
  const cached: CellValue[] = [2.01, 0.25, 0];
  cached.forEach((v, i) => {
    const cell = getCell(sheet, i + 1, 2);
    if (cell) cell.cached = v;
  });
  const label = getCell(sheet, 2, 3);
  if (label) label.cached = 'n0.1';
  return {
    workbook: { sheets: [sheet], definedNames: [], tables: [] },
    items: [
      { price: 1.005, qty: 2 },
      { price: 2.5, qty: 0.1 },
      { price: 3, qty: null },
    ],
  };
}

const library = {
  define: `(
    $xlText := function($v) { $type($v) = 'number' ? $string($v) : $v = null ? '' : $string($v) };
    ["xlText"]
  )`,
};

function spec(totalExpr: string): ModelSpec {
  return {
    id: 'orders',
    version: '1.0.0',
    schema: { type: 'object' },
    library,
    derivations: [
      { path: '$.items[*].total', expr: totalExpr },
      { path: '$.items[*].label', expr: `"n" & $xlText($parent.qty)` },
    ],
  };
}

const columns = [
  { field: 'total', col: 2, header: 'Total' },
  { field: 'label', col: 3, header: 'Label' },
];

describe('verifySpec', () => {
  it('checks and matches every derived cell of a correct spec', async () => {
    const { workbook, items } = orders();
    // Rounding the product's 15-digit decimal form half away from zero, as Excel does.
    const expr = `($p := ($parent.price ? $parent.price : 0) * ($parent.qty ? $parent.qty : 0);
      $s := $p < 0 ? -1 : 1; $s * $round($number($formatNumber($abs($p), '#0.00000000000000')) * 100 + 0.0000001) / 100)`;
    const out = await verifySpec({
      spec: spec(expr),
      doc: { items },
      workbook,
      sheet: 'Sheet1',
      rows: [1, 2, 3],
      columns,
    });
    expect(out.mismatches).toEqual({});
    expect(out.verification.oracle.name).toBe('HyperFormula');
    expect(out.verification.cellsChecked).toBe(6);
    expect(out.verification.matched).toBe(6);
    expect(out.verification.cachedChecked).toBe(4);
    expect(out.verification.cachedExact).toBe(4);
    expect(out.verification.columns.map((c) => [c.field, c.column, c.cellsChecked, c.matched])).toEqual([
      ['total', 'C', 3, 3],
      ['label', 'D', 3, 3],
    ]);
  });

  it('reports a wrong derivation with row, cell, inputs, expected and got', async () => {
    const { workbook, items } = orders();
    const out = await verifySpec({
      spec: spec('$round($parent.price * 2, 2)'), // wrong: ignores Qty
      doc: { items },
      workbook,
      sheet: 'Sheet1',
      rows: [1, 2, 3],
      columns,
    });
    expect(out.verification.columns[0]).toMatchObject({ field: 'total', cellsChecked: 3, matched: 1 });
    expect(out.mismatches.label).toBeUndefined();
    expect(out.mismatches.total).toEqual([
      {
        row: 3,
        cell: 'Sheet1!C3',
        inputs: { price: 2.5, qty: 0.1 },
        expected: 0.25,
        got: 5,
        source: 'oracle',
        class: 'specDiffersFromOracle',
        formula: 'ROUND(A3*B3,2)',
        oracle: 0.25,
        excel: 0.25,
      },
      {
        row: 4,
        cell: 'Sheet1!C4',
        inputs: { price: 3, qty: null },
        expected: 0,
        got: 6,
        source: 'oracle',
        class: 'specDiffersFromOracle',
        formula: 'ROUND(A4*B4,2)',
        oracle: 0,
        excel: 0,
      },
    ]);
    // Excel's saved values disagree with the spec too: counted, not hidden.
    expect(out.verification.columns[0]).toMatchObject({ cachedChecked: 3, cachedExact: 1, disagreements: 2 });
  });

  it('counts a derivation that throws as mismatches of its column', async () => {
    const { workbook, items } = orders();
    const out = await verifySpec({
      spec: spec('$error("boom")'),
      doc: { items },
      workbook,
      sheet: 'Sheet1',
      rows: [1, 2, 3],
      columns,
    });
    expect(out.verification.columns[0]).toMatchObject({ cellsChecked: 3, matched: 0 });
    expect(out.mismatches.total).toHaveLength(3);
    expect(out.mismatches.total?.[0].got).toMatchObject({ thrown: expect.any(String) });
    expect(out.mismatches.label).toBeUndefined();
  });

  it('warns when the oracle and the spec agree but Excel saved another value', async () => {
    const { workbook, items } = orders();
    const cell = getCell(workbook.sheets[0], 2, 3);
    if (cell) cell.cached = 'stale';
    const out = await verifySpec({
      spec: spec('$round($parent.price * ($parent.qty ? $parent.qty : 0), 2)'),
      doc: { items },
      workbook,
      sheet: 'Sheet1',
      rows: [1, 2, 3],
      columns: [columns[1]],
    });
    expect(out.mismatches).toEqual({});
    expect(out.verification.disagreements).toBe(1);
    expect(out.warnings).toContainEqual(
      expect.objectContaining({ code: 'ORACLE_EXCEL_DISAGREEMENT', cell: 'Sheet1!D3' }),
    );
  });

  it('checks a root derivation backed by a summary cell', async () => {
    const sheet = gridSheet('S', [['Amount'], [1], [2], [3], ['=SUM(A2:A4)']]);
    const out = await verifySpec({
      spec: {
        id: 't',
        version: '1.0.0',
        schema: {},
        derivations: [{ path: '$.sumAmount', expr: '$sum(items.amount)' }],
      },
      doc: { items: [{ amount: 1 }, { amount: 2 }, { amount: 3 }] },
      workbook: { sheets: [sheet], definedNames: [], tables: [] },
      sheet: 'S',
      rows: [1, 2, 3],
      columns: [],
      roots: [{ path: '$.sumAmount', row: 4, col: 0 }],
    });
    expect(out.mismatches).toEqual({});
    expect(out.verification.columns).toEqual([
      expect.objectContaining({ field: '$.sumAmount', cellsChecked: 1, matched: 1 }),
    ]);
  });
});

describe('verifySpec: who judges (saved values binding when Excel saved them)', () => {
  const labelOnly = spec('0');
  async function verifyLabel(application: string | undefined, calc?: WorkbookModel['calc']) {
    const { workbook, items } = orders();
    const cell = getCell(workbook.sheets[0], 2, 3);
    if (cell) cell.cached = 'stale';
    if (application !== undefined) Object.assign(workbook, { application, ...EXCEL_MARKS });
    if (calc) workbook.calc = calc;
    const real = (await import('../../src/oracle/engine/hyperformula.js')).evaluateWorkbook(workbook);
    return verifySpec({
      spec: labelOnly,
      doc: { items },
      workbook,
      sheet: 'Sheet1',
      rows: [1, 2, 3],
      columns: [columns[1]],
      oracle: real,
    });
  }

  it.each(['Microsoft Excel', 'Microsoft Macintosh Excel', 'Microsoft Excel Online'])(
    'saved by %s: a saved value both engines contradict refuses the column (source excel, three values)',
    async (application) => {
      const out = await verifyLabel(application);
      expect(out.mismatches.label).toEqual([
        {
          row: 3,
          cell: 'Sheet1!D3',
          inputs: { price: 2.5, qty: 0.1 },
          expected: 'stale',
          got: 'n0.1',
          source: 'excel',
          class: 'enginesDifferFromExcel',
          formula: '"n"&B3',
          oracle: 'n0.1',
          excel: 'stale',
        },
      ]);
      expect(out.warnings.filter((w) => w.code === 'ORACLE_EXCEL_DISAGREEMENT')).toEqual([]);
      expect(out.verification.judge).toBe('excel');
      expect(out.verification.savedValues).toEqual({ producer: application, standing: 'binding' });
      expect(out.verification.classes).toMatchObject({ enginesDifferFromExcel: 1, unsaved: 2 });
      expect(out.verification.columns[0]?.cells).toEqual([
        expect.objectContaining({ cell: 'Sheet1!D3', class: 'enginesDifferFromExcel', excel: 'stale' }),
      ]);
    },
  );

  it('saved by another application: a warning naming it, the oracle decides', async () => {
    const out = await verifyLabel('LibreOffice/7.6.4.1$Linux_X86_64 LibreOffice_project/e19e193f');
    expect(out.mismatches).toEqual({});
    expect(out.verification.judge).toBe('oracle');
    expect(out.verification.savedValues.standing).toBe('other-engine');
    const w = out.warnings.find((x) => x.code === 'ORACLE_EXCEL_DISAGREEMENT');
    expect(w?.message).toContain('saved by LibreOffice/7.6.4.1');
  });

  it("named Microsoft Excel without Excel's marks (as exceljs writes): another engine's, the oracle decides", async () => {
    const { workbook, items } = orders();
    const cell = getCell(workbook.sheets[0], 2, 3);
    if (cell) cell.cached = 'stale';
    Object.assign(workbook, {
      application: 'Microsoft Excel',
      appVersion: '16.0300',
      fileVersion: { appName: 'xl', lastEdited: '5', rupBuild: '9303' },
    });
    const out = await verifySpec({
      spec: labelOnly,
      doc: { items },
      workbook,
      sheet: 'Sheet1',
      rows: [1, 2, 3],
      columns: [columns[1]],
      oracle: (await import('../../src/oracle/engine/hyperformula.js')).evaluateWorkbook(workbook),
    });
    expect(out.mismatches).toEqual({});
    expect(out.verification.judge).toBe('oracle');
    expect(out.verification.savedValues.standing).toBe('other-engine');
    expect(out.verification.savedValues.producer).toContain('Microsoft Excel in name only');
  });

  it.each([
    [{ mode: 'manual' }, 'manual calculation'],
    [{ fullCalcOnLoad: true }, 'recalculation on load'],
  ])('Excel with %o: saved values not vouched for, a warning, the oracle decides', async (calc, why) => {
    const out = await verifyLabel('Microsoft Excel', calc);
    expect(out.mismatches).toEqual({});
    expect(out.verification.savedValues.standing).toBe('unvouched');
    expect(out.warnings).toContainEqual(
      expect.objectContaining({ code: 'SAVED_VALUES_UNVOUCHED', message: expect.stringContaining(why) }),
    );
  });

  it('Excel is the judge: a spec that agrees with the saved value passes where the oracle alone differs', async () => {
    // The oracle is made wrong at D3 only; Excel saved what the spec computes.
    const clean = orders();
    Object.assign(clean.workbook, { application: 'Microsoft Excel', ...EXCEL_MARKS });
    const hf = (await import('../../src/oracle/engine/hyperformula.js')).evaluateWorkbook(clean.workbook);
    const ok = await verifySpec({
      spec: labelOnly,
      doc: { items: clean.items },
      workbook: clean.workbook,
      sheet: 'Sheet1',
      rows: [1, 2, 3],
      columns: [columns[1]],
      oracle: { ...hf, get: (s, r, c) => (r === 2 && c === 3 ? 'wrong' : hf.get(s, r, c)) },
    });
    expect(ok.mismatches).toEqual({});
    expect(ok.verification.classes).toMatchObject({ oracleDiffersFromExcel: 1, unsaved: 2 });
  });

  it('without saved values the oracle alone decides, and the result says so', async () => {
    const { workbook, items } = orders();
    Object.assign(workbook, { application: 'Microsoft Excel', ...EXCEL_MARKS });
    for (const row of workbook.sheets[0]!.rows.values()) for (const c of row.values()) delete c.cached;
    const out = await verifySpec({
      spec: labelOnly,
      doc: { items },
      workbook,
      sheet: 'Sheet1',
      rows: [1, 2, 3],
      columns: [columns[1]],
    });
    expect(out.verification.judge).toBe('oracle');
    expect(out.verification.classes).toMatchObject({ unsaved: 3, agree: 0 });
  });
});
