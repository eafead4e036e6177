/** The error and information functions: IFERROR, IFNA, the IS functions, N, NA, TRUE(), FALSE(). */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import { inherit, may, only, paren, type Val } from '../../value.js';
import { emptyBranch } from '../logic/entry.js';
import type { FunctionEntry, Lowering } from '../types.js';

const bool = (expr: string, v: Val, cmp: boolean): Val => ({
  expr,
  kinds: ['boolean'],
  atom: !cmp,
  invariant: v.invariant,
  cmp,
  ...inherit(v),
});

/** A result argument that may be blank: its value inside another expression (0 or blank) is not established. */
export function settled(v: Val, node: Node, name: string, l: Lowering): Val {
  if (may(v.kinds, 'blank') && !l.outermost()) {
    l.fail('UNSUPPORTED_CONSTRUCT', `${name} of a value that may be blank inside another expression`, node);
  }
  return v;
}

/** IFERROR and IFNA: the fallback is evaluated only when the value is the error caught. */
function lowerCatch(node: CallNode, l: Lowering): Val {
  const [a, b] = node.args;
  const v = settled(l.lower(a!), a!, node.name, l);
  const fallback = settled(
    b!.kind === 'missing' ? emptyBranch(b!, node.name, l) : l.lower(b!),
    b!,
    node.name,
    l,
  );
  if (!may(v.kinds, 'error')) return v;
  // Why `$not($exists(...))`: the not-established value is no error to catch; it is given back (its Excel
  // answer depends on an unknown).
  const caught =
    node.name === 'IFNA'
      ? `$type($v) = "object" and $v.error = "#N/A"`
      : v.ne
        ? `$type($v) = "object" and $not($exists($v.notEstablished))`
        : `$type($v) = "object"`;
  const left = node.name === 'IFNA' || v.ne ? v.kinds : v.kinds.filter((k) => k !== 'error');
  return {
    expr: `($v := ${v.expr}; ${caught} ? ${paren(fallback)} : $v)`,
    kinds: [...new Set([...left, ...fallback.kinds])],
    atom: true,
    invariant: v.invariant && fallback.invariant,
    ...inherit(v, fallback),
  };
}

const missingZero = (): Val => ({ expr: '0', kinds: ['number'], atom: true, invariant: true, literal: 0 });

type Test = (v: Val, l: Lowering, node: CallNode) => Val;

const typeIs =
  (t: string): Test =>
  (v) =>
    bool(`$type(${v.expr}) = "${t}"`, v, true);

/**
 * An IS test of a value that may be the not-established value: that value itself, else the test (on `$v`).
 * Why: ISERROR, ISNUMBER, ... of a value whose Excel answer is unknown are unknown too.
 */
function unlessNE(test: Test): Test {
  return (v, l, node) => {
    if (!v.ne) return test(v, l, node);
    const t = test({ ...v, expr: '$v', atom: true }, l, node);
    return {
      expr: `($v := ${v.expr}; ${l.call('xlIsNE', ['$v'])} ? $v : ${t.expr})`,
      kinds: ['boolean', 'error'],
      atom: true,
      invariant: v.invariant,
      ...inherit(v, t),
    };
  };
}

const TESTS: Record<string, Test> = {
  ISNUMBER: typeIs('number'),
  ISTEXT: typeIs('string'),
  ISLOGICAL: typeIs('boolean'),
  ISERROR: typeIs('object'),
  // Why `$not(...)`: a missing field's `$type` is undefined, and `undefined != "string"` is false.
  ISNONTEXT: (v) => bool(`$not($type(${v.expr}) = "string")`, v, false),
  ISNA: (v, l) => l.helper('xlIsNa', [v.expr], ['boolean'], v.invariant, [v]),
  ISERR: (v, l) => l.helper('xlIsErrNotNa', [v.expr], ['boolean'], v.invariant, [v]),
  ISBLANK: (v, l, node) => {
    const arg = node.args[0]!;
    if (arg.kind !== 'cell' && may(v.kinds, 'blank')) {
      l.fail('UNSUPPORTED_CONSTRUCT', 'ISBLANK of an expression that may be blank (not a cell)', arg);
    }
    return l.helper('xlIsBlank', [v.expr], ['boolean'], v.invariant, [v]);
  },
  ISEVEN: parity(false),
  ISODD: parity(true),
};

function parity(odd: boolean): Test {
  return (v, l, node) => {
    if (may(v.kinds, 'boolean') || may(v.kinds, 'string')) {
      l.fail(
        'UNSUPPORTED_CONSTRUCT',
        `${node.name} of a logical or text value (Excel's answer is not established)`,
        node.args[0]!,
      );
    }
    return l.helper('xlIsEven', [v.expr, String(odd)], ['boolean', 'error'], v.invariant, [v]);
  };
}

function lowerTest(node: CallNode, l: Lowering): Val {
  const arg = node.args[0]!;
  const v =
    arg.kind === 'missing' ? { ...missingZero(), expr: 'null', kinds: ['blank' as const] } : l.lower(arg);
  return unlessNE(TESTS[node.name]!)(v, l, node);
}

function lowerN(node: CallNode, l: Lowering): Val {
  const v = l.lower(node.args[0]!);
  if (only(v.kinds, ['number'])) return v;
  return l.helper(
    'xlN',
    [v.expr],
    v.kinds.includes('error') ? ['number', 'error'] : ['number'],
    v.invariant,
    [v],
  );
}

const constant = (expr: string, kind: 'boolean' | 'error') => (): Val => ({
  expr,
  kinds: [kind],
  atom: true,
  invariant: true,
});

const IS_MICROSOFT = ['IS functions'];
const isEntry = (
  name: string,
  summary: string,
  notes: string,
  example: FunctionEntry['example'],
  helpers: string[] = [],
): FunctionEntry => ({
  name,
  family: 'info',
  args: [{ name: 'value', kind: 'value', class: 'any' }],
  helpers: [...helpers, 'xlIsNE'],
  lower: lowerTest,
  summary,
  lowering: helpers.length ? `$${helpers[0]}(x)` : 'a `$type(x)` test',
  notes,
  example,
  evidence: {
    goldens: ['info'],
    corpus: ['excel/poi/FormulaEvalTestData_Copy.xlsx'],
    microsoft: IS_MICROSOFT,
    other: 'the value is not converted ("19" is text); a missing field and null are blank, "" is text',
  },
});

const catchEntry = (name: 'IFERROR' | 'IFNA', summary: string, notes: string): FunctionEntry => ({
  name,
  family: 'info',
  args: [
    { name: 'value', kind: 'value', class: 'any' },
    { name: name === 'IFNA' ? 'value_if_na' : 'value_if_error', kind: 'value', class: 'any' },
  ],
  helpers: [],
  lower: lowerCatch,
  summary,
  lowering: '`($v := x; <caught> ? fallback : $v)`, or x itself when it cannot be an error',
  notes,
  example:
    name === 'IFNA'
      ? { formula: '=IFNA(A1,"none")', cells: { A1: { error: '#N/A' } }, value: 'none' }
      : { formula: '=IFERROR(A1/B1,0)', cells: { A1: 1, B1: 0 }, value: 0 },
  evidence: {
    goldens: ['info'],
    corpus: ['excel/poi/60512.xlsm'],
    microsoft: [`${name} function`],
  },
});

export const INFO_FUNCTIONS: readonly FunctionEntry[] = [
  catchEntry(
    'IFERROR',
    'the value, or a fallback when it is an error',
    'the fallback is evaluated only for an error; an empty fallback is 0 as the formula’s value, refused inside another expression (0 or blank not established); a value that may be blank is refused inside another expression (blank or 0 not established)',
  ),
  catchEntry(
    'IFNA',
    'the value, or a fallback when it is #N/A',
    'as IFERROR, for #N/A only; other errors pass',
  ),
  isEntry(
    'ISBLANK',
    'TRUE for an empty cell',
    'a blank cell or missing field TRUE; "" (text, or a formula giving "") FALSE; an expression that may be blank and is not a cell is refused',
    { formula: '=ISBLANK(A1)', cells: {}, value: true },
    ['xlIsBlank'],
  ),
  isEntry('ISNUMBER', 'TRUE for a number', 'numeric text "5" is text: FALSE; blank FALSE; errors FALSE', {
    formula: '=ISNUMBER(A1)',
    cells: { A1: '5' },
    value: false,
  }),
  isEntry('ISTEXT', 'TRUE for text', '"" TRUE; blank FALSE', {
    formula: '=ISTEXT(A1)',
    cells: { A1: '' },
    value: true,
  }),
  isEntry('ISNONTEXT', 'TRUE for anything but text', 'blank TRUE; errors TRUE', {
    formula: '=ISNONTEXT(A1)',
    cells: {},
    value: true,
  }),
  isEntry('ISLOGICAL', 'TRUE for TRUE or FALSE', 'text "TRUE" FALSE', {
    formula: '=ISLOGICAL(A1)',
    cells: { A1: false },
    value: true,
  }),
  isEntry('ISERROR', 'TRUE for any error', 'never propagates an error', {
    formula: '=ISERROR(1/A1)',
    cells: {},
    value: true,
  }),
  isEntry(
    'ISERR',
    'TRUE for an error other than #N/A',
    'never propagates an error',
    { formula: '=ISERR(A1)', cells: { A1: { error: '#N/A' } }, value: false },
    ['xlIsErrNotNa'],
  ),
  isEntry(
    'ISNA',
    'TRUE for #N/A',
    'never propagates an error',
    { formula: '=ISNA(A1)', cells: { A1: { error: '#N/A' } }, value: true },
    ['xlIsNa'],
  ),
  {
    ...isEntry(
      'ISEVEN',
      'TRUE for an even number',
      'truncated (ISEVEN(-2.5) TRUE); blank 0; errors pass; a logical or text argument is refused (not established)',
      { formula: '=ISEVEN(A1)', cells: { A1: -2.5 }, value: true },
      ['xlIsEven'],
    ),
    args: [{ name: 'number', kind: 'value', class: 'strict-number' }],
    evidence: { goldens: ['info'], corpus: ['excel/poi/atp.xlsx'], microsoft: ['ISEVEN function'] },
  },
  {
    ...isEntry(
      'ISODD',
      'TRUE for an odd number',
      'as ISEVEN',
      { formula: '=ISODD(A1)', cells: { A1: 3.9 }, value: true },
      ['xlIsEven'],
    ),
    args: [{ name: 'number', kind: 'value', class: 'strict-number' }],
    evidence: { goldens: ['info'], corpus: ['excel/poi/atp.xlsx'], microsoft: ['ISODD function'] },
  },
  {
    name: 'N',
    family: 'info',
    args: [{ name: 'value', kind: 'value', class: 'any' }],
    helpers: ['xlN'],
    lower: lowerN,
    summary: 'a value as a number',
    lowering: 'x for numbers, else $xlN(x)',
    notes: 'TRUE 1, FALSE 0, text (also "5") 0, blank 0, errors pass',
    example: { formula: '=N(A1)', cells: { A1: true }, value: 1 },
    evidence: { goldens: ['info'], microsoft: ['N function'] },
  },
  {
    name: 'NA',
    family: 'info',
    args: [],
    helpers: [],
    lower: constant('{"error": "#N/A"}', 'error'),
    summary: 'the #N/A error',
    lowering: '`{"error": "#N/A"}`',
    notes: 'no arguments',
    example: { formula: '=NA()', value: { error: '#N/A' } },
    evidence: { goldens: ['info'], microsoft: ['NA function'] },
  },
  ...(['TRUE', 'FALSE'] as const).map(
    (name): FunctionEntry => ({
      name,
      family: 'info',
      args: [],
      helpers: [],
      lower: constant(name.toLowerCase(), 'boolean'),
      summary: `the logical value ${name}`,
      lowering: `\`${name.toLowerCase()}\``,
      notes: 'as a function, as LibreOffice writes it',
      example: { formula: `=${name}()`, value: name === 'TRUE' },
      evidence: { goldens: ['info'], microsoft: [`${name} function`] },
    }),
  ),
];
