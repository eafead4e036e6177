/**
 * CONCAT, TEXTJOIN, SUBSTITUTE, REPLACE, FIND, SEARCH, PROPER, REPT, EXACT, VALUE, CHAR, CODE, CLEAN. Text
 * in UTF-16 units, numbers as General text, errors in argument order (helpers.ts).
 */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import { may, pascal, type Val, withError } from '../../value.js';
import type { ArgClass, FunctionArg, FunctionEntry, Lowering } from '../types.js';

/** A call to one helper over every argument, lowered as values; `kinds` of its result. */
function call(helper: string, kinds: Val['kinds']) {
  return (node: CallNode, l: Lowering): Val => {
    const vs = node.args.map((a) => l.lower(a));
    return l.helper(
      helper,
      vs.map((v) => v.expr),
      [...kinds],
      vs.every((v) => v.invariant),
      vs,
    );
  };
}

/** A text result that is an error only when it can be (one text argument). */
function oneText(helper: string) {
  return (node: CallNode, l: Lowering): Val => {
    const s = l.lower(node.args[0]!);
    return l.helper(helper, [s.expr], withError(['string'], may(s.kinds, 'error')), s.invariant, [s]);
  };
}

/** VALUE: a boolean read from a cell is #VALUE! ($xlAtpRef); one typed or computed reaches $xlValue as it is. */
function valueFunction(node: CallNode, l: Lowering): Val {
  const v = l.lower(node.args[0]!);
  const arg =
    node.args[0]!.kind === 'cell' && may(v.kinds, 'boolean') ? l.call('xlAtpRef', [v.expr]) : v.expr;
  return l.helper('xlValue', [arg], ['number', 'error'], v.invariant, [v]);
}

/** An optional number argument written empty (`FIND("a",A1,)`): Excel's reading of it is not established. */
function refuseEmpty(node: CallNode, l: Lowering, at: number): void {
  const a = node.args[at];
  if (a?.kind === 'missing')
    l.fail('UNSUPPORTED_CONSTRUCT', `${node.name} with an empty argument ${at + 1}`, a);
}

/** FIND/SEARCH: start_num omitted is 1. */
function lowerFind(helper: string) {
  return (node: CallNode, l: Lowering): Val => {
    refuseEmpty(node, l, 2);
    const [f, w, st] = node.args;
    const vs = [l.lower(f!), l.lower(w!)];
    if (st) vs.push(l.lower(st));
    const args = vs.map((v) => v.expr);
    if (args.length === 2) args.push('1');
    return l.helper(
      helper,
      args,
      ['number', 'error'],
      vs.every((v) => v.invariant),
      vs,
    );
  };
}

function lowerSubstitute(node: CallNode, l: Lowering): Val {
  refuseEmpty(node, l, 3);
  const vs = node.args.map((a) => l.lower(a));
  const at = vs.length === 4;
  return l.helper(
    at ? 'xlSubstituteAt' : 'xlSubstitute',
    vs.map((v) => v.expr),
    ['string', 'error'],
    vs.every((v) => v.invariant),
    vs,
  );
}

/** The text arguments of CONCAT/TEXTJOIN as one flat list text; blanks kept as null. */
function textList(args: readonly Node[], l: Lowering, keepBlanks: boolean): { list: string; v: Val[] } & Acc {
  const parts: string[] = [];
  const from: Val[] = [];
  const acc: Acc = { invariant: true, fields: [] };
  for (const a of args) {
    if (a.kind === 'range') {
      const r = l.range(a);
      if (r.kind === 'cells') {
        acc.invariant = false;
        for (const c of r.cells)
          parts.push(keepBlanks && may(c.kinds, 'blank') ? l.call('xlV', [c.expr]) : c.expr);
      } else if (r.kind === 'table') {
        for (const x of r.rows.flat()) parts.push(JSON.stringify(x));
      } else {
        if (keepBlanks && may(r.kinds, 'blank'))
          l.fail(
            'UNSUPPORTED_RANGE_SHAPE',
            'TEXTJOIN over a table column that may hold blanks, unless ignore_empty is TRUE',
            a,
          );
        acc.fields.push(r.field);
        parts.push(r.expr);
      }
    } else {
      const v = l.lower(a);
      acc.invariant &&= v.invariant;
      from.push(v);
      parts.push(keepBlanks && may(v.kinds, 'blank') ? l.call('xlV', [v.expr]) : v.expr);
    }
  }
  return { list: `[${parts.join(', ')}]`, v: from, ...acc };
}

interface Acc {
  invariant: boolean;
  fields: string[];
}

function lowerConcat(node: CallNode, l: Lowering): Val {
  if (node.args.every((a) => a.kind !== 'range')) return l.concat(node.args.map((a) => l.lower(a)));
  const t = textList(node.args, l, false);
  const v = l.helper('xlConcatAll', [t.list], ['string', 'error'], t.invariant, t.v);
  return t.invariant && t.fields.length > 0 ? l.hoist(v, `concat${t.fields.map(pascal).join('')}`) : v;
}

function lowerTextJoin(node: CallNode, l: Lowering): Val {
  const [dNode, igNode, ...texts] = node.args;
  const d = l.lower(dNode!);
  const ig = l.lower(igNode!);
  const ignoring = igNode!.kind === 'boolean' && igNode!.value === true;
  const t = textList(texts, l, !ignoring);
  const invariant = d.invariant && ig.invariant && t.invariant;
  const v = l.helper('xlTextJoin', [d.expr, ig.expr, t.list], ['string', 'error'], invariant, [
    d,
    ig,
    ...t.v,
  ]);
  return invariant && t.fields.length > 0 ? l.hoist(v, `textjoin${t.fields.map(pascal).join('')}`) : v;
}

const value = (name: string, cls: ArgClass = 'text'): FunctionArg => ({ name, kind: 'value', class: cls });
const text: readonly FunctionArg[] = [value('text')];
const find: readonly FunctionArg[] = [
  value('find_text'),
  value('within_text'),
  { name: 'start_num', kind: 'value', class: 'number', optional: true },
];
const mf = (title: string) => [`${title} function`];

export const TEXTOPS_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'CONCAT',
    family: 'text',
    args: [{ name: 'text', kind: 'reference', class: 'texts', repeats: true }],
    helpers: ['xlConcat', 'xlNumText', 'xlConcatAll', 'xlV', 'xlCap'],
    lower: lowerConcat,
    summary: 'its arguments joined as text, ranges cell by cell',
    lowering: 'as CONCATENATE without ranges; else $xlConcatAll([...]) over the cells, row by row',
    notes:
      'a same-row range, a whole column (hoisted) or a constant range joins its cells in order, blanks as ""; first error wins; over 32,767 characters #VALUE! (with a range)',
    example: { formula: '=CONCAT(A1:C1,"!")', cells: { A1: 'a', B1: null, C1: 2 }, value: 'a2!' },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/xlcalculator/CONCAT.xlsx'],
      microsoft: mf('CONCAT'),
    },
  },
  {
    name: 'TEXTJOIN',
    family: 'text',
    args: [
      value('delimiter'),
      value('ignore_empty', 'logical'),
      { name: 'text', kind: 'reference', class: 'texts', repeats: true },
    ],
    helpers: ['xlTextJoin', 'xlV'],
    lower: lowerTextJoin,
    summary: 'its text arguments joined with a delimiter',
    lowering: '$xlTextJoin(delimiter, ignore_empty, [...])',
    notes:
      'ignore_empty read as a logical value (text other than TRUE/FALSE #VALUE!); empty = blank or ""; errors: delimiter, ignore_empty, then the first text; over 32,767 characters #VALUE!; a range delimiter is refused, so is a whole column unless ignore_empty is TRUE',
    example: {
      formula: '=TEXTJOIN("-",TRUE,A1:C1)',
      cells: { A1: 'a', B1: '', C1: 1 },
      value: 'a-1',
    },
    evidence: { goldens: ['textops'], microsoft: mf('TEXTJOIN') },
  },
  {
    name: 'SUBSTITUTE',
    family: 'text',
    args: [
      value('text'),
      value('old_text'),
      value('new_text'),
      { name: 'instance_num', kind: 'value', class: 'number', optional: true },
    ],
    helpers: ['xlSubstitute', 'xlSubstituteAt'],
    lower: lowerSubstitute,
    summary: 'a text with occurrences of a text replaced',
    lowering: '$xlSubstitute(text, old, new) or $xlSubstituteAt(text, old, new, n)',
    notes:
      'case-sensitive, left to right, non-overlapping; empty old_text leaves the text; instance_num truncated, below 1 #VALUE!, past the last occurrence no change',
    example: { formula: '=SUBSTITUTE(A1,"B","x",3)', cells: { A1: 'ABCBBDBEB' }, value: 'ABCBxDBEB' },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: mf('SUBSTITUTE'),
    },
  },
  {
    name: 'REPLACE',
    family: 'text',
    args: [value('old_text'), value('start_num', 'number'), value('num_chars', 'number'), value('new_text')],
    helpers: ['xlReplace'],
    lower: call('xlReplace', ['string', 'error']),
    summary: 'a text with a run of characters replaced',
    lowering: '$xlReplace(text, start, n, new)',
    notes: 'UTF-16 units; start and n truncated; start < 1 or n < 0 #VALUE!; start past the end appends',
    example: { formula: '=REPLACE(A1,2,3,"xx")', cells: { A1: 'ABCDEFG' }, value: 'AxxEFG' },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: ['REPLACE, REPLACEB functions'],
    },
  },
  {
    name: 'FIND',
    family: 'text',
    args: find,
    helpers: ['xlFind'],
    lower: lowerFind('xlFind'),
    summary: 'the position of a text inside another, case-sensitive',
    lowering: '$xlFind(find, within, start)',
    notes:
      'UTF-16 units; no wildcards; start_num omitted 1, truncated, below 1 or past the length #VALUE!; empty find_text gives start_num; not found #VALUE!',
    example: { formula: '=FIND("M",A1,3)', cells: { A1: 'Miriam McGovern' }, value: 8 },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/xlcalculator/FIND.xlsx', 'excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: ['FIND, FINDB functions'],
    },
  },
  {
    name: 'SEARCH',
    family: 'text',
    args: find,
    helpers: ['xlSearch'],
    lower: lowerFind('xlSearch'),
    summary: 'the position of a text inside another, ignoring case, with wildcards',
    lowering: '$xlSearch(find, within, start)',
    notes:
      'as FIND, but case-insensitive (as `=` compares text) and `?` one character, `*` any run, `~` quotes the next character (`~d` is d, `~~` a tilde); a lone `~` is found at start_num, as an empty find_text; another pattern ending in a `~` that quotes nothing is not established (#VALUE!)',
    example: { formula: '=SEARCH("p?n",A1)', cells: { A1: 'a Pen' }, value: 3 },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/poi/FormulaEvalTestData_Copy.xlsx', 'excel/ironcalc/TEXT/FIND_SEARCH.xlsx'],
      microsoft: ['SEARCH, SEARCHB functions'],
      other:
        'ironcalc TEXT/FIND_SEARCH.xlsx Sheet1!E18:E32: wildcards (E18 `ns??i` 3, E22 `*~?` 1, E26 `~*` 3, E28 `~~` 4, E31 `~d` 4, E32 `~~*` in "Ho*la" #VALUE!) and the lone tilde (E29 `SEARCH("~","Hi ~Bang!")` 1, E30 `SEARCH("~","Hello")` 1)',
    },
  },
  {
    name: 'PROPER',
    family: 'text',
    args: text,
    helpers: ['xlProper'],
    lower: oneText('xlProper'),
    summary: 'a text with each word capitalised',
    lowering: '$xlProper(text)',
    notes:
      'a letter following a non-letter (a digit, an apostrophe, a space) is capitalised, every other letter lowered ("76BudGet" → "76Budget"); a letter is a character with a case',
    example: {
      formula: '=PROPER(A1)',
      cells: { A1: "this is a TITLE, don't 2nd" },
      value: "This Is A Title, Don'T 2Nd",
    },
    evidence: { goldens: ['textops'], microsoft: mf('PROPER') },
  },
  {
    name: 'REPT',
    family: 'text',
    args: [value('text'), value('number_times', 'number')],
    helpers: ['xlRept'],
    lower: call('xlRept', ['string', 'error']),
    summary: 'a text repeated',
    lowering: '$xlRept(text, n)',
    notes: 'n truncated, 0 gives "", negative #VALUE!; a result over 32,767 characters #VALUE!',
    example: { formula: '=REPT(A1,3)', cells: { A1: 'ab' }, value: 'ababab' },
    evidence: { goldens: ['textops'], microsoft: mf('REPT') },
  },
  {
    name: 'EXACT',
    family: 'text',
    args: [value('text1'), value('text2')],
    helpers: ['xlExact'],
    lower: call('xlExact', ['boolean', 'error']),
    summary: 'whether two texts are the same, case-sensitive',
    lowering: '$xlExact(a, b)',
    notes: 'both read as text (EXACT(123,"123") is TRUE, a blank is ""); first error wins',
    example: { formula: '=EXACT(A1,"Word")', cells: { A1: 'word' }, value: false },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/xlcalculator/EXACT.xlsx', 'excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: mf('EXACT'),
    },
  },
  {
    name: 'VALUE',
    family: 'text',
    args: [value('text', 'strict-number')],
    helpers: ['xlValue', 'xlAtpRef'],
    lower: valueFunction,
    summary: 'a text read as a number',
    lowering: '$xlValue(text) (the reader of arithmetic, $xlParseNum)',
    notes:
      'en-US: spaces, sign, `$`, thousands separators, `%`, exponent, `(1)`, dates M/D/YYYY and YYYY-MM-DD; "" and text without a number or date #VALUE!, other forms not established; a number as it is; a blank 0; a boolean read from a cell #VALUE! (T_VALUE_VALUETOTEXT.xlsx C6), one typed or computed not established',
    example: { formula: '=VALUE(A1)', cells: { A1: '$1,000' }, value: 1000 },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/poi/FormulaEvalTestData_Copy.xlsx', 'excel/poi/ValueFunctionOfBlank.xlsx'],
      microsoft: mf('VALUE'),
    },
  },
  {
    name: 'CHAR',
    family: 'text',
    args: [value('number', 'number')],
    helpers: ['xlChar'],
    lower: call('xlChar', ['string', 'error']),
    summary: 'the character of a code of the ANSI character set (Windows-1252)',
    lowering: '$xlChar(n)',
    notes:
      'n truncated; 1..255 as Excel for Windows (ANSI, Windows-1252: CHAR(128) "€", CHAR(146) "’"; its unassigned 129, 141, 143, 144, 157 the control characters U+0081 ...); outside 1..255 #VALUE!; Excel for Mac (the Macintosh set) is not modelled',
    example: { formula: '=CHAR(A1)', cells: { A1: 65 }, value: 'A' },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/poi/FormulaEvalTestData_Copy.xlsx', 'excel/ironcalc/TEXT/CHAR.xlsx'],
      microsoft: mf('CHAR'),
      other:
        'ironcalc TEXT/CHAR.xlsx Sheet1!B1:B257: CHAR(1) ... CHAR(255) saved by Excel for Windows (Windows-1252; B128 "€", B129 U+0081, B160 U+00A0, B255 "ÿ"), B256:B257 #VALUE!; Microsoft\'s CHAR page: the character set is the computer\'s (Windows: ANSI, Macintosh: the Macintosh set)',
    },
  },
  {
    name: 'CODE',
    family: 'text',
    args: text,
    helpers: ['xlCode'],
    lower: call('xlCode', ['number', 'error']),
    summary: 'the ANSI code (Windows-1252) of the first character of a text',
    lowering: '$xlCode(text)',
    notes:
      'the code CHAR gives the first character for (1..255: CODE("€") 128, CODE("£") 163); empty text and a first character outside that set not established (the oracle undetermined)',
    example: { formula: '=CODE(A1)', cells: { A1: 'Apple' }, value: 65 },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/ironcalc/TEXT/CHAR.xlsx'],
      microsoft: mf('CODE'),
      other:
        'Microsoft\'s CODE page: "the returned code corresponds to the character set used by your computer" (Windows: ANSI), the set whose characters ironcalc TEXT/CHAR.xlsx B1:B255 records; no corpus cell calls CODE',
    },
  },
  {
    name: 'CLEAN',
    family: 'text',
    args: text,
    helpers: ['xlClean'],
    lower: oneText('xlClean'),
    summary: 'a text without its control characters',
    lowering: '$xlClean(text)',
    notes: 'removes the codes 0..31 only (not 127 nor the Unicode control characters)',
    example: { formula: '=CLEAN(A1)', cells: { A1: 'a\u0007b\nc' }, value: 'abc' },
    evidence: {
      goldens: ['textops'],
      corpus: ['excel/poi/FormulaEvalTestData_Copy.xlsx'],
      microsoft: mf('CLEAN'),
    },
  },
];
