/**
 * Saved values are binding when Excel saved them: a file whose saved results contradict its own formulas is
 * refused (VALUE_MISMATCH, source excel, naming the cells), even though the oracle agrees with the spec.
 * exceljs writes "Microsoft Excel" into docProps/app.xml but not Excel's build marks; these books are given Excel
 * 365's marks (withExcelMarks) to count as Excel's, and one without them counts as another engine's.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { summarise } from '../../src/cli/commands/convert.js';
import { convertInProcess } from '../../src/pipeline/stages.js';
import { producerOf } from '../../src/workbook/producer.js';
import { readWorkbook } from '../../src/workbook/reader.js';
import { withExcelMarks } from '../workbook/helpers.js';

async function book(wrongRow: number | undefined, setUp?: (wb: ExcelJS.Workbook) => void) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow(['qty', 'price', 'total', 'double']);
  for (let r = 2; r <= 4; r++) {
    ws.addRow([r, 10]);
    const result = r === wrongRow ? 999 : r * 10;
    ws.getCell(`C${r}`).value = { formula: `A${r}*B${r}`, result };
    ws.getCell(`D${r}`).value = { formula: `A${r}*2`, result: r * 2 };
  }
  setUp?.(wb);
  return withExcelMarks(new Uint8Array(await wb.xlsx.writeBuffer()));
}

/** The same book as exceljs writes it: "Microsoft Excel" in name only. */
async function exceljsBook(wrongRow: number): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow(['qty', 'price', 'total']);
  for (let r = 2; r <= 4; r++) {
    ws.addRow([r, 10]);
    ws.getCell(`C${r}`).value = { formula: `A${r}*B${r}`, result: r === wrongRow ? 999 : r * 10 };
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

describe('saved values in the conversion', () => {
  it('Excel-saved values both engines contradict refuse the column, naming the cells; the rest is kept', async () => {
    const result = await convertInProcess(await book(3), { filename: 'orders.xlsx' });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(result.rejectedColumns).toHaveLength(1);
    const [refused] = result.rejectedColumns;
    expect(refused).toMatchObject({
      column: 'C',
      reason: 'VALUE_MISMATCH',
      source: 'excel',
      cell: 'Orders!C3',
    });
    expect(refused?.cells).toEqual([
      expect.objectContaining({
        cell: 'Orders!C3',
        formula: 'A3*B3',
        inputs: { qty: 3, price: 10 },
        got: 30,
        oracle: 30,
        excel: 999,
        class: 'enginesDifferFromExcel',
      }),
    ]);
    expect(refused?.detail).toContain("expected 999 (Excel's saved value), got 30");
    expect(result.verification?.judge).toBe('excel');
    expect(result.verification?.classes).toMatchObject({ agree: 5, enginesDifferFromExcel: 1 });
    const text = summarise('orders.xlsx', result);
    expect(text).toContain('6 values checked: 5 agree with HyperFormula');
    expect(text).toContain('1 where the spec and HyperFormula agree, but Excel saved another value');
    expect(text).not.toContain('differs from HyperFormula');
    expect(text).toContain("the values Microsoft Excel saved decide: they are Excel's own (binding)");
  });

  it('written by exceljs ("Microsoft Excel" without its marks): the saved values are another engine\'s, the oracle decides', async () => {
    const result = await convertInProcess(await exceljsBook(3), { filename: 'orders.xlsx' });
    expect(result.valid).toBe(true);
    if (!result.valid) return;
    expect(result.rejectedColumns).toEqual([]);
    expect(result.verification?.judge).toBe('oracle');
    expect(result.verification?.savedValues.standing).toBe('other-engine');
    expect(result.warnings?.map((w) => w.code)).toContain('ORACLE_EXCEL_DISAGREEMENT');
    const text = summarise('orders.xlsx', result);
    expect(text).toContain(
      "HyperFormula decides: the saved values are another engine's (producer: Microsoft Excel in name only",
    );
    expect(text).toContain(
      '3 values checked: 2 agree with HyperFormula 3.5.0 and with the values Microsoft Excel in name only',
    );
    expect(text).toMatch(
      /\n {2}1 where the spec and HyperFormula agree, but Microsoft Excel in name only .* saved another value\n/,
    );
    expect(text).not.toMatch(/\bExcel saved|Excel's own/);
  });

  it("the bundled example (examples/orders.xlsx) carries values LibreOffice saved, compared as another engine's", async () => {
    const bytes = new Uint8Array(readFileSync(new URL('../../examples/orders.xlsx', import.meta.url)));
    expect(producerOf(await readWorkbook(bytes)).kind).toBe('libreoffice');
    const result = await convertInProcess(bytes, { filename: 'examples/orders.xlsx' });
    expect(result.valid && result.rejectedColumns).toEqual([]);
    const text = summarise('examples/orders.xlsx', result);
    expect(text).toContain(
      '28 values checked: all agree with HyperFormula 3.5.0 and with the values LibreOffice 7.4.7.2 saved',
    );
    expect(text.split('\n')).toHaveLength(3);
  });

  it('fullCalcOnLoad: the saved values are not vouched for, a warning, the oracle decides', async () => {
    const bytes = await book(3, (wb) => {
      wb.calcProperties.fullCalcOnLoad = true;
    });
    expect((await readWorkbook(bytes)).calc).toMatchObject({ fullCalcOnLoad: true });
    const result = await convertInProcess(bytes, { filename: 'orders.xlsx' });
    expect(result.valid && result.rejectedColumns).toEqual([]);
    expect(result.warnings?.map((w) => w.code)).toEqual(
      expect.arrayContaining(['SAVED_VALUES_UNVOUCHED', 'ORACLE_EXCEL_DISAGREEMENT']),
    );
  });

  it('reads calcMode="manual" from xl/workbook.xml', async () => {
    const bytes = await book(undefined);
    const files = unzipSync(bytes);
    const xml = strFromU8(files['xl/workbook.xml']!).replace(/<calcPr\b/, '<calcPr calcMode="manual"');
    files['xl/workbook.xml'] = strToU8(xml);
    const manual = zipSync(files);
    expect((await readWorkbook(manual)).calc?.mode).toBe('manual');
  });
});

describe('the report model of a large table', () => {
  it('shows the first 500 rows and every later row with a disagreement, with its class and code', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Orders');
    ws.addRow(['qty', 'total']);
    for (let r = 2; r <= 701; r++) {
      ws.addRow([r]);
      ws.getCell(`B${r}`).value = { formula: `A${r}*2`, result: r === 650 ? -1 : r * 2 };
    }
    const bytes = withExcelMarks(new Uint8Array(await wb.xlsx.writeBuffer()));
    const result = await convertInProcess(bytes, { filename: 'big.xlsx', report: true });
    const report = result.report!;
    expect(report.rows).toHaveLength(501);
    expect(report.rowsOmitted).toBe(199);
    const last = report.rows[500]!;
    expect(last.row).toBe(650);
    expect(last.cells[1]).toMatchObject({
      text: '1300',
      status: 'engines-differ-from-excel',
      code: 'VALUE_MISMATCH',
    });
    expect(last.cells[1]?.title).toBe(
      '=A650*2\ninputs: {"qty":650}\nspec: 1300\noracle: 1300\nExcel saved: -1\nspec = oracle ≠ Excel\nrefused: VALUE_MISMATCH',
    );
    expect(report.totals).toMatchObject({ compiled: 0, refused: 1, cellsChecked: 700 });
  });
});
