/**
 * Generates the benchmark workbooks: a header-row table of N rows × 10 columns, 5 of them formula columns
 * (arithmetic, IF/AND/ROUND, &/UPPER/LEN, an exact VLOOKUP to a side table, a SUMPRODUCT share of total),
 * written as Excel writes them (shared formulas: a master in row 2, children pointing at it).
 * With `criteria`, two more formula columns read a whole locked column with the criterion taken from the row
 * (`SUMIF($B$2:$B$N,B2,$F$2:$F$N)`, `COUNTIF($E$2:$E$N,E2)`): the linear-cost check (issue 14), timed beside
 * the same table without them.
 * Files are cached in .bench-cache/ by row count, variant and generator version.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
// The hostile cases' mulberry32: the same seed gives the same workbook on every run.
import { prng } from '../hostile/cases.js';

const VERSION = 1;
export const CACHE_DIR = path.resolve(import.meta.dirname, '../../.bench-cache');
const CODES = 50;

export function benchFile(rows: number, criteria = false): string {
  return path.join(CACHE_DIR, `bench-v${VERSION}${criteria ? '-criteria' : ''}-${rows}.xlsx`);
}

export async function generateBenchWorkbook(rows: number, criteria = false): Promise<string> {
  const file = benchFile(rows, criteria);
  if (existsSync(file)) return file;
  mkdirSync(CACHE_DIR, { recursive: true });
  const rnd = prng(rows);
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(Date.UTC(2026, 0, 1));
  wb.modified = wb.created;
  const ws = wb.addWorksheet('Orders');
  const last = rows + 1;
  // The side table sits one blank column after the last table column.
  const [key, rate] = criteria ? ['N', 'O'] : ['L', 'M'];
  const extra = criteria
    ? [
        (r: number) => `F${r}/SUMIF($B$2:$B$${last},B${r},$F$2:$F$${last})`,
        (r: number) => `COUNTIF($E$2:$E$${last},E${r})`,
      ]
    : [];
  ws.addRow([
    'Id',
    'Code',
    'Qty',
    'Price',
    'Region',
    'Amount',
    'Net',
    'Label',
    'Rate',
    'Share',
    ...(criteria ? ['Code share', 'Region count'] : []),
  ]);
  const regions = ['north', 'south', 'east', 'west', 'Zürich'];
  const formulas = [
    (r: number) => `C${r}*D${r}`,
    (r: number) => `IF(AND(C${r}>10,D${r}>5),ROUND(F${r}*0.9,2),F${r})`,
    (r: number) => `UPPER(E${r})&"-"&LEN(B${r})`,
    (r: number) => `VLOOKUP(B${r},$${key}$2:$${rate}$${CODES + 1},2,FALSE)`,
    (r: number) => `F${r}/SUMPRODUCT($C$2:$C$${last},$D$2:$D$${last})`,
    ...extra,
  ];
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const row = ws.getRow(r);
    row.getCell(1).value = i + 1;
    row.getCell(2).value = `P${Math.floor(rnd() * CODES)}`;
    row.getCell(3).value = Math.floor(rnd() * 40) + 1;
    row.getCell(4).value = Math.round(rnd() * 100000) / 100;
    row.getCell(5).value = regions[Math.floor(rnd() * regions.length)];
    formulas.forEach((f, k) => {
      const col = 6 + k;
      const master = `${String.fromCharCode(64 + col)}2`;
      row.getCell(col).value = (r === 2 ? { formula: f(r) } : { sharedFormula: master }) as ExcelJS.CellValue;
    });
  }
  ws.getCell(`${key}1`).value = 'Code';
  ws.getCell(`${rate}1`).value = 'Rate';
  for (let k = 0; k < CODES; k++) {
    ws.getCell(`${key}${k + 2}`).value = `P${k}`;
    ws.getCell(`${rate}${k + 2}`).value = Math.round((0.05 + k / 1000) * 1000) / 1000;
  }
  await wb.xlsx.writeFile(file);
  return file;
}

/**
 * The running-balance ledger (issue 15): Id | Debit | Credit | Balance, the balance `=B2-C2` in row 2 and
 * `=D2+B3-C3` filled down (one shared formula from row 3): the ordered scan's linear-cost check.
 */
export async function generateRunningWorkbook(rows: number): Promise<string> {
  const file = path.join(CACHE_DIR, `bench-v${VERSION}-running-${rows}.xlsx`);
  if (existsSync(file)) return file;
  mkdirSync(CACHE_DIR, { recursive: true });
  const rnd = prng(rows);
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(Date.UTC(2026, 0, 1));
  wb.modified = wb.created;
  const ws = wb.addWorksheet('Ledger');
  ws.addRow(['Id', 'Debit', 'Credit', 'Balance']);
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const row = ws.getRow(r);
    row.getCell(1).value = i + 1;
    row.getCell(2).value = Math.round(rnd() * 100000) / 100;
    row.getCell(3).value = Math.round(rnd() * 90000) / 100;
    const formula =
      r === 2 ? { formula: 'B2-C2' } : r === 3 ? { formula: 'D2+B3-C3' } : { sharedFormula: 'D3' };
    row.getCell(4).value = formula as ExcelJS.CellValue;
  }
  await wb.xlsx.writeFile(file);
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = (process.argv[2] ?? '1000').split(',').map(Number);
  for (const n of sizes) console.log(await generateBenchWorkbook(n));
}
