/**
 * SWITCH: the result paired with the first value equal to the expression, else the
 * default, else #N/A. Only number and text literals are accepted as values (a computed value's errors and
 * blanks are not established); a number matches the same number, a text the same text ignoring case, as `=`
 * compares text (corpus ironcalc logical.xlsx Sheet1!I4: `SWITCH(H4,"Monday",1,"Tuesday",2,"WEDNESDAY",3)`
 * with H4 "Wednesday" saved 3); the oracle leaves a blank or boolean expression and a match only at 15
 * digits undetermined. Only the chosen result is evaluated.
 */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import { inherit, paren, union, type Val, withError } from '../../value.js';
import { settled } from '../info/entry.js';
import type { FunctionEntry, Lowering } from '../types.js';

/**
 * A value of the list as the test of one arm: a number by value, a text lower-cased on both sides (the
 * literal at compile time, with the same case mapping as JSONata's `$lowercase`).
 */
function caseTest(node: Node, l: Lowering): string {
  if (node.kind === 'string') {
    return `$type($s) = "string" and $lowercase($s) = ${JSON.stringify(node.value.toLowerCase())}`;
  }
  const v = l.lower(node);
  if (node.kind === 'number' || (node.kind === 'unary' && v.literal !== undefined)) {
    return `$type($s) = "number" and $s = ${v.expr}`;
  }
  return l.fail('UNSUPPORTED_CONSTRUCT', 'SWITCH with a value that is not a number or text literal', node);
}

function lowerSwitch(node: CallNode, l: Lowering): Val {
  const [e, ...rest] = node.args as Node[];
  const hasDefault = rest.length % 2 === 1;
  const pairs = Math.floor(rest.length / 2);
  if (pairs === 0) l.fail('MALFORMED_FORMULA', 'SWITCH needs at least one value and result', node);
  const subject = l.lower(e!);
  const arms: string[] = [];
  const results: Val[] = [];
  for (let i = 0; i < pairs; i++) {
    const test = caseTest(rest[2 * i]!, l);
    const r = settled(l.lower(rest[2 * i + 1]!), rest[2 * i + 1]!, 'SWITCH', l);
    results.push(r);
    arms.push(`${test} ? ${paren(r)} : `);
  }
  const fallback: Val = hasDefault
    ? settled(l.lower(rest.at(-1)!), rest.at(-1)!, 'SWITCH', l)
    : { expr: '{"error": "#N/A"}', kinds: ['error'], atom: true, invariant: true };
  const all = [...results, fallback];
  return {
    expr: `($s := ${subject.expr}; $type($s) = "object" ? $s : ${arms.join('')}${paren(fallback)})`,
    kinds: withError(union(...all.map((v) => v.kinds)), subject.kinds.includes('error')),
    atom: true,
    invariant: subject.invariant && all.every((v) => v.invariant),
    ...inherit(subject, ...all),
  };
}

export const SWITCH_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'SWITCH',
    family: 'choice',
    args: [
      { name: 'expression', kind: 'value', class: 'any' },
      { name: 'value', kind: 'value', class: 'any' },
      { name: 'result', kind: 'value', class: 'any', repeats: true },
    ],
    helpers: [],
    lower: lowerSwitch,
    summary: 'the result paired with the first value equal to the expression, else the default',
    lowering: '`($s := e; $type($s) = "object" ? $s : $type($s) = "number" and $s = 1 ? r1 : ... : default)`',
    notes:
      'values must be number or text literals (others refused); a number matches the equal number, a text the same text ignoring case (as `=`); a blank or boolean expression and a 15-digit-only match are undetermined in the oracle; text never matches a number; an error expression passes; no match and no default #N/A; only the chosen result is evaluated; a result that may be blank inside another expression is refused',
    example: { formula: '=SWITCH(A1,1,"Sun",7,"Sat","weekday")', cells: { A1: 7 }, value: 'Sat' },
    evidence: {
      goldens: ['choice'],
      corpus: ['excel/ironcalc/logical.xlsx'],
      microsoft: ['SWITCH function'],
      other:
        'Microsoft\'s examples (SWITCH(WEEKDAY(A2),1,"Sunday",...,"No match"), no match and no default #N/A); ironcalc logical.xlsx Sheet1!B2:C8 (numbers, default, no match #N/A, an error expression passes: M2) and I2:I9 (text ignoring case: I4 "Wednesday" matches "WEDNESDAY")',
    },
  },
];
