/**
 * The built library's `convert` (dist/, `npm run build` first) of the wide bench workbook, as the bench scripts
 * that convert it over and over in one process call it (convert-many.ts, alloc.ts): one call converts one copy
 * and throws unless the conversion is valid.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateWideWorkbook } from './generate.js';

export async function wideConversion(
  rows: number,
  oracleThread = false,
): Promise<(copy: number) => Promise<void>> {
  const root = path.resolve(import.meta.dirname, '../..');
  const library = pathToFileURL(path.join(root, 'dist/pipeline/index.js')).href;
  const { convert } = (await import(library)) as typeof import('../../src/pipeline/index.js');
  const bytes = readFileSync(await generateWideWorkbook(rows));
  return async (copy) => {
    const r = await convert(new Uint8Array(bytes), { filename: `copy-${copy}.xlsx`, oracleThread });
    if (!r.valid) throw new Error(`copy ${copy}: the conversion was not valid`);
  };
}
