/**
 * Hand-written SpreadsheetML for hostile fixtures: the smallest package the reader accepts, with every part
 * replaceable, so a case can put exactly the hostile thing it wants where it wants it.
 */
import { type ZipInput, writeZip } from './zip.js';

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

export function xmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function colLetters(col: number): string {
  let n = col + 1;
  let s = '';
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** A cell: a string (inline), a number, a boolean, `{error}`, or `{f, v}` (formula with cached value). */
export type Cell = string | number | boolean | null | { error: string } | { f: string; v?: number | string };

export function cellXml(row: number, col: number, c: Cell): string {
  const r = `${colLetters(col)}${row + 1}`;
  if (c === null) return '';
  if (typeof c === 'string')
    return `<c r="${r}" t="inlineStr"><is><t xml:space="preserve">${xmlEscape(c)}</t></is></c>`;
  if (typeof c === 'number') return `<c r="${r}"><v>${c}</v></c>`;
  if (typeof c === 'boolean') return `<c r="${r}" t="b"><v>${c ? 1 : 0}</v></c>`;
  if ('error' in c) return `<c r="${r}" t="e"><v>${xmlEscape(c.error)}</v></c>`;
  const t = typeof c.v === 'string' ? ' t="str"' : '';
  const v = c.v === undefined ? '' : `<v>${xmlEscape(String(c.v))}</v>`;
  return `<c r="${r}"${t}><f>${xmlEscape(c.f)}</f>${v}</c>`;
}

export function rowsXml(rows: Cell[][], firstRow = 0): string {
  return rows
    .map(
      (cells, i) =>
        `<row r="${firstRow + i + 1}">${cells.map((c, j) => cellXml(firstRow + i, j, c)).join('')}</row>`,
    )
    .join('');
}

export function sheetXml(sheetData: string, opts: { dimension?: string; after?: string } = {}): string {
  const dim = opts.dimension ? `<dimension ref="${opts.dimension}"/>` : '';
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${NS}" xmlns:r="${REL}">${dim}<sheetData>${sheetData}</sheetData>${opts.after ?? ''}</worksheet>`;
}

/** The parts of a one-sheet workbook; `sheet` is the whole sheet1.xml. */
export function packageParts(sheet: string, extra: ZipInput[] = []): ZipInput[] {
  const hasSst = extra.some((e) => e.name === 'xl/sharedStrings.xml');
  return [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>${hasSst ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' : ''}</Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/>${hasSst ? `<Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/>` : ''}</Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ...extra,
  ];
}

/** A small valid table: Qty, Price and a computed Total (=A*B) over three rows. */
export const TABLE: Cell[][] = [
  ['Qty', 'Price', 'Total'],
  [2, 3, { f: 'A2*B2', v: 6 }],
  [4, 5, { f: 'A3*B3', v: 20 }],
  [1.5, 2, { f: 'A4*B4', v: 3 }],
];

/** A one-sheet workbook of `rows` (after the given extra sheet XML). */
export function tableWorkbook(
  rows: Cell[][] = TABLE,
  opts: { dimension?: string; after?: string } = {},
): Promise<Uint8Array> {
  return writeZip(packageParts(sheetXml(rowsXml(rows), opts)));
}
