/**
 * The generated hostile workbooks. Each case builds its bytes by code (cached in a temp folder: nothing
 * binary is committed) and says what it must end in:
 * - `refused`: a coded failure, optionally one of `codes`;
 * - `coded`: a valid result or a coded failure (the file is odd but may be legitimate);
 * - `valid`: a valid result (the hostile content is data, not an attack on the reader).
 * `check` adds a case-specific assertion on the result (returns a problem, or undefined).
 */
import type { ConversionResult, FailureCode } from '../../src/pipeline/index.js';
import { type Cell, packageParts, rowsXml, sheetXml, TABLE, tableWorkbook } from './workbook.js';
import { text, writeZip, zeros } from './zip.js';

export type Expectation = 'refused' | 'coded' | 'valid';

export interface WorkbookCase {
  name: string;
  expect: Expectation;
  codes?: FailureCode[];
  build: () => Promise<Uint8Array>;
  check?: (r: ConversionResult) => string | undefined;
}

/** A deterministic PRNG (mulberry32), so flipped-byte cases are the same on every run. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BOMB = 1024 * 1024 * 1024;

/**
 * Hostile headers: each must become a safe, distinct field name that round-trips through JSONata. (An empty
 * header ends the table by definition, so it is tested by the table recognition tests, not here.)
 */
export const HOSTILE_HEADERS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'Dup',
  'Dup',
  'x'.repeat(10_000),
  'back`tick',
  'quo"te\'s',
  'a.b.c',
  'hasOwnProperty',
  '$$',
  'مبلغ', // RTL
  'nul\u0001ctl',
];

/** The field names of the result's items, for checks. */
function fields(r: ConversionResult): string[] {
  if (!r.valid) return [];
  const items = (r.spec.schema as { properties?: { items?: { items?: { properties?: object } } } }).properties
    ?.items?.items?.properties;
  return items ? Object.keys(items) : [];
}

function checkHeaders(r: ConversionResult): string | undefined {
  if (!r.valid) return `expected a valid result, got ${r.reason}`;
  const names = fields(r);
  if (new Set(names).size !== names.length) return `duplicate field names: ${names.join(', ')}`;
  const bad = names.filter(
    // `constructor`, `prototype` and `toString` are fine as keys: JSON.parse makes them own properties and
    // JSONata reads only own properties (test/compiler/fields.test.ts). `__proto__` is not: an object literal
    // would set the prototype instead.
    (n) =>
      n === '__proto__' ||
      !/^[A-Za-z_][A-Za-z0-9_]*$/.test(n) ||
      !Object.hasOwn(JSON.parse(`{${JSON.stringify(n)}:1}`), n),
  );
  if (names.length < HOSTILE_HEADERS.length)
    return `only ${names.length} of ${HOSTILE_HEADERS.length} headers became fields`;
  if (bad.length > 0)
    return `unsafe field names: ${bad.map((n) => JSON.stringify(n.slice(0, 40))).join(', ')}`;
  if ((r.verification?.disagreements ?? 0) > 0) return 'verification disagreements';
  return undefined;
}

function headerTable(): Cell[][] {
  const h = HOSTILE_HEADERS;
  const out: Cell[][] = [[...h, 'Total']];
  const last = String.fromCharCode(65 + h.length - 1); // column of the last hostile header (no Z overflow: < 26)
  for (let r = 2; r <= 4; r++) {
    const row: Cell[] = h.map((_, i) => r * 10 + i);
    row.push({ f: `A${r}+F${r}+${last}${r}`, v: r * 10 + (r * 10 + 5) + (r * 10 + h.length - 1) });
    out.push(row);
  }
  return out;
}

/** A table column whose formula is `formula` (the same text in every row; cached values absent). */
function formulaColumn(formula: (r: number) => string): Cell[][] {
  return [['Qty', 'Price', 'Total'], ...[2, 3, 4].map((r): Cell[] => [r, r + 1, { f: formula(r) }])];
}

function nested(depth: number, r: number): string {
  return `${'('.repeat(depth)}A${r}${')'.repeat(depth)}`;
}

export function workbookCases(): WorkbookCase[] {
  return [
    { name: 'control: small valid table', expect: 'valid', build: () => tableWorkbook() },
    {
      name: '500,000 merged ranges',
      expect: 'refused',
      codes: ['RESOURCE_LIMIT'],
      build: () =>
        writeZip(
          packageParts('', []).map((p) =>
            p.name === 'xl/worksheets/sheet1.xml'
              ? {
                  name: p.name,
                  stream: () =>
                    text(
                      sheetXml(rowsXml(TABLE)).replace('</worksheet>', '<mergeCells count="500000">'),
                      500_000,
                      (i) => `<mergeCell ref="D${i + 1}:E${i + 1}"/>`,
                      '</mergeCells></worksheet>',
                    ),
                }
              : p,
          ),
        ),
    },
    {
      name: 'shared strings: 3,000,000 entries',
      expect: 'refused',
      codes: ['RESOURCE_LIMIT'],
      build: () =>
        writeZip(
          packageParts(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), [
            {
              name: 'xl/sharedStrings.xml',
              stream: () =>
                text(
                  '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="3000000" uniqueCount="3000000">',
                  3_000_000,
                  (i) => `<si><t>s${i}</t></si>`,
                  '</sst>',
                ),
            },
          ]),
        ),
    },
    {
      name: 'zip bomb: 1 GB entry, honest sizes',
      expect: 'refused',
      codes: ['RESOURCE_LIMIT'],
      build: () =>
        writeZip([
          ...packageParts(sheetXml(rowsXml(TABLE))),
          { name: 'xl/media/zeros.bin', stream: () => zeros(BOMB) },
        ]),
    },
    {
      name: 'zip bomb: 1 GB entry declared as 100 bytes',
      expect: 'refused',
      codes: ['RESOURCE_LIMIT'],
      build: () =>
        writeZip([
          ...packageParts(sheetXml(rowsXml(TABLE))),
          { name: 'xl/media/zeros.bin', stream: () => zeros(BOMB), declaredSize: 100 },
        ]),
    },
    {
      name: 'zip bomb: 1 GB sheet XML (whitespace)',
      expect: 'refused',
      codes: ['RESOURCE_LIMIT'],
      build: () =>
        writeZip(
          packageParts('').map((p) =>
            p.name === 'xl/worksheets/sheet1.xml'
              ? {
                  name: p.name,
                  declaredSize: 4096,
                  stream: function* () {
                    yield Buffer.from(sheetXml(rowsXml(TABLE)).replace('</worksheet>', ''));
                    const spaces = Buffer.alloc(1 << 20, 0x20);
                    for (let i = 0; i < 1024; i++) yield spaces;
                    yield Buffer.from('</worksheet>');
                  },
                }
              : p,
          ),
        ),
    },
    {
      name: 'sheet claiming 1,048,576 rows (dimension + last-row cell)',
      expect: 'coded',
      build: () =>
        writeZip(
          packageParts(
            sheetXml(`${rowsXml(TABLE)}<row r="1048576"><c r="A1048576"><v>1</v></c></row>`, {
              dimension: 'A1:C1048576',
            }),
          ),
        ),
    },
    {
      name: 'cell beyond the grid (row 1,048,577)',
      expect: 'refused',
      codes: ['RESOURCE_LIMIT', 'PARSE_FAILED'],
      build: () =>
        writeZip(
          packageParts(sheetXml(`${rowsXml(TABLE)}<row r="1048577"><c r="A1048577"><v>1</v></c></row>`)),
        ),
    },
    {
      name: 'entity bomb (billion laughs) in sharedStrings',
      expect: 'refused',
      codes: ['UNSUPPORTED_FORMAT'],
      build: () => {
        let dtd = '<!ENTITY lol0 "lol">';
        for (let i = 1; i < 10; i++) dtd += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`;
        return writeZip(
          packageParts(sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'), [
            {
              name: 'xl/sharedStrings.xml',
              data: `<?xml version="1.0"?><!DOCTYPE sst [${dtd}]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&lol9;</t></si></sst>`,
            },
          ]),
        );
      },
    },
    {
      name: 'external entity (XXE) in workbook.xml',
      expect: 'refused',
      codes: ['UNSUPPORTED_FORMAT'],
      build: () =>
        writeZip(
          packageParts(sheetXml(rowsXml(TABLE))).map((p) =>
            p.name === 'xl/workbook.xml'
              ? {
                  name: p.name,
                  data: String(p.data).replace(
                    '?>',
                    '?><!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
                  ),
                }
              : p,
          ),
        ),
    },
    {
      name: 'lying sizes: compressed size past end of file',
      expect: 'refused',
      codes: ['PARSE_FAILED'],
      build: async () => {
        const b = Buffer.from(await tableWorkbook());
        // Every central-directory entry's compressed size → 0x7fffffff.
        for (
          let p = b.indexOf(Buffer.from([0x50, 0x4b, 1, 2]));
          p >= 0;
          p = b.indexOf(Buffer.from([0x50, 0x4b, 1, 2]), p + 4)
        ) {
          b.writeUInt32LE(0x7fffffff, p + 20);
        }
        return new Uint8Array(b);
      },
    },
    {
      name: 'lying sizes: entry count 65,535 in the end record',
      expect: 'refused',
      build: async () => {
        const b = Buffer.from(await tableWorkbook());
        const eocd = b.lastIndexOf(Buffer.from([0x50, 0x4b, 5, 6]));
        b.writeUInt16LE(0xfffe, eocd + 8);
        b.writeUInt16LE(0xfffe, eocd + 10);
        return new Uint8Array(b);
      },
    },
    ...[0.1, 0.5, 0.9, 0.999].map(
      (f): WorkbookCase => ({
        name: `truncated zip at ${f * 100}%`,
        expect: 'refused',
        build: async () => {
          const b = await tableWorkbook();
          return b.subarray(0, Math.floor(b.length * f));
        },
      }),
    ),
    ...[1, 2, 3].map(
      (seed): WorkbookCase => ({
        name: `flipped bytes (seed ${seed}, 16 flips)`,
        expect: 'coded',
        build: async () => {
          const b = new Uint8Array(await tableWorkbook());
          const rnd = prng(seed);
          for (let i = 0; i < 16; i++) b[Math.floor(rnd() * b.length)] ^= 1 << Math.floor(rnd() * 8);
          return b;
        },
      }),
    ),
    {
      name: 'formula of exactly 8,192 characters',
      expect: 'coded',
      build: () => {
        // `A2+0+0+...`: pad with `+0` to exactly 8,192 characters.
        const f = (r: number) => {
          const head = `A${r}*B${r}`;
          const pad = 8192 - head.length;
          return head + '+0'.repeat(Math.floor(pad / 2)) + (pad % 2 ? ' ' : '');
        };
        return tableWorkbook(formulaColumn(f));
      },
      check: (r) =>
        !r.valid || (r.verification?.disagreements ?? 0) === 0 ? undefined : 'verification disagreements',
    },
    {
      name: 'formula of 8,193 characters',
      expect: 'refused',
      codes: ['RESOURCE_LIMIT', 'MALFORMED_FORMULA'],
      build: () => tableWorkbook(formulaColumn((r) => `A${r}*B${r}${'+0'.repeat(4094)} `)),
    },
    {
      name: 'formula nested 10,000 deep',
      expect: 'refused',
      codes: ['RESOURCE_LIMIT', 'MALFORMED_FORMULA', 'UNSUPPORTED_CONSTRUCT'],
      build: () => tableWorkbook(formulaColumn((r) => nested(10_000, r))),
    },
    {
      name: 'formula nested 4,000 deep (within 8,192 chars)',
      expect: 'refused',
      build: () => tableWorkbook(formulaColumn((r) => nested(4000, r))),
    },
    {
      name: 'unterminated string in a formula',
      expect: 'refused',
      build: () => tableWorkbook(formulaColumn((r) => `A${r}&"abc`)),
    },
    {
      name: 'unknown function',
      expect: 'refused',
      codes: ['UNSUPPORTED_FUNCTION'],
      build: () => tableWorkbook(formulaColumn((r) => `FOOBAR(A${r})`)),
    },
    {
      name: 'NUL and control characters in cells and a formula string',
      expect: 'coded',
      build: () =>
        tableWorkbook([
          ['Name', 'Qty', 'Label'],
          ['a_x0000_b', 1, { f: 'A2&"_x0001_"&B2', v: 'a\u0000b\u00011' }],
          ['\t\u0007bell', 2, { f: 'A3&"_x0001_"&B3', v: '\t\u0007bell\u00012' }],
          ['x_x001F_y', 3, { f: 'A4&"_x0001_"&B4', v: 'x\u001fy\u00013' }],
        ]),
    },
    {
      name: 'right-to-left and bidi-override text',
      expect: 'valid',
      build: () =>
        tableWorkbook([
          ['الاسم', 'כמות', 'Label'],
          ['مرحبا', 1, { f: 'A2&B2', v: 'مرحبا1' }],
          ['\u202Eevil\u202C', 2, { f: 'A3&B3', v: '\u202Eevil\u202C2' }],
          ['שלום', 3, { f: 'A4&B4', v: 'שלום3' }],
        ]),
    },
    {
      name: 'hostile headers (__proto__, constructor, empty, duplicate, 10,000 chars, quotes, dots)',
      expect: 'valid',
      build: () => tableWorkbook(headerTable()),
      check: checkHeaders,
    },
    {
      name: 'error values, huge numbers, NaN-like text',
      expect: 'coded',
      build: () =>
        tableWorkbook([
          ['Value', 'Text', 'Double'],
          [{ error: '#DIV/0!' }, 'NaN', { f: 'IFERROR(A2*2,-1)', v: -1 }],
          [1.7976931348623157e308, 'Infinity', { f: 'IFERROR(A3*2,-1)', v: -1 }],
          [5e-324, '-0', { f: 'IFERROR(A4*2,-1)', v: 1e-323 }],
          [{ error: '#N/A' }, '1e999', { f: 'IFERROR(A5*2,-1)', v: -1 }],
          [{ error: '#BOGUS!' }, 'undefined', { f: 'IFERROR(A6*2,-1)', v: -1 }],
        ]),
    },
    {
      name: 'cells with a 32,767-char string and a 1 MB inline string',
      expect: 'coded',
      build: () =>
        tableWorkbook([
          ['Name', 'Qty', 'Len'],
          ['a'.repeat(32_767), 1, { f: 'LEN(A2)', v: 32_767 }],
          ['b'.repeat(1 << 20), 2, { f: 'LEN(A3)', v: 1 << 20 }],
          ['c', 3, { f: 'LEN(A4)', v: 1 }],
        ]),
    },
    {
      name: 'UTF-16 XML part (hides DOCTYPE from byte scans)',
      expect: 'refused',
      build: () =>
        writeZip(
          packageParts('').map((p) =>
            p.name === 'xl/worksheets/sheet1.xml'
              ? {
                  name: p.name,
                  data: new Uint8Array(
                    Buffer.concat([
                      Buffer.from([0xff, 0xfe]),
                      Buffer.from(sheetXml(rowsXml(TABLE)), 'utf16le'),
                    ]),
                  ),
                }
              : p,
          ),
        ),
    },
    {
      name: 'xml with unclosed tags and a stray ampersand',
      expect: 'coded',
      build: () =>
        writeZip(
          packageParts(
            `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a & b</t></is></c><row>`,
          ),
        ),
    },
    {
      name: 'many rows: 200,000 × 3 with a formula column',
      expect: 'coded',
      build: () =>
        writeZip(
          packageParts('').map((p) =>
            p.name === 'xl/worksheets/sheet1.xml'
              ? {
                  name: p.name,
                  stream: () =>
                    text(
                      sheetXml(rowsXml([TABLE[0]!])).replace('</sheetData></worksheet>', ''),
                      200_000,
                      (i) =>
                        `<row r="${i + 2}"><c r="A${i + 2}"><v>${i}</v></c><c r="B${i + 2}"><v>2</v></c><c r="C${i + 2}"><f>A${i + 2}*B${i + 2}</f><v>${i * 2}</v></c></row>`,
                      '</sheetData></worksheet>',
                    ),
                }
              : p,
          ),
        ),
    },
    {
      name: 'entry name with path traversal and duplicate entries',
      expect: 'refused',
      build: () =>
        writeZip([
          ...packageParts(sheetXml(rowsXml(TABLE))),
          { name: '../../etc/passwd', data: 'x' },
          { name: 'xl/workbook.xml', data: '<workbook/>' },
        ]),
    },
  ];
}
