/**
 * What the reader keeps of a sheet's XML: nothing. A text taken from the XML by slicing may share the whole
 * XML string in V8 (a sliced string of 13 or more characters keeps its parent alive), so every text kept in
 * the model is a flat copy (xml-scan.ts `detached`). Here an array formula's range and a merged range, 21
 * characters each, read from a sheet padded with 24 MB of ignored XML: the model must not hold the padding.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readWorkbook } from '../../src/workbook/reader.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PAD = 24 * 2 ** 20;

/** V8's full collection, as blocks.ts gets it (the flag set for one new context only). */
function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  v8.setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

function paddedWorkbook(): Uint8Array {
  const files = unzipSync(new Uint8Array(readFileSync(path.join(ROOT, 'fixtures/array-formula.xlsx'))));
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!)
    .replace(
      '</sheetData>',
      '<row r="1000000"><c r="AAA1000000"><f t="array" ref="AAA1000000:AAA1000000">A2*2</f><v>2</v></c></row></sheetData>',
    )
    .replace(
      '<pageMargins',
      '<mergeCells count="1"><mergeCell ref="AAB1000000:AAC1000000"/></mergeCells><pageMargins',
    )
    .replace(
      '</worksheet>',
      `<extLst><ext uri="{00000000-0000-0000-0000-000000000000}"><x:pad xmlns:x="urn:x">${'p'.repeat(PAD)}</x:pad></ext></extLst></worksheet>`,
    );
  // Stored, not deflated: 24 MB of one letter would pass for a zip bomb.
  return zipSync({ ...files, 'xl/worksheets/sheet1.xml': [strToU8(sheet), { level: 0 }] });
}

describe('the model and the sheet XML', () => {
  it('keeps an array formula’s range and a merged range, not the XML they were read from', async () => {
    const gc = fullCollection();
    let bytes: Uint8Array | undefined = paddedWorkbook();
    gc();
    const before = process.memoryUsage().heapUsed;
    const model = await readWorkbook(bytes);
    bytes = undefined;
    gc();
    const kept = process.memoryUsage().heapUsed - before;
    const cell = model.sheets[0]!.rows.get(999_999)?.get(702);
    expect(cell?.arrayRef).toBe('AAA1000000:AAA1000000');
    expect(model.sheets[0]!.merges).toContain('AAB1000000:AAC1000000');
    expect(kept).toBeLessThan(PAD / 4);
  }, 60_000);
});
