/** CONCATENATE, LEFT, RIGHT, MID, LEN, UPPER, LOWER, TRIM: text in UTF-16 units, as Excel counts it. */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import { PLAIN_PATH } from '../../guard.js';
import { inherit, literalOf, may, numberLiteral, only, type Val, withError } from '../../value.js';
import type { FunctionArg, FunctionEntry, Lowering } from '../types.js';

function lowerLeftRight(node: CallNode, l: Lowering): Val {
  const [sNode, nNode] = node.args;
  const s = l.lower(sNode!);
  // Why: an empty num_chars (`LEFT("abc",)`) is passed as 0, not left out: "" (only an absent one is 1).
  const count = nNode?.kind === 'missing' ? { kind: 'number' as const, value: 0, span: nNode.span } : nNode;
  const n = count ? l.lower(count) : undefined;
  // Kind-proven: text (or a number, written as text) with a literal count of at least 0 is never an error,
  // and is at most that many units long.
  const literal = count && n ? literalOf(count, n) : 1;
  const exact = literal !== undefined && literal >= 0 && only(s.kinds, ['string', 'number']);
  // LEFT of proven text by a literal count: the units themselves, as $xlLeft's fast path takes them.
  const units = exact && node.name === 'LEFT' && only(s.kinds, ['string']);
  const count0 = units ? numberLiteral(Math.floor(literal)) : undefined;
  const v = l.helper(
    units ? 'xlUnits' : node.name === 'LEFT' ? 'xlLeft' : 'xlRight',
    units ? [s.expr, '0', count0!] : [s.expr, n ? n.expr : '1'],
    exact ? ['string'] : ['string', 'error'],
    s.invariant && (n?.invariant ?? true),
    n ? [s, n] : [s],
  );
  return exact && literal <= MAX_TEXT_UNITS ? { ...v, width: Math.trunc(literal) } : v;
}

/** Excel's longest text, in UTF-16 units. */
const MAX_TEXT_UNITS = 32767;

function lowerMid(node: CallNode, l: Lowering): Val {
  const [s, a, n] = node.args.map((x) => l.lower(x)) as [Val, Val, Val];
  return l.helper(
    'xlMid',
    [s.expr, a.expr, n.expr],
    ['string', 'error'],
    s.invariant && a.invariant && n.invariant,
    [s, a, n],
  );
}

function lowerLen(node: CallNode, l: Lowering): Val {
  const s = l.lower(node.args[0]!);
  if (only(s.kinds, ['string'])) {
    // UTF-16 units: `$split(s, "")` splits into units; `$length` counts code points, the same number when the
    // text holds no surrogate (a field read twice costs a lookup: a plain path only).
    const units = `$count($split(${s.expr}, ""))`;
    const plain = PLAIN_PATH.test(s.expr);
    return {
      expr: plain
        ? String.raw`$contains(${s.expr}, /[\uD800-\uDFFF]/) ? ${units} : $length(${s.expr})`
        : units,
      kinds: ['number'],
      atom: !plain,
      invariant: s.invariant,
      int: true,
      ...inherit(s),
    };
  }
  return l.helper('xlLen', [s.expr], withError(['number'], may(s.kinds, 'error')), s.invariant, [s]);
}

/** A function of one text argument lowered to one helper. */
function oneText(helper: string) {
  return (node: CallNode, l: Lowering): Val => {
    const s = l.lower(node.args[0]!);
    const v = l.helper(helper, [s.expr], withError(['string'], may(s.kinds, 'error')), s.invariant, [s]);
    // Why: UPPER and LOWER keep the length in units (a character whose mapping changes it stays), TRIM shortens.
    return s.width === undefined ? v : { ...v, width: s.width };
  };
}

const text: readonly FunctionArg[] = [{ name: 'text', kind: 'value', class: 'text' }];
const leftRight: readonly FunctionArg[] = [
  { name: 'text', kind: 'value', class: 'text' },
  { name: 'num_chars', kind: 'value', class: 'number', optional: true },
];

export const TEXT_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'CONCATENATE',
    family: 'text',
    args: [{ name: 'text', kind: 'value', class: 'text', repeats: true }],
    helpers: ['xlConcat', 'xlNumText', 'xlCap'],
    lower: (node, l) => l.concat(node.args.map((a) => l.lower(a))),
    summary: 'its arguments joined as text',
    lowering: 'as `&`: plain `a & b` over text and numbers (`$xlNumText(n)`), else $xlConcat([...])',
    notes:
      'numbers as General text (15 significant digits), TRUE/FALSE, blank ""; first error wins; a range argument is refused (implicit intersection)',
    example: { formula: '=CONCATENATE(A1," x",B1)', cells: { A1: 'pen', B1: 12 }, value: 'pen x12' },
    evidence: {
      goldens: ['text'],
      corpus: ['excel/xlcalculator/CONCATENATE.xlsx'],
      microsoft: ['CONCATENATE function'],
      other: "Apache POI's NumberToTextConversionExamples.java for numbers as text",
    },
  },
  {
    name: 'LEFT',
    family: 'text',
    args: leftRight,
    helpers: ['xlLeft', 'xlUnits'],
    lower: lowerLeftRight,
    summary: 'the first characters of a text',
    lowering: '$xlUnits(text, 0, n) for text and a literal count of at least 0, else $xlLeft(text, n)',
    notes: 'UTF-16 units; n omitted = 1, truncated, negative #VALUE!; numbers as General text',
    example: { formula: '=LEFT(A1,2)', cells: { A1: 'pencil' }, value: 'pe' },
    evidence: { goldens: ['text'], microsoft: ['LEFT, LEFTB functions'] },
  },
  {
    name: 'RIGHT',
    family: 'text',
    args: leftRight,
    helpers: ['xlRight'],
    lower: lowerLeftRight,
    summary: 'the last characters of a text',
    lowering: '$xlRight(text, n)',
    notes: 'as LEFT',
    example: { formula: '=RIGHT(A1)', cells: { A1: 'pencil' }, value: 'l' },
    evidence: {
      goldens: ['text'],
      corpus: ['excel/xlcalculator/RIGHT.xlsx'],
      microsoft: ['RIGHT, RIGHTB functions'],
    },
  },
  {
    name: 'MID',
    family: 'text',
    args: [
      { name: 'text', kind: 'value', class: 'text' },
      { name: 'start_num', kind: 'value', class: 'number' },
      { name: 'num_chars', kind: 'value', class: 'number' },
    ],
    helpers: ['xlMid'],
    lower: lowerMid,
    summary: 'characters from the middle of a text',
    lowering: '$xlMid(text, start, n)',
    notes: 'UTF-16 units; start and n truncated; start < 1 or n < 0 #VALUE!',
    example: { formula: '=MID(A1,2,3)', cells: { A1: 'pencil' }, value: 'enc' },
    evidence: {
      goldens: ['text'],
      corpus: ['excel/xlcalculator/MID.xlsx'],
      microsoft: ['MID, MIDB functions'],
    },
  },
  {
    name: 'LEN',
    family: 'text',
    args: text,
    helpers: ['xlLen'],
    lower: lowerLen,
    summary: 'the length of a text',
    lowering:
      '`$count($split(s, ""))` for text (`$length(s)` when a field of text holds no surrogate), else $xlLen(text)',
    notes: 'UTF-16 units (an emoji is 2); numbers as General text; blank 0',
    example: { formula: '=LEN(A1)', cells: { A1: 'P7' }, value: 2 },
    evidence: {
      goldens: ['text'],
      corpus: ['excel/xlcalculator/LEN.xlsx'],
      microsoft: ['LEN, LENB functions'],
    },
  },
  {
    name: 'UPPER',
    family: 'text',
    args: text,
    helpers: ['xlUpper'],
    lower: oneText('xlUpper'),
    summary: 'a text in capitals',
    lowering: '$xlUpper(text) (ASCII-only text through `$uppercase` inside the helper)',
    notes:
      'JavaScript case mapping per character, except that a character whose mapping changes its length stays (UPPER("straße") = "STRAßE"); numbers as General text',
    example: { formula: '=UPPER(A1)', cells: { A1: 'straße' }, value: 'STRAßE' },
    evidence: { goldens: ['text', 'fuzz'], microsoft: ['UPPER function'] },
  },
  {
    name: 'LOWER',
    family: 'text',
    args: text,
    helpers: ['xlLower'],
    lower: oneText('xlLower'),
    summary: 'a text in small letters',
    lowering: '$xlLower(text) (ASCII-only text through `$lowercase` inside the helper)',
    notes: 'as UPPER; capital sigma always lowers to σ (LOWER("ΣΑΣ") = "σασ")',
    example: { formula: '=LOWER(A1)', cells: { A1: 'ΣΑΣ' }, value: 'σασ' },
    evidence: { goldens: ['text'], microsoft: ['LOWER function'] },
  },
  {
    name: 'TRIM',
    family: 'text',
    args: text,
    helpers: ['xlTrim'],
    lower: oneText('xlTrim'),
    summary: 'a text with its spaces trimmed',
    lowering: '$xlTrim(text)',
    notes:
      'only spaces (U+0020): runs collapse to one, ends removed; tabs and newlines kept (`$trim` would remove them)',
    example: { formula: '=TRIM(A1)', cells: { A1: '  a   b ' }, value: 'a b' },
    evidence: { goldens: ['text'], microsoft: ['TRIM function'] },
  },
];
