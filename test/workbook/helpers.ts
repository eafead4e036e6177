/** Builds small workbooks for the reader tests: exceljs writes the package, then sheet XML is patched. */
import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';

export async function excelBytes(build: (wb: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  build(wb);
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

/** Rewrites parts of a zip: each function gets the part's text (or undefined when absent). */
export function patchZip(
  bytes: Uint8Array,
  patches: Record<string, (text: string | undefined) => string | Uint8Array | undefined>,
): Uint8Array {
  const files = unzipSync(bytes);
  for (const [name, fn] of Object.entries(patches)) {
    const out = fn(files[name] ? strFromU8(files[name]!) : undefined);
    if (out === undefined) delete files[name];
    else files[name] = typeof out === 'string' ? strToU8(out) : new Uint8Array(out);
  }
  return zipSync(files);
}

/** A one-sheet workbook whose `<sheetData>` is replaced by `sheetData` (inner XML). */
export async function sheetWorkbook(
  sheetData: string,
  extra?: (wb: ExcelJS.Workbook) => void,
): Promise<Uint8Array> {
  const bytes = await excelBytes((wb) => {
    wb.addWorksheet('Data').getCell('A1').value = 'placeholder';
    extra?.(wb);
  });
  return patchZip(bytes, {
    'xl/worksheets/sheet1.xml': (xml) =>
      xml!.replace(/<sheetData>[\s\S]*<\/sheetData>|<sheetData\/>/, `<sheetData>${sheetData}</sheetData>`),
  });
}
