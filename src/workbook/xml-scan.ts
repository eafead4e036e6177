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

/** Where `nextAttr` found an attribute: its local name and its raw (undecoded) value, as bounds in the text. */
export interface AttrSpan {
  local: number;
  nameEnd: number;
  value: number;
  valueEnd: number;
}

/** `[\w:.-]`: a character of an attribute name. */
function isNameChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 58) || c === 95 || c === 46 || c === 45
  );
}

/** A character a regex's `\s` matches. */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The next attribute of the start-tag text `text[from, end)`, filled into `at`; returns where the search goes
 * on, or -1 when there is none. It finds what the regex `([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')` finds, in
 * the same order. Why by hand: the reader meets two or three attributes in every cell of a sheet, and the
 * regex's match arrays, name strings and records were a tenth of reading a 100,000-row sheet.
 */
export function nextAttr(text: string, from: number, end: number, at: AttrSpan): number {
  let p = from;
  while (p < end) {
    if (!isNameChar(text.charCodeAt(p))) {
      p++;
      continue;
    }
    // A name is the whole run of name characters: a match starting inside the run fails as one at its start.
    let j = p + 1;
    while (j < end && isNameChar(text.charCodeAt(j))) j++;
    let k = j;
    while (k < end && isSpace(text.charCodeAt(k))) k++;
    if (k < end && text.charCodeAt(k) === 61) {
      k++;
      while (k < end && isSpace(text.charCodeAt(k))) k++;
      const q = k < end ? text.charCodeAt(k) : 0;
      if (q === 34 || q === 39) {
        const close = text.indexOf(q === 34 ? '"' : "'", k + 1);
        if (close >= 0 && close < end) {
          // Local names only (`r:id` → `id`); an `xmlns:` declaration keeps its whole name.
          const colon = text.indexOf(':', p);
          at.local = colon >= 0 && colon < j && !(j - p >= 5 && text.startsWith('xmlns', p)) ? colon + 1 : p;
          at.nameEnd = j;
          at.value = k + 1;
          at.valueEnd = close;
          return close + 1;
        }
      }
    }
    p = j;
  }
  return -1;
}

/** The decoded value of the attribute `at` found in `text`. */
function attrValue(text: string, at: AttrSpan): string {
  return decodeXml(text.slice(at.value, at.valueEnd));
}

/** The attributes of a start tag's attribute text, local names only (`r:id` → `id`), values decoded. */
export function attrs(text: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  const at: AttrSpan = { local: 0, nameEnd: 0, value: 0, valueEnd: 0 };
  for (let p = nextAttr(text, 0, text.length, at); p >= 0; p = nextAttr(text, p, text.length, at)) {
    out[text.slice(at.local, at.nameEnd)] = attrValue(text, at);
  }
  return out;
}

/** Whether the attribute `at` of `text` has the one-letter local name `c` (a char code). */
function named1(text: string, at: AttrSpan, c: number): boolean {
  return at.nameEnd - at.local === 1 && text.charCodeAt(at.local) === c;
}

/** Whether the attribute `at` of `text` has the local name `name`. */
function named(text: string, at: AttrSpan, name: string): boolean {
  return at.nameEnd - at.local === name.length && text.startsWith(name, at.local);
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
  /** `<f>` when present: its text and the attributes the reader reads (`r1`, `r2`: a data table's inputs). */
  f?: { text: string; t: string; ref?: string; si?: string; r1?: string; r2?: string };
}

/** Parses `B12` into 0-based row and col; undefined when malformed. */
export function parseCellRef(ref: string): { row: number; col: number } | undefined {
  const pos = { row: 0, col: 0 };
  return cellRefAt(ref, 0, ref.length, pos) ? pos : undefined;
}

/**
 * Reads the cell reference `text[start, end)` into `pos` as `parseCellRef` reads a whole string (the regex
 * `^\$?([A-Za-z]{1,4})\$?(\d{1,8})$`); false, `pos` untouched, when it is not one.
 */
function cellRefAt(text: string, start: number, end: number, pos: { row: number; col: number }): boolean {
  let p = start;
  if (p < end && text.charCodeAt(p) === 36) p++;
  let col = 0;
  const letters = p;
  for (; p < end && p - letters < 4; p++) {
    const c = text.charCodeAt(p) | 32;
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
  }
  if (p === letters) return false;
  if (p < end && text.charCodeAt(p) === 36) p++;
  const digits = p;
  let row = 0;
  for (; p < end; p++) {
    const c = text.charCodeAt(p);
    if (c < 48 || c > 57) return false;
    row = row * 10 + (c - 48);
  }
  if (p === digits || p - digits > 8) return false;
  pos.row = row - 1;
  pos.col = col - 1;
  return true;
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
  // Reused for every tag: the attribute found, and the position a cell's `r` names.
  const at: AttrSpan = { local: 0, nameEnd: 0, value: 0, valueEnd: 0 };
  const pos = { row: 0, col: 0 };
  for (let m = tag.exec(data); m; m = tag.exec(data)) {
    const attrText = m[3]!;
    const n = attrText.length;
    if (m[2] === 'row') {
      let r: string | undefined;
      for (let p = nextAttr(attrText, 0, n, at); p >= 0; p = nextAttr(attrText, p, n, at)) {
        if (named1(attrText, at, 114)) r = attrValue(attrText, at);
      }
      row = r !== undefined ? Number(r) - 1 : row + 1;
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
    // The last of each attribute counts, as in `attrs`; `r` is read in place unless it needs decoding.
    let r: string | undefined;
    let rAt = -1;
    let rEnd = -1;
    let t: string | undefined;
    let s: string | undefined;
    for (let p = nextAttr(attrText, 0, n, at); p >= 0; p = nextAttr(attrText, p, n, at)) {
      if (at.nameEnd - at.local !== 1) continue;
      const name = attrText.charCodeAt(at.local);
      if (name === 114) {
        rAt = at.value;
        rEnd = at.valueEnd;
        r = undefined;
        for (let i = rAt; i < rEnd; i++) {
          const c = attrText.charCodeAt(i);
          if (c === 38 || c === 13) {
            r = attrValue(attrText, at);
            break;
          }
        }
      } else if (name === 116) t = attrValue(attrText, at);
      else if (name === 115) s = attrValue(attrText, at);
    }
    const placed =
      rAt >= 0 && (r !== undefined ? cellRefAt(r, 0, r.length, pos) : cellRefAt(attrText, rAt, rEnd, pos));
    if (placed) {
      row = pos.row;
      col = pos.col;
    } else {
      col += 1;
    }
    const cell: RawCell = { row, col, t: t ?? 'n', s: s !== undefined ? Number(s) : 0 };
    if (body) {
      const v = vRe.exec(body);
      if (v) cell.v = decodeXml(v[1] ?? '');
      const f = fRe.exec(body);
      if (f) {
        const fText = f[1]!;
        const fn = fText.length;
        let ft: string | undefined;
        let ref: string | undefined;
        let si: string | undefined;
        let r1: string | undefined;
        let r2: string | undefined;
        for (let p = nextAttr(fText, 0, fn, at); p >= 0; p = nextAttr(fText, p, fn, at)) {
          if (named1(fText, at, 116)) ft = attrValue(fText, at);
          else if (named(fText, at, 'ref')) ref = attrValue(fText, at);
          else if (named(fText, at, 'si')) si = attrValue(fText, at);
          else if (named(fText, at, 'r1')) r1 = attrValue(fText, at);
          else if (named(fText, at, 'r2')) r2 = attrValue(fText, at);
        }
        cell.f = { text: detached(decodeXml(f[2] ?? '')), t: ft ?? 'normal' };
        if (ref !== undefined) cell.f.ref = ref;
        if (si !== undefined) cell.f.si = si;
        if (r1 !== undefined) cell.f.r1 = r1;
        if (r2 !== undefined) cell.f.r2 = r2;
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
    if (ref) out.push(detached(ref));
  }
  return out;
}
