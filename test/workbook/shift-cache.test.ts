/**
 * `prepareShift` (one template per shared-formula master) against the per-call algorithm it replaced. The old
 * `shiftFormula` is kept here verbatim as the reference: the template must give exactly its text for every
 * master and every child cell, #REF! and whole-row/column quirks included, however often it is reused.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseA1Ref, stringifyA1Ref, tokenize } from '@borgar/fx';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepareShift, shiftFormula } from '../../src/workbook/formula/r1c1.js';
import { getCell, readWorkbook } from '../../src/workbook/index.js';
import { sheetWorkbook } from './helpers.js';
import { propertyRuns } from '../support/property-runs.js';

const MAX_ROW = 1_048_575;
const MAX_COL = 16_383;

/** The shiftFormula of before `prepareShift`, unchanged: tokenizes and parses on every call. */
function referenceShift(
  masterFormula: string,
  masterRow: number,
  masterCol: number,
  row: number,
  col: number,
) {
  const dr = row - masterRow;
  const dc = col - masterCol;
  if (dr === 0 && dc === 0) return masterFormula;
  try {
    const tokens = tokenize(masterFormula, { mergeRefs: true, allowTernary: false });
    let out = '';
    for (const token of tokens) {
      out +=
        token.type === 'range' || token.type === 'range_beam'
          ? referenceShiftRef(token.value, dr, dc)
          : token.value;
    }
    return out;
  } catch {
    return masterFormula;
  }
}

function referenceShiftRef(text: string, dr: number, dc: number): string {
  const parsed = parseA1Ref(text, { allowTernary: false });
  if (!parsed || !('range' in parsed) || !parsed.range) return text;
  const bang = text.lastIndexOf('!');
  const prefix = bang >= 0 ? text.slice(0, bang + 1) : '';
  const r = { ...parsed.range };
  const move = (
    v: number | null | undefined,
    locked: boolean | null | undefined,
    by: number,
  ): number | null => {
    if (v === null || v === undefined) return null;
    return locked ? v : v + by;
  };
  const top = move(r.top, r.$top, dr);
  const bottom = move(r.bottom, r.$bottom, dr);
  const left = move(r.left, r.$left, dc);
  const right = move(r.right, r.$right, dc);
  const off = (v: number | null, max: number) => v !== null && (v < 0 || v > max);
  if (off(top, MAX_ROW) || off(bottom, MAX_ROW) || off(left, MAX_COL) || off(right, MAX_COL)) return '#REF!';
  const range = { ...r, top, bottom, left, right };
  return prefix + stringifyA1Ref({ range } as Parameters<typeof stringifyA1Ref>[0]);
}

/** Master and child cells near the grid's edges and in its middle, so references move off it both ways. */
const CELLS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [1, 0],
  [0, 1],
  [1, 1],
  [2, 5],
  [4, 2],
  [99, 27],
  [MAX_ROW, MAX_COL],
  [MAX_ROW - 1, MAX_COL - 1],
  [MAX_ROW, 0],
  [0, MAX_COL],
  [MAX_ROW - 3, 702],
];

/** Every master cell × every child cell from one template per master cell; returns the mismatches. */
function mismatches(formula: string, cells: ReadonlyArray<readonly [number, number]>): string[] {
  const bad: string[] = [];
  for (const [mr, mc] of cells) {
    const shift = prepareShift(formula, mr, mc);
    for (const [r, c] of cells) {
      const want = referenceShift(formula, mr, mc, r, c);
      const got = shift(r, c);
      if (got !== want) bad.push(`${formula} (${mr},${mc})→(${r},${c}): got ${got}, want ${want}`);
      if (shiftFormula(formula, mr, mc, r, c) !== want)
        bad.push(`shiftFormula ${formula} (${mr},${mc})→(${r},${c})`);
    }
  }
  return bad;
}

const HAND_PICKED = [
  'B2*C2',
  '$A1+B$1+$C$3+D4',
  'SUM(A1:B2)+SUM($A$1:B2)+SUM(A$1:$B2)',
  'A:A&B:B',
  '$A:B+A:$B+$C:$C',
  'SUM(3:5)+SUM($3:4)+SUM($7:$7)',
  'A1:XFD1',
  'A1:B1048576+$A1:$B1048576+A$1:B$1048576',
  'A1:XFD1048576',
  'XFD1048576+XFD1+A1048576',
  "'My Sheet'!A1+'It''s'!$B2:C3+Sheet2!A:A+[1]Data!B5+Sheet1:Sheet3!C3",
  "'My Sheet'!3:3",
  '"A1"&A1&"B2:C3"&" $A$1 "',
  'R1C1+RC+RC[1]+A1B+ABCD1+XFE1+A1048577+_xlfn.XLOOKUP(A1,B:B,C:C)',
  'Table1[[#This Row],[x]]+Table1[Col]+R1C1',
  'A1 B1+A1:B2:C3+(A1,B2)',
  'A1.:.B5+A1:.B5+A1.:B5',
  'A1:A+A:A1+A1:1',
  '{1,2;3,4}+#REF!+#N/A',
  'IF(A2>0,B2/A2,"n/a")',
  'OFFSET(A1,1,1):B5',
  'a1+$b$2:c3+aa10',
  'SUM((',
  '"unterminated',
  '=A1',
  '',
  ' A1 \n+ B2 ',
  'INDIRECT("A"&ROW())+A1',
  'LET(x,A1,x+B1)',
];

describe('prepareShift against the per-call algorithm', () => {
  it('agrees on hand-picked formulas for every master and child cell', () => {
    const bad = HAND_PICKED.flatMap((f) => mismatches(f, CELLS));
    expect(bad).toEqual([]);
  });

  it('reuses one template for many children, keeping #REF! and whole-column rules', () => {
    const shift = prepareShift('"A1"&A1&$B$2&C:C&SUM(3:4)', 1, 2);
    expect(shift(1, 2)).toBe('"A1"&A1&$B$2&C:C&SUM(3:4)');
    expect(shift(2, 2)).toBe('"A1"&A2&$B$2&C:C&SUM(4:5)');
    expect(shift(1, 3)).toBe('"A1"&B1&$B$2&D:D&SUM(3:4)');
    expect(shift(0, 2)).toBe('"A1"&#REF!&$B$2&C:C&SUM(2:3)');
    expect(shift(5, 0)).toBe('"A1"&#REF!&$B$2&A:A&SUM(7:8)');
    expect(shift(2, 2)).toBe('"A1"&A2&$B$2&C:C&SUM(4:5)');
    expect(prepareShift("'My Sheet'!B:B+2:2", 1, 1)(0, 0)).toBe("'My Sheet'!A:A+1:1");
    expect(prepareShift("'My Sheet'!A:A+1:1", 1, 1)(0, 0)).toBe('#REF!+#REF!');
  });

  it('agrees on generated formulas and cells', () => {
    const col = fc.oneof(
      fc.constantFrom('A', 'B', 'Z', 'AA', 'XFC', 'XFD', 'xfd', 'a'),
      fc.integer({ min: 1, max: 60 }).map((n) => String.fromCharCode(64 + (n % 26) + 1)),
    );
    const rowNum = fc.oneof(fc.constantFrom(1, 2, 3, 1048575, 1048576), fc.integer({ min: 1, max: 2000 }));
    const dollar = fc.constantFrom('', '$');
    const cellRef = fc.tuple(dollar, col, dollar, rowNum).map((p) => p.join(''));
    const prefix = fc.constantFrom(
      '',
      '',
      'Sheet2!',
      "'My Sheet'!",
      "'It''s'!",
      '[1]Data!',
      'Sheet1:Sheet3!',
    );
    const ref = fc.oneof(
      fc.tuple(prefix, cellRef).map(([p, c]) => p + c),
      fc.tuple(prefix, cellRef, fc.constantFrom(':', ':', '.:.', ':.'), cellRef).map((p) => p.join('')),
      fc.tuple(prefix, dollar, col, dollar, col).map(([p, d1, c1, d2, c2]) => `${p}${d1}${c1}:${d2}${c2}`),
      fc
        .tuple(prefix, dollar, rowNum, dollar, rowNum)
        .map(([p, d1, r1, d2, r2]) => `${p}${d1}${r1}:${d2}${r2}`),
    );
    const other = fc.constantFrom(
      '"A1"',
      '"B2:C3"',
      'R1C1',
      'RC',
      'ABCD1',
      'A1048577',
      'My_Name',
      'Table1[[#This Row],[x]]',
      '#REF!',
      '1.5',
      'TRUE',
      '{1,2}',
      '"',
      '(',
    );
    const operand = fc.oneof({ weight: 3, arbitrary: ref }, { weight: 1, arbitrary: other });
    const formula = fc
      .tuple(
        fc.constantFrom('', 'SUM(', 'IF(', '-'),
        fc.array(fc.tuple(operand, fc.constantFrom('+', '&', ',', ' ', ':', '*')), {
          minLength: 1,
          maxLength: 5,
        }),
      )
      .map(([head, parts]) => {
        const body = parts.map(([o, op]) => o + op).join('');
        return head + body.slice(0, -1) + (head.endsWith('(') ? ')' : '');
      });
    const coord = (max: number) =>
      fc.oneof(fc.constantFrom(0, 1, 2, max - 1, max), fc.integer({ min: 0, max }));
    const cell = fc.tuple(coord(MAX_ROW), coord(MAX_COL));
    fc.assert(
      fc.property(formula, cell, fc.array(cell, { minLength: 1, maxLength: 6 }), (f, [mr, mc], children) => {
        const shift = prepareShift(f, mr, mc);
        for (const [r, c] of children) {
          expect(shift(r, c), `${f} (${mr},${mc})→(${r},${c})`).toBe(referenceShift(f, mr, mc, r, c));
        }
      }),
      { seed: 20250611, numRuns: propertyRuns(3000) },
    );
  });
});

const PARSE_CORPUS = resolve(import.meta.dirname, '../../../shared/corpus/formulas/parse-corpus.txt');

describe('prepareShift on the real-world formula corpus', () => {
  it('is present (../shared/corpus) and agrees on every formula', () => {
    expect(existsSync(PARSE_CORPUS), `corpus missing: ${PARSE_CORPUS}`).toBe(true);
    const formulas = readFileSync(PARSE_CORPUS, 'utf8')
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '')
      .map((l) => l.slice(1, -1).replace(/""/g, '"'));
    expect(formulas.length).toBeGreaterThan(80_000);
    // Down, right, up-left (near the top-left corner, so references fall off the grid) and far away.
    const children: ReadonlyArray<readonly [number, number]> = [
      [3, 2],
      [2, 3],
      [0, 0],
      [MAX_ROW, MAX_COL],
    ];
    const bad: string[] = [];
    for (const f of formulas) {
      const shift = prepareShift(f, 2, 2);
      for (const [r, c] of children) {
        const want = referenceShift(f, 2, 2, r, c);
        if (shift(r, c) !== want) bad.push(`${f} → (${r},${c}): got ${shift(r, c)}, want ${want}`);
      }
    }
    expect(bad.slice(0, 20)).toEqual([]);
  });
});

describe('reader: one template per master', () => {
  it('shifts each child from its own master when a shared index is reused or a child comes first', async () => {
    const xml =
      '<row r="1"><c r="A1"><f t="shared" si="0"/><v>0</v></c></row>' +
      '<row r="2"><c r="A2"><f t="shared" ref="A2:A3" si="0">B2*2</f><v>0</v></c></row>' +
      '<row r="3"><c r="A3"><f t="shared" si="0"/><v>0</v></c></row>' +
      '<row r="6"><c r="C6"><f t="shared" ref="C6:D7" si="0">"B2"&amp;$B$1&amp;D6</f><v>0</v></c>' +
      '<c r="D6"><f t="shared" si="0"/><v>0</v></c></row>' +
      '<row r="7"><c r="C7"><f t="shared" si="0"/><v>0</v></c></row>';
    const s = (await readWorkbook(await sheetWorkbook(xml))).sheets[0]!;
    expect(getCell(s, 2, 0)?.formula).toBe('B3*2');
    expect(getCell(s, 5, 3)?.formula).toBe('"B2"&$B$1&E6');
    expect(getCell(s, 6, 2)?.formula).toBe('"B2"&$B$1&D7');
    // The child before any master is resolved after the sheet, from the last master of its index.
    expect(getCell(s, 0, 0)?.formula).toBe('"B2"&$B$1&B1');
  });
});
