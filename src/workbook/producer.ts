/**
 * Which application last saved a workbook, and whether it was Microsoft Excel itself.
 *
 * `<Application>` in docProps/app.xml names the application: Excel on every platform names itself "Microsoft
 * Excel" (Windows), "Microsoft Macintosh Excel" (macOS) or "Microsoft Excel Online"; LibreOffice writes
 * "LibreOffice/<version>$<platform> ..."; Apache POI writes "Apache POI". The name alone proves nothing:
 * libraries write "Microsoft Excel" too (exceljs does, with `<AppVersion>16.0300` and a fixed
 * `<fileVersion appName="xl" lastEdited="5" lowestEdited="5" rupBuild="9303"/>`). A file counts as saved by
 * Excel only when it also carries Excel's own marks (`excelMarksMissing`): the build stamp in xl/workbook.xml
 * (`<fileVersion appName="xl" lastEdited=… rupBuild=…>`) and a real `<AppVersion>` (`16.0300`) that agree
 * with each other as Excel writes them. A file without `<Application>` (or without app.xml) has an unknown
 * producer.
 */

export type ProducerKind = 'excel' | 'libreoffice' | 'other' | 'unknown';

export interface Producer {
  kind: ProducerKind;
  /** The application as written (with why it is not Excel when it names Excel without Excel's marks), or `unknown`. */
  name: string;
}

/** What a workbook says about who saved it: the fields of WorkbookModel the reader fills from the package. */
export interface ProducerMarks {
  /** `<Application>` of docProps/app.xml. */
  application?: string;
  /** `<AppVersion>` of docProps/app.xml (`16.0300`). */
  appVersion?: string;
  /** `<fileVersion>` of xl/workbook.xml: the saving application's name and build. */
  fileVersion?: { appName?: string; lastEdited?: string; rupBuild?: string };
}

const EXCEL = /^Microsoft (?:Macintosh )?Excel(?: Online)?\b/i;

/**
 * The `lastEdited` values Excel writes for each `<AppVersion>` major version, as the corpus's Excel files
 * carry them (../shared/corpus/excel, 370 files saved by Excel for Windows, Mac and Online): 12.0000 (Excel
 * 2007) with 4, 14.0300 (2010) with 5, 15.0300 (2013) with 6, 16.0300 (2016 and later) with 7, and with 6 in
 * four poi files of build 14420. exceljs pairs 16.0300 with 5, which no Excel in the corpus does.
 */
const LAST_EDITED: Readonly<Record<string, readonly string[]>> = {
  '12': ['4'],
  '14': ['5'],
  '15': ['6'],
  '16': ['6', '7'],
};

/**
 * Why a file naming Excel does not carry Excel's own marks, or undefined when it does: the build stamp
 * (`appName="xl"` with a numeric `lastEdited` and `rupBuild`), a version `NN.NNNN`, and the two agreeing.
 */
export function excelMarksMissing(marks: ProducerMarks): string | undefined {
  const fv = marks.fileVersion;
  if (fv?.appName !== 'xl' || !/^\d+$/.test(fv.lastEdited ?? '') || !/^\d+$/.test(fv.rupBuild ?? ''))
    return 'no Excel build stamp <fileVersion appName="xl" lastEdited rupBuild> in xl/workbook.xml';
  const version = /^(\d+)\.\d{4}$/.exec(marks.appVersion?.trim() ?? '');
  if (!version) return 'no Excel <AppVersion> in docProps/app.xml';
  if (!LAST_EDITED[version[1]!]?.includes(fv.lastEdited!))
    return `AppVersion ${marks.appVersion} with lastEdited ${fv.lastEdited}, a pair Excel does not write`;
  return undefined;
}

/** The producer, from the application's name and, for a name of Excel's, Excel's own marks. */
export function producerOf(marks: ProducerMarks): Producer {
  const name = marks.application?.trim();
  if (!name) return { kind: 'unknown', name: 'unknown' };
  if (EXCEL.test(name)) {
    const missing = excelMarksMissing(marks);
    return missing === undefined
      ? { kind: 'excel', name }
      : { kind: 'other', name: `${name} in name only (${missing})` };
  }
  if (/^LibreOffice\b/i.test(name)) return { kind: 'libreoffice', name };
  return { kind: 'other', name };
}

/**
 * How far a workbook's saved (cached) formula values can be trusted as Excel's own results:
 * - `binding`: Microsoft Excel (any platform, with its marks: `producerOf`) saved the file with automatic
 *   calculation: the saved values are Excel's, and a compiled value that differs from one is wrong.
 * - `unvouched`: Excel saved it, but set to manual calculation (`<calcPr calcMode="manual">`) or marked for
 *   recalculation on load (`fullCalcOnLoad="1"`): the saved values may be stale.
 * - `other-engine`: another application saved it (LibreOffice, Apache POI, a library, including one that
 *   names itself Microsoft Excel without Excel's marks): its values are another engine's.
 * - `unknown-producer`: no `<Application>` at all: nobody vouched for them.
 */
export type SavedValuesStanding = 'binding' | 'unvouched' | 'other-engine' | 'unknown-producer';

export interface SavedValues {
  producer: Producer;
  standing: SavedValuesStanding;
  /** Why the values are not binding, for a message (`set to manual calculation`...). */
  why?: string;
}

export function savedValuesOf(
  workbook: ProducerMarks & { calc?: { mode?: string; fullCalcOnLoad?: boolean } },
): SavedValues {
  const producer = producerOf(workbook);
  const calc = workbook.calc;
  if (producer.kind === 'unknown')
    return { producer, standing: 'unknown-producer', why: 'no producer is named' };
  if (producer.kind !== 'excel')
    return { producer, standing: 'other-engine', why: `they were saved by ${producer.name}` };
  if (calc?.mode === 'manual')
    return { producer, standing: 'unvouched', why: 'the workbook is set to manual calculation' };
  if (calc?.fullCalcOnLoad)
    return { producer, standing: 'unvouched', why: 'the workbook is marked for recalculation on load' };
  return { producer, standing: 'binding' };
}
