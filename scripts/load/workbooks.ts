/** The workbooks the harness sends: a header-row table of `rows` rows, and a sheet with `n` merged ranges. */
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

export async function ordersWorkbook(rows: number): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow(['qty', 'price', 'total']);
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const qty = (i % 7) + 1;
    const price = 2.5 + (i % 11);
    ws.addRow([qty, price]);
    ws.getCell(`C${r}`).value = { formula: `A${r}*B${r}`, result: qty * price };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function mergesWorkbook(n: number): Promise<Buffer> {
  const files = unzipSync(new Uint8Array(await ordersWorkbook(3)));
  const refs: string[] = [];
  for (let i = 0; i < n; i++) refs.push(`<mergeCell ref="E${i + 1}:F${i + 1}"/>`);
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!).replace(
    /<mergeCells[\s\S]*?<\/mergeCells>/,
    '',
  );
  files['xl/worksheets/sheet1.xml'] = strToU8(
    sheet.replace('</sheetData>', `</sheetData><mergeCells count="${n}">${refs.join('')}</mergeCells>`),
  );
  return Buffer.from(zipSync(files));
}
