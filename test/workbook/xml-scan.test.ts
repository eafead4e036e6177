import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attrs,
  decodeXml,
  detached,
  parseCellRef,
  type RawCell,
  richText,
  scanCells,
} from '../../src/workbook/xml-scan.js';

// The scanner reads attributes and cell references by hand (xml-scan.ts `nextAttr`, `cellRefAt`); these are
// the regexes it replaced, kept here as the reference it must agree with on any text.

const ATTR = /([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

function referenceAttrs(text: string): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  ATTR.lastIndex = 0;
  for (let m = ATTR.exec(text); m; m = ATTR.exec(text)) {
    const name = m[1]!;
    const local = name.includes(':') && !name.startsWith('xmlns') ? name.slice(name.indexOf(':') + 1) : name;
    out[local] = decodeXml(m[2] ?? m[3] ?? '');
  }
  return out;
}

function referenceCellRef(ref: string): { row: number; col: number } | undefined {
  const m = /^\$?([A-Za-z]{1,4})\$?(\d{1,8})$/.exec(ref);
  if (!m) return undefined;
  let col = 0;
  for (const ch of m[1]!.toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, col: col - 1 };
}

const P = '(?:[A-Za-z_][\\w.-]*:)?';

function referenceScanCells(xml: string, onCell: (cell: RawCell) => void): void {
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
    const a = referenceAttrs(m[3]!);
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
    const pos = a.r !== undefined ? referenceCellRef(a.r) : undefined;
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
        const fa = referenceAttrs(f[1]!);
        cell.f = { text: detached(decodeXml(f[2] ?? '')), t: fa.t ?? 'normal' };
        if (fa.ref !== undefined) cell.f.ref = fa.ref;
        if (fa.si !== undefined) cell.f.si = fa.si;
        if (fa.r1 !== undefined) cell.f.r1 = fa.r1;
        if (fa.r2 !== undefined) cell.f.r2 = fa.r2;
      }
      if (cell.t === 'inlineStr') {
        const is = isRe.exec(body);
        if (is) cell.inline = detached(richText(is[0]));
      }
    }
    onCell(cell);
  }
}

/** Texts made of the pieces a start tag or a sheet's cells are made of, and of what breaks them. */
const piece = fc.constantFrom(
  ' ',
  '  ',
  '\t',
  '\n',
  '\u00a0',
  '\u3000',
  '=',
  ' = ',
  '"',
  "'",
  'r',
  't',
  's',
  'x:',
  ':',
  'xmlns',
  'xmlns:r',
  'ref',
  'si',
  'r1',
  'r2',
  '.',
  '-',
  '_',
  'A1',
  'b$7',
  '$AB$12',
  'XFD1048576',
  'ABCDE1',
  '123456789',
  '0',
  '1',
  '&amp;',
  '&#65;',
  '&#x31;',
  '&lt;',
  '\r\n',
  'é',
  '/',
  '>',
);
const space = fc.constantFrom('', ' ', '\t', '\r\n', '\u00a0', '\u2000', '\u2028', '\ufeff', '\u0085');
/** Something shaped like an attribute (`name = "value"`), its parts sometimes broken. */
const attribute = fc
  .tuple(
    fc.constantFrom('r', 't', 's', 'x:r', 'xmlns:r', 'xmlns', ':r', 'r:', 'a.b-c_d', 'ref', 'si', 'r1', 'é'),
    space,
    fc.constantFrom('=', '', '=='),
    space,
    fc.constantFrom('"', "'", ''),
    fc.array(piece, { maxLength: 4 }),
    fc.constantFrom('"', "'", ''),
  )
  .map(([n, s1, eq, s2, q1, v, q2]) => `${n}${s1}${eq}${s2}${q1}${v.join('')}${q2}`);
const text = fc.array(fc.oneof(piece, attribute), { maxLength: 20 }).map((a) => a.join(''));

const sheetPiece = fc.constantFrom(
  '<row>',
  '<row r="3">',
  '<row r="&#52;" spans="1:3">',
  "<row r='9'/>",
  '</row>',
  '<c>',
  '<c r="B2">',
  '<c r="C2" t="s" s="1">',
  '<c t="str">',
  '<c r="$D$4" t="b"/>',
  '<c r="D&#52;">',
  '<c r="AAAAA1">',
  '<x:c r="E5" t="inlineStr">',
  '<c x:r="F6" s="2">',
  "<c r='G7' t='e'>",
  '<c r="H8" s="1" s="3" r="I9">',
  '<c r="J1\r0">',
  '<c r=" K1">',
  '<cx r="L1">',
  '</c>',
  '</x:c>',
  '<v>1</v>',
  '<v>&lt;2&gt;</v>',
  '<v/>',
  '<v xml:space="preserve"> 3 </v>',
  '<f>A1+1</f>',
  '<f t="shared" ref="A1:A9" si="0">B1*2</f>',
  '<f t="shared" si="0"/>',
  '<f t="dataTable" ref="A1:B2" r1="C1" r2="C2"/>',
  "<f t='array' ref='A1:A2'>SUM(B1:B2)</f>",
  '<is><t>x</t></is>',
  'A1',
  ' ',
  '"',
  '>',
);
const sheet = fc
  .array(sheetPiece, { maxLength: 25 })
  .map((a) => `<worksheet><sheetData>${a.join('')}</sheetData></worksheet>`);

describe('xml-scan: attributes and cell references read by hand agree with the regexes they replaced', () => {
  it('attrs', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(attrs(t)).toEqual(referenceAttrs(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('parseCellRef', () => {
    for (const ref of ['A1', 'a1', '$A$1', 'XFD1048576', 'ABCD12345678', 'ABCDE1', 'A123456789', 'A', '1']) {
      expect(parseCellRef(ref)).toEqual(referenceCellRef(ref));
    }
    fc.assert(
      fc.property(text, (t) => {
        expect(parseCellRef(t)).toEqual(referenceCellRef(t));
      }),
      { numRuns: 3000 },
    );
  });

  it('scanCells', () => {
    fc.assert(
      fc.property(sheet, (xml) => {
        const got: RawCell[] = [];
        const want: RawCell[] = [];
        scanCells(xml, (c) => got.push(c));
        referenceScanCells(xml, (c) => want.push(c));
        expect(got).toEqual(want);
      }),
      { numRuns: 3000 },
    );
  });
});
