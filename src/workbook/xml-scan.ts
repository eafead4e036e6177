/**
 * A small, fast scanner for the SpreadsheetML parts the reader takes exactly from the file: the cells of a
 * sheet (`<c r t s><f>…</f><v>…</v></c>`), the shared-strings table, the number formats of styles.xml and the
 * sheet list and defined names of workbook.xml.
 *
 * Why scan instead of asking exceljs: exceljs drops a cached 0/FALSE, reads a cached "" as no value, turns
 * date-formatted numbers into JS Dates (rounded to the millisecond), mis-shifts shared formulas, and holds
 * about a kilobyte of objects per cell. The raw `<v>` text read here is the exact double Excel saved. Input
 * has passed pre-flight (no DOCTYPE, so no entities beyond the five predefined and character references).
 * Element names may carry a namespace prefix (`<x:c>`), which some writers use.
 */

const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes XML character and predefined entity references. */
export function decodeXml(raw: string): string {
  // XML end-of-line handling: a parser reads CRLF and lone CR as LF (a `&#13;` reference stays a CR).
  const s = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (_, e: string) => {
    if (e[0] !== '#') return NAMED[e]!;
    const code = e[1] === 'x' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
  });
}

/** Decodes OOXML's `_xHHHH_` escapes in string content (`_x000D_` is a carriage return). */
export function decodeOoxmlText(s: string): string {
  if (!s.includes('_x')) return s;
  return s.replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
}

/**
 * A flat copy of `s` that keeps nothing else alive. Why: V8 makes a substring of 13 or more characters (a
 * regex group, a slice) a view into its parent, so one formula text kept in the model kept its whole sheet
 * part (48 MB of sheet XML at 100,000 rows of 12 columns); and a text built piece by piece (`+=`, a shifted
 * shared formula) is a tree of its pieces, 75 MB for 600,000 shifted formulas. The concatenation is flattened
 * into one new string when sliced, which then is the only parent.
 */
export function detached(s: string): string {
  return s.length < 13 ? s : ` ${s}`.slice(1);
}

const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The attributes of a start tag's attribute text, local names only (`r:id` → `id`), values decoded. */
export function attrs(text: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(text); m; m = ATTR.exec(text)) {
    const name = m[1]!;
    const local = name.includes(':') && !name.startsWith('xmlns') ? name.slice(name.indexOf(':') + 1) : name;
    out[local] = decodeXml(m[2] ?? m[3] ?? '');
  }
  return out;
}

const P = '(?:[A-Za-z_][\\w.-]*:)?';

/** Every element `<name attrs>body</name>` or `<name attrs/>` (non-nesting elements only). */
export function elements(xml: string, name: string): Array<{ attrs: Record<string, string>; body: string }> {
  const re = new RegExp(`<(${P})${name}(?=[\\s>/])([^>]*?)(/>|>([\\s\\S]*?)</\\1${name}\\s*>)`, 'g');
  const out: Array<{ attrs: Record<string, string>; body: string }> = [];
  for (let m = re.exec(xml); m; m = re.exec(xml)) out.push({ attrs: attrs(m[2]!), body: m[4] ?? '' });
  return out;
}

/** The plain text of a string item (`<si>`/`<is>`): its `<t>` runs joined, phonetic runs (`<rPh>`) left out. */
export function richText(body: string): string {
  const noPhonetic = body.includes('rPh')
    ? body.replace(new RegExp(`<${P}rPh[\\s>][\\s\\S]*?</${P}rPh>`, 'g'), '')
    : body;
  let out = '';
  const re = new RegExp(`<${P}t(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${P}t>)`, 'g');
  for (let m = re.exec(noPhonetic); m; m = re.exec(noPhonetic)) out += m[1] ?? '';
  return decodeOoxmlText(decodeXml(out));
}

/** The shared-strings table's plain texts. */
export function readSharedStrings(xml: string): string[] {
  return elements(xml, 'si').map((e) => detached(richText(e.body)));
}

/** Excel's built-in number formats that are not General (ECMA-376 §18.8.30). */
const BUILTIN_FORMATS: Record<number, string> = {
  1: '0',
  2: '0.00',
  3: '#,##0',
  4: '#,##0.00',
  9: '0%',
  10: '0.00%',
  11: '0.00E+00',
  12: '# ?/?',
  13: '# ??/??',
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  37: '#,##0 ;(#,##0)',
  38: '#,##0 ;[Red](#,##0)',
  39: '#,##0.00;(#,##0.00)',
  40: '#,##0.00;[Red](#,##0.00)',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
  48: '##0.0E+0',
  49: '@',
};

/** The number format of each cell style index (`s` attribute), `undefined` for General. */
export function readCellFormats(xml: string): Array<string | undefined> {
  const custom = new Map<number, string>();
  for (const e of elements(xml, 'numFmt')) custom.set(Number(e.attrs.numFmtId), e.attrs.formatCode ?? '');
  const xfs = new RegExp(`<${P}cellXfs[\\s>][\\s\\S]*?</${P}cellXfs>`).exec(xml)?.[0] ?? '';
  const out: Array<string | undefined> = [];
  const re = new RegExp(`<${P}xf(?=[\\s>/])([^>]*)>`, 'g');
  for (let m = re.exec(xfs); m; m = re.exec(xfs)) {
    const id = Number(attrs(m[1]!).numFmtId ?? 0);
    const code = custom.get(id) ?? BUILTIN_FORMATS[id];
    out.push(code && code !== 'General' ? code : undefined);
  }
  return out;
}

/** One `<c>` as stored. */
export interface RawCell {
  row: number;
  col: number;
  /** `t` attribute (absent → `n`). */
  t: string;
  /** Style index. */
  s: number;
  /** `<v>` text decoded; `undefined` when there is no `<v>` element. */
  v?: string;
  /** Inline string text (`<is>`). */
  inline?: string;
  /** `<f>` when present. */
  f?: { text: string; t: string; ref?: string; si?: string; attrs: Record<string, string> };
}

/** Parses `B12` into 0-based row and col; undefined when malformed. */
export function parseCellRef(ref: string): { row: number; col: number } | undefined {
  const m = /^\$?([A-Za-z]{1,4})\$?(\d{1,8})$/.exec(ref);
  if (!m) return undefined;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, col: col - 1 };
}

/**
 * Calls `onCell` for each `<c>` in the `<sheetData>` of a sheet part, in document order, with positions
 * filled in when `r` is omitted (the spec allows it: the next column, or the row's `r`).
 */
export function scanCells(xml: string, onCell: (cell: RawCell) => void): void {
  const open = new RegExp(`<(${P})sheetData(?=[\\s>/])`).exec(xml);
  if (!open) return;
  const endTag = `</${open[1]}sheetData>`;
  const end = xml.indexOf(endTag, open.index);
  const data = xml.slice(open.index, end < 0 ? xml.length : end);
  const tag = new RegExp(`<(${P})(row|c)(?=[\\s>/])([^>]*?)(/?)>`, 'g');
  const fRe = new RegExp(`<${P}f(?=[\\s>/])([^>]*?)(?:/>|>([\\s\\S]*?)</${P}f>)`);
  const vRe = new RegExp(`<${P}v(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${P}v>)`);
  const isRe = new RegExp(`<${P}is[\\s>][\\s\\S]*?</${P}is>`);
  let row = -1;
  let col = -1;
  for (let m = tag.exec(data); m; m = tag.exec(data)) {
    const a = attrs(m[3]!);
    if (m[2] === 'row') {
      row = a.r !== undefined ? Number(a.r) - 1 : row + 1;
      col = -1;
      continue;
    }
    let body = '';
    if (m[4] !== '/') {
      const close = `</${m[1]}c>`;
      const stop = data.indexOf(close, tag.lastIndex);
      const bodyEnd = stop < 0 ? data.length : stop;
      body = data.slice(tag.lastIndex, bodyEnd);
      tag.lastIndex = stop < 0 ? data.length : stop + close.length;
    }
    const pos = a.r !== undefined ? parseCellRef(a.r) : undefined;
    if (pos) {
      row = pos.row;
      col = pos.col;
    } else {
      col += 1;
    }
    const cell: RawCell = { row, col, t: a.t ?? 'n', s: a.s !== undefined ? Number(a.s) : 0 };
    if (body) {
      const v = vRe.exec(body);
      if (v) cell.v = decodeXml(v[1] ?? '');
      const f = fRe.exec(body);
      if (f) {
        const fa = attrs(f[1]!);
        cell.f = { text: detached(decodeXml(f[2] ?? '')), t: fa.t ?? 'normal', attrs: fa };
        if (fa.ref !== undefined) cell.f.ref = fa.ref;
        if (fa.si !== undefined) cell.f.si = fa.si;
      }
      if (cell.t === 'inlineStr') {
        const is = isRe.exec(body);
        if (is) cell.inline = detached(richText(is[0]));
      }
    }
    onCell(cell);
  }
}

/** The `ref` of every `<mergeCell>`. */
export function readMerges(xml: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`<${P}mergeCell(?=[\\s>/])([^>]*?)/?>`, 'g');
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const ref = attrs(m[1]!).ref;
    if (ref) out.push(ref);
  }
  return out;
}
