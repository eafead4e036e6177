/** The package found as Excel finds it: the workbook part through the package relationships, entry names normalised. */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { getCell, readWorkbook } from '../../src/workbook/index.js';
import { partName } from '../../src/workbook/preflight.js';
import { excelBytes } from './helpers.js';

async function plain(): Promise<Uint8Array> {
  return excelBytes((wb) => {
    const ws = wb.addWorksheet('Orders');
    ws.addRow(['qty', 'price', 'total']);
    ws.addRow([2, 3, { formula: 'A2*B2', result: 6 }]);
  });
}

/** The same package with every `xl/` part moved under `folder/` and the relationships pointing there. */
function moved(bytes: Uint8Array, folder: string): Uint8Array {
  const files = unzipSync(bytes);
  const out: Record<string, Uint8Array> = {};
  for (const [name, data] of Object.entries(files)) {
    const to = name.startsWith('xl/') ? `${folder}/${name.slice(3)}` : name;
    const text = /\.(xml|rels)$/.test(name) ? strFromU8(data).replaceAll('/xl/', `/${folder}/`) : undefined;
    out[to] = text === undefined ? data : strToU8(text.replace(/Target="xl\//g, `Target="${folder}/`));
  }
  return zipSync(out);
}

describe('the package as Excel reads it', () => {
  it('finds the workbook part where _rels/.rels points (wtf/workbook.xml)', async () => {
    const bytes = moved(await plain(), 'wtf');
    expect(Object.keys(unzipSync(bytes)).some((n) => n.startsWith('xl/'))).toBe(false);
    const model = await readWorkbook(bytes);
    expect(model.sheets.map((s) => s.name)).toEqual(['Orders']);
    expect(getCell(model.sheets[0]!, 0, 2)?.value).toBe('total');
    expect(getCell(model.sheets[0]!, 1, 2)?.formula).toBe('A2*B2');
  });

  it('reads zip entry names written with backslashes (xl\\workbook.xml)', async () => {
    const files = unzipSync(await plain());
    const renamed = Object.fromEntries(Object.entries(files).map(([n, d]) => [n.replaceAll('/', '\\'), d]));
    const model = await readWorkbook(zipSync(renamed));
    expect(getCell(model.sheets[0]!, 1, 0)?.value).toBe(2);
  });

  it('still refuses a zip with no workbook part, coded', async () => {
    const bytes = zipSync({ '_rels/.rels': strToU8('<Relationships/>'), 'a.txt': strToU8('x') });
    await expect(readWorkbook(bytes)).rejects.toMatchObject({ code: 'UNSUPPORTED_FORMAT' });
  });

  it('names a part as the package does', () => {
    expect(partName('xl\\worksheets\\sheet1.xml')).toBe('xl/worksheets/sheet1.xml');
    expect(partName('/xl/workbook.xml')).toBe('xl/workbook.xml');
  });
});
