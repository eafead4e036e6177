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
