/**
 * Generates the benchmark workbooks: a header-row table of N rows × 10 columns, 5 of them formula columns
 * (arithmetic, IF/AND/ROUND, &/UPPER/LEN, an exact VLOOKUP to a side table, a SUMPRODUCT share of total),
 * written as Excel writes them (shared formulas: a master in row 2, children pointing at it).
 * With `criteria`, three more formula columns read a whole locked column with the key taken from the row
 * (`SUMIF($B$2:$B$N,B2,$F$2:$F$N)`, `COUNTIF($E$2:$E$N,E2)`, `MATCH(B2,$B$2:$B$N,0)`): the linear-cost check, timed beside
 * the same table without them.
 * Files are cached in .bench-cache/ by row count, variant and generator version.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
// The hostile cases' mulberry32: the same seed gives the same workbook on every run.
import { prng } from '../hostile/cases.js';

const VERSION = 2;
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
  const [key, rate] = criteria ? ['O', 'P'] : ['L', 'M'];
  const extra = criteria
    ? [
        (r: number) => `F${r}/SUMIF($B$2:$B$${last},B${r},$F$2:$F$${last})`,
        (r: number) => `COUNTIF($E$2:$E$${last},E${r})`,
        (r: number) => `MATCH(B${r},$B$2:$B$${last},0)`,
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
    ...(criteria ? ['Code share', 'Region count', 'Code first'] : []),
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

export function wideFile(rows: number): string {
  return path.join(CACHE_DIR, `wide-v${VERSION}-${rows}.xlsx`);
}

/**
 * A wide shape: 12 columns, 6 inputs (Name, Product, Qty, Price, Key, Stock) and 6 formula columns
 * filled down as shared formulas: `=C2*D2`, `=ROUND(G2*0.0825,2)`, `=IF(AND(G2>500,F2<10),"A",IF(G2>100,"B","C"))`,
 * `=UPPER(LEFT(B2,4))&"-"&LEN(A2)`, `=VLOOKUP(E2,$O$2:$P$51,2,FALSE)` (a 50-row side table two columns to the
 * right) and `=G2/SUMPRODUCT($C$2:$C$N,$D$2:$D$N)`. Cached like the bench workbook.
 */
export async function generateWideWorkbook(rows: number): Promise<string> {
  const file = wideFile(rows);
  if (existsSync(file)) return file;
  mkdirSync(CACHE_DIR, { recursive: true });
  const rnd = prng(rows + 19);
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(Date.UTC(2026, 0, 1));
  wb.modified = wb.created;
  const ws = wb.addWorksheet('Orders');
  const last = rows + 1;
  ws.addRow([
    'Name',
    'Product',
    'Qty',
    'Price',
    'Key',
    'Stock',
    'Amount',
    'Tax',
    'Tier',
    'Tag',
    'Rate',
    'Share',
  ]);
  const names = ['Ada', 'Grace', 'Linus', 'Zoë', 'Mårten', 'Barbara', 'Ken'];
  const products = ['widget', 'gadget', 'sprocket', 'gizmo', 'doohickey', 'bolt'];
  const formulas = [
    (r: number) => `C${r}*D${r}`,
    (r: number) => `ROUND(G${r}*0.0825,2)`,
    (r: number) => `IF(AND(G${r}>500,F${r}<10),"A",IF(G${r}>100,"B","C"))`,
    (r: number) => `UPPER(LEFT(B${r},4))&"-"&LEN(A${r})`,
    (r: number) => `VLOOKUP(E${r},$O$2:$P$${CODES + 1},2,FALSE)`,
    (r: number) => `G${r}/SUMPRODUCT($C$2:$C$${last},$D$2:$D$${last})`,
  ];
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const row = ws.getRow(r);
    row.getCell(1).value = `${names[Math.floor(rnd() * names.length)]} ${i + 1}`;
    row.getCell(2).value = products[Math.floor(rnd() * products.length)];
    row.getCell(3).value = Math.floor(rnd() * 40) + 1;
    row.getCell(4).value = Math.round(rnd() * 10000) / 100;
    row.getCell(5).value = `K${Math.floor(rnd() * CODES)}`;
    row.getCell(6).value = Math.floor(rnd() * 20);
    formulas.forEach((f, k) => {
      const col = 7 + k;
      const master = `${String.fromCharCode(64 + col)}2`;
      row.getCell(col).value = (r === 2 ? { formula: f(r) } : { sharedFormula: master }) as ExcelJS.CellValue;
    });
  }
  ws.getCell('O1').value = 'Key';
  ws.getCell('P1').value = 'Rate';
  for (let k = 0; k < CODES; k++) {
    ws.getCell(`O${k + 2}`).value = `K${k}`;
    ws.getCell(`P${k + 2}`).value = Math.round((0.05 + k / 1000) * 1000) / 1000;
  }
  await wb.xlsx.writeFile(file);
  return file;
}

/**
 * The running-balance ledger (the ordered scan): Id | Debit | Credit | Balance, the balance `=B2-C2` in row 2 and
 * `=D2+B3-C3` filled down (one shared formula from row 3): the ordered scan's linear-cost check.
 */
export function generateRunningWorkbook(rows: number): Promise<string> {
  return ledgerWorkbook(rows, false);
}

/**
 * The same ledger plus Debits `=SUM($B$2:B2)`, an expanding range (one shared formula from row 2). For
 * `npm run bench:derive -- --running` (the spec's own evaluation) and `npm run bench -- --running-rows` (end
 * to end; the oracle answers it from its prefix cache, src/oracle/excel/prefix.ts).
 */
export function generateExpandingWorkbook(rows: number): Promise<string> {
  return ledgerWorkbook(rows, true);
}

async function ledgerWorkbook(rows: number, expanding: boolean): Promise<string> {
  const file = path.join(CACHE_DIR, `bench-v${VERSION}-${expanding ? 'expanding' : 'running'}-${rows}.xlsx`);
  if (existsSync(file)) return file;
  mkdirSync(CACHE_DIR, { recursive: true });
  const rnd = prng(rows);
  const wb = new ExcelJS.Workbook();
  wb.created = new Date(Date.UTC(2026, 0, 1));
  wb.modified = wb.created;
  const ws = wb.addWorksheet('Ledger');
  ws.addRow(['Id', 'Debit', 'Credit', 'Balance', ...(expanding ? ['Debits'] : [])]);
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const row = ws.getRow(r);
    row.getCell(1).value = i + 1;
    row.getCell(2).value = Math.round(rnd() * 100000) / 100;
    row.getCell(3).value = Math.round(rnd() * 90000) / 100;
    const balance =
      r === 2 ? { formula: 'B2-C2' } : r === 3 ? { formula: 'D2+B3-C3' } : { sharedFormula: 'D3' };
    row.getCell(4).value = balance as ExcelJS.CellValue;
    if (expanding) {
      const debits = r === 2 ? { formula: 'SUM($B$2:B2)' } : { sharedFormula: 'E2' };
      row.getCell(5).value = debits as ExcelJS.CellValue;
    }
  }
  await wb.xlsx.writeFile(file);
  return file;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = (process.argv[2] ?? '1000').split(',').map(Number);
  for (const n of sizes) console.log(await generateBenchWorkbook(n));
}
