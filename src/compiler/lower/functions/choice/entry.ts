/** IFS and CHOOSE: one of several values, each evaluated only when chosen. */
import type { CallNode } from '../../../../workbook/formula/ast.js';
import { inherit, may, only, paren, union, type Val, withError } from '../../value.js';
import { settled } from '../info/entry.js';
import { emptyBranch } from '../logic/entry.js';
import type { FunctionEntry, Lowering } from '../types.js';

const NA: Val = { expr: '{"error": "#N/A"}', kinds: ['error'], atom: true, invariant: true };

/** IFS(c1, v1, c2, v2, ...): nested conditionals, the last falling to #N/A. */
function lowerIfs(node: CallNode, l: Lowering): Val {
  if (node.args.length % 2 !== 0) {
    l.fail('MALFORMED_FORMULA', 'IFS takes pairs of logical_test and value_if_true', node);
  }
  let rest = NA;
  for (let i = node.args.length - 2; i >= 0; i -= 2) {
    const [c, v] = [node.args[i]!, node.args[i + 1]!];
    const cond = l.lower(c);
    if (only(cond.kinds, ['string'])) {
      l.fail('UNSUPPORTED_CONSTRUCT', 'IFS with a text condition (not established)', c);
    }
    const then = settled(l.lower(v), v, 'IFS', l);
    const invariant = cond.invariant && then.invariant && rest.invariant;
    const kinds = union(then.kinds, rest.kinds);
    if (may(cond.kinds, 'string')) {
      // Why: Excel's IFS of a text condition is not established (no saved cell; Microsoft's IFS page is
      // silent), so a row meeting one gets the not-established value; the other rows read it as IF does.
      const ne = l.call('xlNE', [JSON.stringify(IFS_NE)]);
      const pick = l.call('xlIf', ['$c', then.expr, rest.expr]);
      rest = {
        expr: `($c := ${cond.expr}; $type($c) = "string" ? ${ne} : ${pick})`,
        kinds: withError(kinds, true),
        atom: true,
        invariant,
        ...inherit(cond, then, rest),
        ne: true,
      };
      continue;
    }
    rest = only(cond.kinds, ['boolean'])
      ? {
          expr: `${paren(cond)} ? ${paren(then)} : ${paren(rest)}`,
          kinds,
          atom: false,
          invariant,
          ...inherit(cond, then, rest),
        }
      : l.helper('xlIf', [cond.expr, then.expr, rest.expr], withError(kinds, true), invariant, [
          cond,
          then,
          rest,
        ]);
  }
  return rest;
}

/** What an IFS row meeting a text condition is not established for. */
export const IFS_NE = 'IFS with a text condition';

/** CHOOSE(index, v1, ...): the index truncated; outside 1..n #VALUE!. */
function lowerChoose(node: CallNode, l: Lowering): Val {
  const [i, ...values] = node.args;
  const index = l.lower(i!);
  if (only(index.kinds, ['string', 'boolean'])) {
    l.fail('UNSUPPORTED_CONSTRUCT', 'CHOOSE with a text or logical index (not established)', i!);
  }
  const vals = values.map((v) => (v.kind === 'missing' ? emptyBranch(v, node.name, l) : l.lower(v)));
  const arms = vals.map((v, k) => `$k = ${k + 1} ? ${paren(v)} : `).join('');
  const pick = `$k := $floor($n); ${arms}{"error": "#VALUE!"}`;
  const number = only(index.kinds, ['number']);
  const unknown = may(index.kinds, 'string') || may(index.kinds, 'boolean');
  // Why: Excel's CHOOSE of a text or logical index is not established (no saved cell, Microsoft's page is
  // silent), so a row that meets one gets the not-established value; the other rows compute as Excel does.
  const read = unknown
    ? `($i := ${index.expr}; $type($i) = "string" or $type($i) = "boolean" ? ${l.call('xlNE', [JSON.stringify(CHOOSE_NE)])} : ${l.call('xlNum', ['$i'])})`
    : l.call('xlNum', [index.expr]);
  const expr = number
    ? `($n := ${index.expr}; ${pick})`
    : `($n := ${read}; $type($n) = "object" ? $n : (${pick}))`;
  return {
    expr,
    kinds: withError(union(...vals.map((v) => v.kinds)), true),
    atom: true,
    invariant: index.invariant && vals.every((v) => v.invariant),
    ...inherit(index, ...vals),
    ...(unknown ? { ne: true } : {}),
  };
}

/** What a CHOOSE row meeting a text or logical index is not established for. */
export const CHOOSE_NE = 'CHOOSE with a text or logical index';

export const CHOICE_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'IFS',
    family: 'choice',
    args: [
      { name: 'logical_test', kind: 'value', class: 'logical' },
      { name: 'value_if_true', kind: 'value', class: 'any', repeats: true },
    ],
    helpers: ['xlIf', 'xlNE'],
    lower: lowerIfs,
    summary: 'the value of the first condition that is TRUE',
    lowering: 'nested `c ? v : ...` (or $xlIf) ending in #N/A',
    notes:
      'conditions read as IF reads them (numbers non-zero, blank FALSE, errors propagate in order); none TRUE #N/A; an odd argument count is malformed; a text condition is not established: refused when the condition is always text, else the not-established value in a row that meets one; a value that may be blank inside another expression is refused',
    example: { formula: '=IFS(A1>=90,"A",A1>=80,"B",TRUE,"C")', cells: { A1: 85 }, value: 'B' },
    evidence: { goldens: ['choice'], microsoft: ['IFS function'] },
  },
  {
    name: 'CHOOSE',
    family: 'choice',
    args: [
      { name: 'index_num', kind: 'value', class: 'number' },
      { name: 'value', kind: 'value', class: 'any', repeats: true },
    ],
    helpers: ['xlNum', 'xlNE'],
    lower: lowerChoose,
    summary: 'the value at a position in the list',
    lowering: '`($n := i; $k := $floor($n); $k = 1 ? v1 : ... : #VALUE!)`',
    notes:
      'index truncated; below 1 or past the list #VALUE! (blank is 0); errors pass; only the chosen value is evaluated; an empty choice 0 as the formula’s value, refused inside another expression (0 or blank not established); a text or logical index is not established: refused when the index is always one, else the not-established value in a row that meets one; range values are refused',
    example: { formula: '=CHOOSE(A1,"low","mid","high")', cells: { A1: 2.7 }, value: 'mid' },
    evidence: {
      goldens: ['choice'],
      corpus: ['excel/xlcalculator/choose.xlsx'],
      microsoft: ['CHOOSE function'],
    },
  },
];
