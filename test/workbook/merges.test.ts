/**
 * Merged ranges are read by our own scan; exceljs (quadratic in merges: each new one is checked against all
 * earlier ones) must never see them, so a sheet with as many merges as pre-flight allows still reads.
 */
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../src/workbook/index.js';
import { structureXml } from '../../src/workbook/reader.js';
import { patchZip, sheetWorkbook } from './helpers.js';

function mergesXml(n: number): string {
  const refs: string[] = [];
  for (let i = 0; i < n; i++) refs.push(`<mergeCell ref="A${i + 3}:B${i + 3}"/>`);
  return `<mergeCells count="${n}">${refs.join('')}</mergeCells>`;
}

async function mergedWorkbook(n: number): Promise<Uint8Array> {
  const bytes = await sheetWorkbook('<row r="1"><c r="A1" t="inlineStr"><is><t>x</t></is></c></row>');
  return patchZip(bytes, {
    'xl/worksheets/sheet1.xml': (xml) => xml!.replace('</sheetData>', `</sheetData>${mergesXml(n)}`),
  });
}

describe('merged cells', () => {
  it('hides cell data and merges from exceljs, keeping the rest of the sheet', () => {
    const xml = `<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData>${mergesXml(2)}<tableParts count="0"/></worksheet>`;
    const out = structureXml(xml);
    expect(out).not.toContain('mergeCell');
    expect(out).not.toContain('<c ');
    expect(out).toContain('<sheetData/>');
    expect(out).toContain('<tableParts count="0"/>');
    expect(
      structureXml(
        '<x:worksheet><x:mergeCells count="1"><x:mergeCell ref="A1:B1"/></x:mergeCells></x:worksheet>',
      ),
    ).toBe('<x:worksheet></x:worksheet>');
  });

  it('reads 100,000 merges (the pre-flight maximum) from the scan', async () => {
    const model = await readWorkbook(await mergedWorkbook(100_000));
    const merges = model.sheets[0]!.merges;
    expect(merges).toHaveLength(100_000);
    expect(merges[99_999]).toBe('A100002:B100002');
  });
});
