/**
 * Which application last saved a workbook, from `<Application>` in docProps/app.xml. Excel on every platform
 * names itself "Microsoft Excel" (Windows), "Microsoft Macintosh Excel" (macOS) or "Microsoft Excel Online";
 * LibreOffice writes "LibreOffice/<version>$<platform> ..."; Apache POI writes "Apache POI". A file without
 * the element (or without app.xml) has an unknown producer.
 */

export type ProducerKind = 'excel' | 'libreoffice' | 'other' | 'unknown';

export interface Producer {
  kind: ProducerKind;
  /** The application as written, or `unknown`. */
  name: string;
}

const EXCEL = /^Microsoft (?:Macintosh )?Excel(?: Online)?\b/i;

export function producerOf(application: string | undefined): Producer {
  const name = application?.trim();
  if (!name) return { kind: 'unknown', name: 'unknown' };
  if (EXCEL.test(name)) return { kind: 'excel', name };
  if (/^LibreOffice\b/i.test(name)) return { kind: 'libreoffice', name };
  return { kind: 'other', name };
}

/**
 * How far a workbook's saved (cached) formula values can be trusted as Excel's own results:
 * - `binding`: Microsoft Excel (any platform) saved the file with automatic calculation: the saved values are
 *   Excel's, and a compiled value that differs from one is wrong. Libraries such as exceljs also write
 *   "Microsoft Excel"; a file whose saved values contradict its own formulas deserves the refusal anyway.
 * - `unvouched`: Excel saved it, but set to manual calculation (`<calcPr calcMode="manual">`) or marked for
 *   recalculation on load (`fullCalcOnLoad="1"`): the saved values may be stale.
 * - `other-engine`: another application saved it (LibreOffice, Apache POI, a library): its values are another
 *   engine's.
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
  application: string | undefined,
  calc?: { mode?: string; fullCalcOnLoad?: boolean },
): SavedValues {
  const producer = producerOf(application);
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
