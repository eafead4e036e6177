/**
 * `readWorkbook`: .xlsx/.xlsm bytes → `WorkbookModel`.
 *
 * Three steps. Pre-flight checks the zip and inflates its parts under limits. Every part the reader reads is
 * then checked to be well-formed XML by saxes (`checkWellFormed`; a sheet with its `<sheetData>` and
 * `<mergeCells>` emptied, `structureXml`, since the cell scan has its own checks): a part that is not is
 * `PARSE_FAILED` naming the part, line and column. Parts the reader never reads (comments' VML, drawings,
 * themes) are not judged, so a file Excel opens is not refused over them. Cells, formulas, cached results,
 * number formats, merges, defined names and sheet visibility are read from the XML by `xml-scan.ts`, tables
 * from their parts by `table-parts.ts`.
 *
 * Why not a workbook library (exceljs, once the reader of record here): its cell values are inexact (it drops a
 * cached 0/FALSE, shifts shared formulas inside string literals; see xml-scan.ts), it builds an object per cell
 * (about 1 KB each) and checks each merge against every earlier one (quadratic), it fails on prefixed
 * namespaces (`<x:workbook>`) and on the unclosed `<br>` of Excel's comment VML, and loading it took 150 ms of
 * every conversion's start for what is now a sheet list and a well-formedness check.
 *
 * Shared formulas: children are shifted from the master's text as `shiftFormula` does (exceljs shifts text
 * inside string literals and leaves whole-column references alone), through one `prepareShift` template per
 * master, so a master is tokenized once however many children it has. Array formulas (`t="array"`, CSE and
 * dynamic arrays) and data tables mark every cell of their range `formulaKind: 'array'` with the anchor's
 * `arrayRef` and formula, so no cell of a spilled range passes for an input value.
 */
import { SaxesParser } from 'saxes';
import { ERROR_CODES, type ExcelErrorCode } from './formula/ast.js';
import { prepareShift, type ShiftedFormula } from './formula/r1c1.js';
import type { CellValue } from './values.js';
import type { CellModel, DefinedName, SheetModel, WorkbookModel } from './model.js';
import { type ProducerMarks, producerOf } from './producer.js';
import { serialOfTime } from './serials.js';
import { readTableParts } from './table-parts.js';
import { preflight, type ReadLimits, resolveLimits, WorkbookError } from './preflight.js';
import {
  decodeOoxmlText,
  decodeXml,
  detached,
  elements,
  parseCellRef,
  type RawCell,
  readCellFormats,
  readMerges,
  readSharedStrings,
  scanCells,
} from './xml-scan.js';

export interface ReadOptions {
  limits?: Partial<ReadLimits>;
}

const ERRORS = new Set<string>(ERROR_CODES);

/**
 * Reads a workbook. Throws `WorkbookError` (codes `EMPTY_WORKBOOK`, `FILE_TOO_LARGE`, `UNSUPPORTED_FORMAT`,
 * `PARSE_FAILED`, `RESOURCE_LIMIT`); any other throw is a bug.
 */
export async function readWorkbook(bytes: Uint8Array, options: ReadOptions = {}): Promise<WorkbookModel> {
  const limits = resolveLimits(options.limits);
  const info = preflight(bytes, limits);
  // Each part decoded once: the scan, the table parts and the well-formedness check all read from here.
  const decoded = new Map<string, string | undefined>();
  const text = (name: string): string | undefined => {
    if (decoded.has(name)) return decoded.get(name);
    const part = info.parts.get(name);
    const t = part ? Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('utf8') : undefined;
    decoded.set(name, t);
    return t;
  };
  const { workbookPart } = info;
  const dir = workbookPart.slice(0, workbookPart.lastIndexOf('/') + 1);
  const workbookRels = `${dir}_rels/${workbookPart.slice(dir.length)}.rels`;
  const workbookXml = text(workbookPart) ?? '';
  const wbPr = elements(workbookXml, 'workbookPr')[0]?.attrs ?? {};
  const date1904 = wbPr.date1904 === '1' || wbPr.date1904 === 'true';
  const rels = relationships(text(workbookRels) ?? '', dir);
  const declared = elements(workbookXml, 'sheet').map((e) => ({
    name: e.attrs.name ?? '',
    state: sheetState(e.attrs.state),
    part: rels.get(e.attrs.id ?? ''),
  }));
  const sst = readSharedStrings(text(partOfType(rels, 'sharedStrings', dir)) ?? '');
  const formats = readCellFormats(text(partOfType(rels, 'styles', dir)) ?? '');

  const sheets: SheetModel[] = [];
  const sheetXml = new Map<string, string>();
  for (const d of declared) {
    const xml = d.part ? (text(d.part) ?? '') : '';
    if (d.part) sheetXml.set(d.part, xml);
    sheets.push(readSheet(d.name, d.state, xml, { sst, formats, date1904, limits }));
  }

  checkWellFormed(text, sheetXml, [
    workbookPart,
    workbookRels,
    partOfType(rels, 'sharedStrings', dir),
    partOfType(rels, 'styles', dir),
  ]);
  const parts = declared.flatMap((d) =>
    d.part ? [{ name: d.name, part: d.part, xml: sheetXml.get(d.part) ?? '' }] : [],
  );
  const { tables, problems } = readTableParts(parts, text, relationships);

  const definedNames: DefinedName[] = elements(workbookXml, 'definedName').map((e) => {
    const name: DefinedName = { name: e.attrs.name ?? '', ref: decodeXml(e.body) };
    const local = e.attrs.localSheetId;
    if (local !== undefined && declared[Number(local)]) name.sheet = declared[Number(local)]!.name;
    return name;
  });
  const model: WorkbookModel = { sheets, definedNames, tables };
  if (problems.length > 0) model.tableProblems = problems;
  if (date1904) model.date1904 = true;
  Object.assign(model, producerMarks(text('docProps/app.xml') ?? '', workbookXml));
  if (producerOf(model).kind === 'libreoffice') for (const sheet of sheets) typedConstants(sheet);
  const calcPr = elements(workbookXml, 'calcPr')[0]?.attrs;
  if (calcPr) model.calc = calcSettings(calcPr);
  const modified = /<(?:\w+:)?modified\b[^>]*>([^<]*)</.exec(text('docProps/core.xml') ?? '')?.[1]?.trim();
  if (modified) model.modified = modified;
  return model;
}

/**
 * LibreOffice saves a typed TRUE or FALSE as the formula `TRUE()`/`FALSE()` and a typed error as the formula `#N/A`
 * (with the value cached beside it), where Excel stores the constant: seen in every LibreOffice twin of a fixture
 * with typed booleans or errors (fixtures/libreoffice/all-functions.xlsx D2:D9, text-dates-multiples.xlsx A10).
 * Such a cell is read as the constant it holds, as the Excel-shaped file stores it: an input, not a formula.
 */
function typedConstants(sheet: SheetModel): void {
  for (const row of sheet.rows.values()) {
    for (const cell of row.values()) {
      if (cell.formulaKind !== 'normal' || cell.formula === undefined) continue;
      const f = cell.formula.trim().toUpperCase();
      const constant =
        f === 'TRUE()'
          ? true
          : f === 'FALSE()'
            ? false
            : (ERROR_CODES as readonly string[]).includes(f)
              ? { error: f as ExcelErrorCode }
              : undefined;
      const saved = cell.cached;
      const same =
        typeof constant === 'boolean'
          ? saved === constant
          : constant !== undefined &&
            typeof saved === 'object' &&
            saved !== null &&
            saved.error === constant.error;
      if (!same || constant === undefined) continue;
      delete cell.formula;
      delete cell.formulaKind;
      delete cell.cached;
      cell.value = constant;
    }
  }
}

/** Who saved the file: `<Application>` and `<AppVersion>` of docProps/app.xml, `<fileVersion>` of the workbook. */
function producerMarks(appXml: string, workbookXml: string): ProducerMarks {
  const marks: ProducerMarks = {};
  const text = (name: string) =>
    new RegExp(`<(?:\\w+:)?${name}>([\\s\\S]*?)</(?:\\w+:)?${name}>`).exec(appXml)?.[1];
  const app = text('Application');
  if (app !== undefined) marks.application = decodeXml(app).trim();
  const version = text('AppVersion');
  if (version !== undefined) marks.appVersion = decodeXml(version).trim();
  const fv = elements(workbookXml, 'fileVersion')[0]?.attrs;
  if (fv) {
    const { appName, lastEdited, rupBuild } = fv;
    marks.fileVersion = {
      ...(appName !== undefined ? { appName } : {}),
      ...(lastEdited !== undefined ? { lastEdited } : {}),
      ...(rupBuild !== undefined ? { rupBuild } : {}),
    };
  }
  return marks;
}

/** The calculation settings that say whether the saved values were computed by the saving application. */
function calcSettings(attrs: Record<string, string>): NonNullable<WorkbookModel['calc']> {
  const calc: NonNullable<WorkbookModel['calc']> = {};
  if (attrs.calcMode !== undefined) calc.mode = attrs.calcMode;
  if (attrs.fullCalcOnLoad === '1' || attrs.fullCalcOnLoad === 'true') calc.fullCalcOnLoad = true;
  if (attrs.iterate === '1' || attrs.iterate === 'true') calc.iterate = true;
  return calc;
}

/** Relationship id → part path, resolved against `base`. */
function relationships(xml: string, base: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of elements(xml, 'Relationship')) {
    const target = e.attrs.Target;
    if (!e.attrs.Id || !target || e.attrs.TargetMode === 'External') continue;
    out.set(e.attrs.Id, target.startsWith('/') ? target.slice(1) : normalise(base + target));
    out.set(`type:${e.attrs.Type ?? ''}`, out.get(e.attrs.Id)!);
  }
  return out;
}

function normalise(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '..') out.pop();
    else if (seg !== '.' && seg !== '') out.push(seg);
  }
  return out.join('/');
}

/**
 * The workbook's part of a relationship type (`sharedStrings`, `styles`), else its usual name beside the
 * workbook part (`xl/sharedStrings.xml`).
 */
function partOfType(rels: Map<string, string>, type: string, dir: string): string {
  for (const [k, v] of rels) if (k.startsWith('type:') && k.endsWith(`/${type}`)) return v;
  return `${dir}${type}.xml`;
}

/**
 * A sheet part as the well-formedness check sees it: `<sheetData>` emptied and `<mergeCells>` removed. Both are
 * read by the scan (which has its own checks), and a 100,000-row sheet's cells would double the check's time.
 */
export function structureXml(xml: string): string {
  return xml
    .replace(/<((?:\w+:)?)sheetData(\s[^>]*)?(?:\/>|>[\s\S]*?<\/\1sheetData>)/, '<$1sheetData/>')
    .replace(/<((?:\w+:)?)mergeCells(?=[\s>/])[^>]*?(?:\/>|>[\s\S]*?<\/\1mergeCells\s*>)/, '');
}

/** A `<sheet state>` as the model's visibility (anything else, or none, is visible). */
function sheetState(state: string | undefined): SheetModel['state'] {
  return state === 'hidden' || state === 'veryHidden' ? state : 'visible';
}

/** The package parts that say what the file is, besides the workbook's own parts. */
const PACKAGE_PARTS = ['[Content_Types].xml', '_rels/.rels'];

/**
 * Throws `PARSE_FAILED` for the first read part that is not well-formed XML: the package's and the workbook's
 * parts, shared strings, styles, docProps/app.xml, each sheet without its cell data (see the header), and each
 * sheet's relationships. A table part's faults are the table's (reported in `tableProblems`), not the file's.
 */
function checkWellFormed(
  text: (name: string) => string | undefined,
  sheetXml: Map<string, string>,
  workbookParts: readonly string[],
): void {
  const names = [...PACKAGE_PARTS, ...workbookParts, 'docProps/app.xml'];
  for (const part of sheetXml.keys()) {
    const slash = part.lastIndexOf('/');
    names.push(part, `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`);
  }
  for (const name of names) {
    const sheet = sheetXml.get(name);
    const xml = sheet !== undefined ? structureXml(sheet) : text(name);
    if (xml === undefined) continue;
    const fault = xmlFault(xml);
    if (fault !== undefined) {
      throw new WorkbookError(
        'PARSE_FAILED',
        `The workbook could not be parsed: ${name} is not well-formed XML (${fault}${sheet !== undefined ? ', counted without its cell data' : ''}).`,
        { part: name },
      );
    }
  }
}

/** saxes's first complaint about `xml` ("line:column: what"), or undefined when it is well-formed. */
export function xmlFault(xml: string): string | undefined {
  const parser = new SaxesParser();
  let fault: string | undefined;
  parser.on('error', (e) => {
    fault ??= e.message;
  });
  try {
    parser.write(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml).close();
  } catch (e) {
    fault ??= (e as Error).message;
  }
  return fault;
}

interface SheetContext {
  sst: string[];
  formats: Array<string | undefined>;
  date1904: boolean;
  limits: ReadLimits;
}

function readSheet(name: string, state: SheetModel['state'], xml: string, ctx: SheetContext): SheetModel {
  const sheet: SheetModel = { name, state, rows: new Map(), maxRow: -1, maxCol: -1, merges: [] };
  const masters = new Map<string, SharedMaster>();
  const orphans: Array<{ cell: CellModel; si: string }> = [];
  const arrays: Array<{ ref: string; text: string; row: number; col: number }> = [];
  const { limits } = ctx;
  scanCells(xml, (raw) => {
    if (raw.row < 0 || raw.row >= limits.maxSheetRows || raw.col < 0 || raw.col >= limits.maxSheetColumns) {
      throw new WorkbookError(
        'RESOURCE_LIMIT',
        `Sheet ${name} has a cell at row ${raw.row + 1}, column ${raw.col + 1}, outside the allowed grid.`,
        {
          limit: raw.row >= limits.maxSheetRows || raw.row < 0 ? 'maxSheetRows' : 'maxSheetColumns',
          sheet: name,
        },
      );
    }
    const cell = toCell(raw, ctx);
    if (raw.f) {
      const f = raw.f;
      if (f.text.length > limits.maxFormulaLength) {
        throw new WorkbookError(
          'RESOURCE_LIMIT',
          `A formula in ${name} is longer than ${limits.maxFormulaLength} characters.`,
          {
            limit: 'maxFormulaLength',
            sheet: name,
            length: f.text.length,
          },
        );
      }
      if (f.t === 'shared' && f.si !== undefined) {
        cell.formulaKind = 'shared';
        if (f.ref !== undefined && f.text !== '') {
          masters.set(f.si, { text: f.text, row: raw.row, col: raw.col });
          cell.formula = f.text;
        } else {
          const m = masters.get(f.si);
          if (m) cell.formula = shiftShared(m, raw.row, raw.col);
          else orphans.push({ cell, si: f.si });
        }
      } else if (f.t === 'array' || f.t === 'dataTable') {
        cell.formulaKind = 'array';
        // A data table stores no formula text; Excel shows it as {=TABLE(r1,r2)}.
        cell.formula = f.t === 'dataTable' ? `TABLE(${f.r1 ?? ''},${f.r2 ?? ''})` : f.text;
        // A flat copy: a slice of the sheet's XML would keep the whole XML alive (`detached`).
        cell.arrayRef = f.ref !== undefined ? detached(f.ref) : cellRange(raw.row, raw.col);
        arrays.push({ ref: cell.arrayRef, text: cell.formula, row: raw.row, col: raw.col });
      } else {
        cell.formulaKind = 'normal';
        cell.formula = f.text;
      }
    } else if (cell.value === null) {
      return; // a styled blank: not part of the model
    }
    put(sheet, cell);
  });
  for (const { cell, si } of orphans) {
    const m = masters.get(si);
    // A child whose master is missing keeps no formula text we could trust: it reads as a value cell.
    if (m) cell.formula = shiftShared(m, cell.row, cell.col);
    else delete cell.formulaKind;
  }
  for (const a of arrays) markArray(sheet, a);
  sheet.merges = readMerges(xml);
  return sheet;
}

/** A shared formula's master cell; `shift` is its template, prepared when its first child is read. */
interface SharedMaster {
  text: string;
  row: number;
  col: number;
  shift?: ShiftedFormula;
}

/** The master's formula as Excel fills it into the child at (row, col): a string of its own (r1c1.ts). */
function shiftShared(master: SharedMaster, row: number, col: number): string {
  master.shift ??= prepareShift(master.text, master.row, master.col);
  return master.shift(row, col);
}

function put(sheet: SheetModel, cell: CellModel): void {
  let r = sheet.rows.get(cell.row);
  if (!r) {
    r = new Map();
    sheet.rows.set(cell.row, r);
  }
  r.set(cell.col, cell);
  if (cell.row > sheet.maxRow) sheet.maxRow = cell.row;
  if (cell.col > sheet.maxCol) sheet.maxCol = cell.col;
}

function cellRange(row: number, col: number): string {
  let n = col + 1;
  let s = '';
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return `${s}${row + 1}`;
}

/** Marks the cells of an array formula's range (only cells present: the range may claim far more). */
function markArray(sheet: SheetModel, a: { ref: string; text: string; row: number; col: number }): void {
  const [from, to] = a.ref.split(':');
  const tl = parseCellRef(from ?? '');
  const br = to ? parseCellRef(to) : tl;
  if (!tl || !br) return;
  for (const [row, cells] of sheet.rows) {
    if (row < tl.row || row > br.row) continue;
    for (const [col, cell] of cells) {
      if (col < tl.col || col > br.col || cell.formula !== undefined) continue;
      cell.formula = a.text;
      cell.formulaKind = 'array';
      cell.arrayRef = a.ref;
    }
  }
}

/** The cell's value (constant cell) or cached result (formula cell), exactly as stored. */
function toCell(raw: RawCell, ctx: SheetContext): CellModel {
  let v: CellValue | undefined;
  switch (raw.t) {
    case 's': {
      const i = raw.v === undefined ? Number.NaN : Number(raw.v);
      v = Number.isInteger(i) && i >= 0 && i < ctx.sst.length ? ctx.sst[i]! : undefined;
      break;
    }
    case 'str':
      // `<v></v>` is a cached "" — distinct from no `<v>` at all (exceljs reads both as undefined).
      v = raw.v === undefined ? undefined : detached(decodeOoxmlText(raw.v));
      break;
    case 'inlineStr':
      v = raw.inline ?? (raw.v !== undefined ? decodeOoxmlText(raw.v) : undefined);
      break;
    case 'b':
      v = raw.v === undefined || raw.v === '' ? undefined : raw.v === '1' || raw.v.toLowerCase() === 'true';
      break;
    case 'e': {
      const code = (raw.v ?? '').trim();
      v =
        raw.v === undefined
          ? undefined
          : ERRORS.has(code)
            ? { error: code as ExcelErrorCode }
            : { error: '#VALUE!' };
      break;
    }
    case 'd':
      v = raw.v === undefined ? undefined : isoToSerial(raw.v, ctx.date1904);
      break;
    default: {
      // The exact double Excel saved; exceljs would turn a date-formatted one into a rounded JS Date.
      const text = raw.v?.trim();
      v = text === undefined || text === '' ? undefined : Number(text);
      if (typeof v === 'number' && !Number.isFinite(v)) v = { error: '#NUM!' };
      if (Object.is(v, -0)) v = 0;
    }
  }
  const cell: CellModel = { row: raw.row, col: raw.col, value: v ?? null };
  if (raw.f && v !== undefined) cell.cached = v;
  const fmt = ctx.formats[raw.s];
  if (fmt !== undefined) cell.numFmt = fmt;
  return cell;
}

/** An ISO 8601 date-time (`t="d"` cells) as an Excel serial in the workbook's date system. */
export function isoToSerial(iso: string, date1904: boolean): CellValue {
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(iso) || !iso.includes('T') ? iso : `${iso}Z`);
  if (Number.isNaN(ms)) return { error: '#VALUE!' };
  return dateToSerial(new Date(ms), date1904);
}

/** A JS Date (UTC fields) as an Excel serial (serials.ts has the calendar). */
export function dateToSerial(date: Date, date1904: boolean): number {
  return serialOfTime(date.getTime(), date1904);
}
