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

/**
 * Excel 365's marks as a corpus file carries them (ironcalc/TEXT/CHAR.xlsx: AppVersion 16.0300, fileVersion
 * lastEdited 7, build 29929): what makes a test workbook count as saved by Excel (src/workbook/producer.ts).
 */
export const EXCEL_MARKS = {
  appVersion: '16.0300',
  fileVersion: { appName: 'xl', lastEdited: '7', rupBuild: '29929' },
};

/** An exceljs-written package given Excel 365's marks (exceljs's own build stamp is not Excel's). */
export function withExcelMarks(bytes: Uint8Array): Uint8Array {
  const { lastEdited, rupBuild } = EXCEL_MARKS.fileVersion;
  return patchZip(bytes, {
    'xl/workbook.xml': (xml) =>
      xml!.replace(
        /<fileVersion\b[^>]*\/>/,
        `<fileVersion appName="xl" lastEdited="${lastEdited}" lowestEdited="${lastEdited}" rupBuild="${rupBuild}"/>`,
      ),
    'docProps/app.xml': (xml) =>
      xml!.replace(/<AppVersion>[^<]*<\/AppVersion>/, `<AppVersion>${EXCEL_MARKS.appVersion}</AppVersion>`),
  });
}
