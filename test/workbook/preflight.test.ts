import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { preflight, readWorkbook, WorkbookError } from '../../src/workbook/index.js';
import { patchZip, sheetWorkbook } from './helpers.js';

function codeOf(fn: () => unknown): { code: string; data?: Record<string, unknown> } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(WorkbookError);
    return { code: (e as WorkbookError).code, data: (e as WorkbookError).data };
  }
  throw new Error('expected a WorkbookError');
}

describe('preflight: formats', () => {
  it.each([
    ['random bytes', Uint8Array.from({ length: 600 }, (_, i) => (i * 7919 + 13) % 256), /unknown binary/],
    ['an OLE2 header', Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), /OLE2/],
    ['a CSV', strToU8('item,price\napple,1.5\n'), /text file/],
    [
      'an ODS zip',
      zipSync({ mimetype: [strToU8('application/vnd.oasis.opendocument.spreadsheet'), { level: 0 }] }),
      /OpenDocument/,
    ],
    ['a zip without xl/workbook.xml', zipSync({ 'a.txt': strToU8('hi') }), /without xl\/workbook.xml/],
  ])('refuses %s as UNSUPPORTED_FORMAT', (_, bytes, detected) => {
    const { code, data } = codeOf(() => preflight(bytes));
    expect(code).toBe('UNSUPPORTED_FORMAT');
    expect(String(data?.detected)).toMatch(detected);
  });

  it('refuses an empty file', () => {
    expect(codeOf(() => preflight(new Uint8Array())).code).toBe('EMPTY_WORKBOOK');
  });

  it('refuses a file over the size limit', async () => {
    const bytes = await sheetWorkbook('');
    expect(codeOf(() => preflight(bytes, { maxFileBytes: 1000 })).code).toBe('FILE_TOO_LARGE');
  });

  it('refuses a truncated zip as PARSE_FAILED', async () => {
    const bytes = await sheetWorkbook('');
    expect(codeOf(() => preflight(bytes.subarray(0, bytes.length - 30))).code).toBe('PARSE_FAILED');
  });
});

describe('preflight: bombs and limits', () => {
  it('refuses a DOCTYPE in any part', async () => {
    const bytes = patchZip(await sheetWorkbook(''), {
      'xl/sharedStrings.xml': () =>
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><sst><si><t>&a;</t></si></sst>',
    });
    expect(codeOf(() => preflight(bytes)).code).toBe('UNSUPPORTED_FORMAT');
  });

  it('measures what inflates, not what the directory declares', async () => {
    const bytes = patchZip(await sheetWorkbook(''), { 'xl/big.xml': () => new Uint8Array(3 * 1024 * 1024) });
    // Rewrite the declared uncompressed size of xl/big.xml in the central directory to 10 bytes.
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const name = strToU8('xl/big.xml');
    for (let p = 0; p + 46 < bytes.length; p++) {
      if (view.getUint32(p, true) !== 0x02014b50) continue;
      const len = view.getUint16(p + 28, true);
      if (len === name.length && name.every((b, i) => bytes[p + 46 + i] === b))
        view.setUint32(p + 24, 10, true);
    }
    const ratio = codeOf(() => preflight(bytes));
    expect(ratio).toMatchObject({ code: 'RESOURCE_LIMIT', data: { limit: 'maxCompressionRatio' } });
    const size = codeOf(() => preflight(bytes, { maxEntryBytes: 1024 * 1024, maxCompressionRatio: 1e9 }));
    expect(size).toMatchObject({ code: 'RESOURCE_LIMIT', data: { limit: 'maxEntryBytes' } });
  });

  it('caps entries, cells, shared strings and merged ranges', async () => {
    const cells = '<row r="1"><c r="A1"><v>1</v></c><c r="B1"><v>2</v></c><c r="C1"><v>3</v></c></row>';
    const bytes = patchZip(await sheetWorkbook(cells), {
      'xl/worksheets/sheet1.xml': (x) =>
        x!.replace(
          '</sheetData>',
          '</sheetData><mergeCells count="2"><mergeCell ref="A3:B3"/><mergeCell ref="A4:B4"/></mergeCells>',
        ),
      'xl/sharedStrings.xml': () => '<sst><si><t>a</t></si><si><t>b</t></si></sst>',
    });
    expect(preflight(bytes).counts).toEqual({ cells: 3, sharedStrings: 2, mergedRanges: 2 });
    const limit = (l: Record<string, number>) => codeOf(() => preflight(bytes, l)).data?.limit;
    expect(limit({ maxCells: 2 })).toBe('maxCells');
    expect(limit({ maxSharedStrings: 1 })).toBe('maxSharedStrings');
    expect(limit({ maxMergedRanges: 1 })).toBe('maxMergedRanges');
    expect(limit({ maxEntries: 3 })).toBe('maxEntries');
    expect(await readWorkbook(bytes).then((m) => m.sheets[0]!.merges)).toEqual(['A3:B3', 'A4:B4']);
  });

  it('refuses a cell beyond the allowed rows', async () => {
    const bytes = await sheetWorkbook('<row r="50"><c r="A50"><v>1</v></c></row>');
    await expect(readWorkbook(bytes, { limits: { maxSheetRows: 10 } })).rejects.toMatchObject({
      code: 'RESOURCE_LIMIT',
      data: { limit: 'maxSheetRows' },
    });
  });
});
