/** Small real workbooks for the CLI tests, written with exceljs (formulas with their saved results). */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';

/** A header-row table `qty, price, total (=qty*price)` with `rows` data rows. */
export async function orderBook(rows = 3): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow(['qty', 'price', 'total']);
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const qty = i + 1;
    const price = 2.5 * (i + 1);
    ws.addRow([qty, price]);
    ws.getCell(`C${r}`).value = { formula: `A${r}*B${r}`, result: qty * price };
  }
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

export async function writeBook(file: string, bytes: Uint8Array | string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
}
