/**
 * The base conversions: DEC2BIN, DEC2OCT, DEC2HEX, BIN2DEC, BIN2OCT, BIN2HEX, OCT2DEC, OCT2BIN, OCT2HEX,
 * HEX2DEC, HEX2BIN, HEX2OCT, each `$xlToBase` (or `$xlBaseIn` to decimal) of helpers.ts. Evidence:
 * Microsoft's twelve pages and the ~2,700 Excel-saved cells of BASES.xlsx (dec2, bin2, oct2, hex2, places,
 * places-dec2, non-numeric sheets) and NUMBER_SYSTEMS.xlsx (ironcalc). What Excel has not shown is refused: a
 * boolean argument (but DEC2*'s number read from a cell: #VALUE!), a `places` that may be blank, an empty
 * argument.
 */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import type { CellValue } from '../../../../workbook/values.js';
import { may, type Val } from '../../value.js';
import type { FunctionArg, FunctionEntry, Lowering } from '../types.js';

type Radix = 2 | 8 | 10 | 16;
const NAMES: Readonly<Record<Radix, string>> = { 2: 'BIN', 8: 'OCT', 10: 'DEC', 16: 'HEX' };
const WORDS: Readonly<Record<Radix, string>> = { 2: 'binary', 8: 'octal', 10: 'decimal', 16: 'hexadecimal' };
/** The ten-character range of each radix, as Microsoft's pages write it. */
const RANGES: Readonly<Record<Radix, string>> = {
  2: '-512 to 511',
  8: '-536,870,912 to 536,870,911',
  10: '',
  16: '-549,755,813,888 to 549,755,813,887',
};

/** Refuses what Excel's saved values and Microsoft's pages leave open (the oracle calls it undetermined). */
function refuseOpen(node: CallNode, l: Lowering, v: Val, p: Val | undefined): void {
  const [a, b] = node.args as Node[];
  // Why: DEC2BIN/OCT/HEX of a boolean read from a cell is #VALUE! (NUMBER_SYSTEMS.xlsx Decimal!C25, E25, G25).
  const decimalCell = node.name.startsWith('DEC2') && a?.kind === 'cell';
  if (may(v.kinds, 'boolean') && !decimalCell) {
    l.fail('UNSUPPORTED_CONSTRUCT', `${node.name} of a value that may be logical (not established)`, a!);
  }
  if (p && b && (may(p.kinds, 'boolean') || may(p.kinds, 'blank'))) {
    l.fail(
      'UNSUPPORTED_CONSTRUCT',
      `${node.name} with places that may be logical or blank (not established)`,
      b,
    );
  }
}

function lowerBase(from: Radix, to: Radix) {
  return (node: CallNode, l: Lowering): Val => {
    for (const a of node.args as Node[]) {
      if (a.kind === 'missing') l.fail('UNSUPPORTED_CONSTRUCT', `${node.name} with an empty argument`, a);
    }
    const v = l.lower(node.args[0]!);
    const p = node.args[1] ? l.lower(node.args[1]) : undefined;
    refuseOpen(node, l, v, p);
    if (to === 10) return l.helper('xlBaseIn', [v.expr, String(from)], ['number', 'error'], v.invariant, [v]);
    const args = [v.expr, String(from), String(to), p?.expr ?? 'null', String(p !== undefined)];
    const invariant = v.invariant && (p?.invariant ?? true);
    return l.helper('xlToBase', args, ['string', 'error'], invariant, p ? [v, p] : [v]);
  };
}

/** DEC2x reads a number as the Analysis ToolPak does; BIN2x, OCT2x and HEX2x read digits of their base. */
const numberFrom = (from: Radix): FunctionArg => ({
  name: 'number',
  kind: 'value',
  class: from === 10 ? 'strict-number' : 'digits',
});
const PLACES: FunctionArg = { name: 'places', kind: 'value', class: 'strict-number', optional: true };
const NUMBER_SYSTEMS = 'excel/ironcalc/ENGINEERING/NUMBER_SYSTEMS.xlsx';
const DECIMAL_CELLS =
  '; NUMBER_SYSTEMS.xlsx Decimal!C12 DEC2BIN(511.2) and C13 DEC2BIN(511.9) "111111111", C17 DEC2BIN(-512.8) "1000000000", E17 DEC2HEX(-512.8) "FFFFFFFE00", G17 DEC2OCT(-512.8) "7777777000" (truncated toward zero, then the range checked); C25, E25, G25 a boolean read from a cell #VALUE!';

function readNote(from: Radix): string {
  if (from === 10) {
    return 'the number read as arithmetic reads it (numeric text converted, blank 0, `""` and other text #VALUE!, a boolean read from a cell #VALUE!), truncated toward zero, then checked against the range (DEC2BIN(511.9) = "111111111"; the oracle leaves a non-integer at an end of the octal or hex range undetermined)';
  }
  const digits = from === 16 ? '0-9 and A-F in any case' : from === 8 ? '0-7' : '0 and 1';
  return `up to ten characters of ${digits} (a number read from its General text; blank and \`""\` are 0; spaces, signs and points #NUM!), the tenth the sign bit`;
}

function writeNote(to: Radix): string {
  if (to === 10) return 'the result is a number';
  return `outside ${RANGES[to]} #NUM!; a negative is ten characters of two's complement, \`places\` (truncated; below 1, above 10 or too few #NUM!, checked before the number) ignored for it`;
}

interface Example {
  formula: string;
  cells: Readonly<Record<string, CellValue>>;
  value: CellValue;
}

function entry(from: Radix, to: Radix, example: Example): FunctionEntry {
  const name = `${NAMES[from]}2${NAMES[to]}`;
  return {
    name,
    family: 'bases',
    args: to === 10 ? [numberFrom(from)] : [numberFrom(from), PLACES],
    helpers: to === 10 ? ['xlBaseIn'] : ['xlToBase'],
    lower: lowerBase(from, to),
    summary: `${from === 8 ? 'an' : 'a'} ${WORDS[from]} number as ${WORDS[to]}`,
    lowering: to === 10 ? `$xlBaseIn(x, ${from})` : `$xlToBase(x, ${from}, ${to}, places, given)`,
    notes: `${readNote(from)}; ${writeNote(to)}; errors pass; ${to === 10 ? 'a boolean' : from === 10 ? 'a boolean typed or computed, places that may be blank and an empty argument' : 'a boolean, places that may be blank and an empty argument'} refused (not established)`,
    example,
    evidence: {
      goldens: ['bases'],
      corpus: [
        'excel/xlcalculator/BASES.xlsx',
        ...(name === 'HEX2DEC' ? ['excel/poi/57196.xlsx'] : []),
        ...(from === 10 ? [NUMBER_SYSTEMS] : []),
      ],
      microsoft: [`${name} function`],
      other: `BASES.xlsx places!G38/G39: places is checked before the number (DEC2BIN("E",0) #NUM!, DEC2BIN("E",1) #VALUE!)${from === 10 ? DECIMAL_CELLS : ''}`,
    },
  };
}

export const BASES_FUNCTIONS: readonly FunctionEntry[] = [
  entry(10, 2, { formula: '=DEC2BIN(A1,4)', cells: { A1: 9 }, value: '1001' }),
  entry(10, 8, { formula: '=DEC2OCT(A1)', cells: { A1: -100 }, value: '7777777634' }),
  entry(10, 16, { formula: '=DEC2HEX(A1)', cells: { A1: 255 }, value: 'FF' }),
  entry(2, 10, { formula: '=BIN2DEC(A1)', cells: { A1: 1111111111 }, value: -1 }),
  entry(2, 8, { formula: '=BIN2OCT(A1,3)', cells: { A1: 1001 }, value: '011' }),
  entry(2, 16, { formula: '=BIN2HEX(A1)', cells: { A1: 11111011 }, value: 'FB' }),
  entry(8, 10, { formula: '=OCT2DEC(A1)', cells: { A1: 54 }, value: 44 }),
  entry(8, 2, { formula: '=OCT2BIN(A1,3)', cells: { A1: 3 }, value: '011' }),
  entry(8, 16, { formula: '=OCT2HEX(A1)', cells: { A1: '7777777533' }, value: 'FFFFFFFF5B' }),
  entry(16, 10, { formula: '=HEX2DEC(A1)', cells: { A1: 'a5' }, value: 165 }),
  entry(16, 2, { formula: '=HEX2BIN(A1,8)', cells: { A1: 'F' }, value: '00001111' }),
  entry(16, 8, { formula: '=HEX2OCT(A1)', cells: { A1: 'FFFFFFFF00' }, value: '7777777400' }),
];
