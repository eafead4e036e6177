/** IF, AND, OR, NOT. */
import type { CallNode, Node } from '../../../../workbook/formula/ast.js';
import { inherit, only, paren, union, type Val, withError } from '../../value.js';
import { refusePickedCell } from '../picks.js';
import type { FunctionEntry, Lowering } from '../types.js';

/**
 * An empty result argument (`IF(c,1,)`, `IFERROR(x,)`): 0 as the formula’s value (corpus poi 57181.xlsm
 * General!D41 `IF(COUNT(D8:D39)<>0,ROUND(AVERAGE(D8:D39),1),)` saved 0). Inside another expression, whether
 * it is the number 0 or a blank (`"a"&IF(FALSE,1,)`: "a0" or "a"; ISBLANK, ISNUMBER, COUNT) is not
 * established: refused. Every such corpus formula has it at the top.
 */
export function emptyBranch(n: Node, name: string, l: Lowering): Val {
  if (!l.outermost()) {
    l.fail('UNSUPPORTED_CONSTRUCT', `an empty ${name} argument inside another expression (0 or blank)`, n);
  }
  return { expr: '0', kinds: ['number'], atom: true, invariant: true, literal: 0 };
}

function lowerIf(node: CallNode, l: Lowering): Val {
  const [c, t, f] = node.args;
  const cond = l.lower(c!);
  const branch = (n: Node | undefined, dflt: Val): Val =>
    n === undefined ? dflt : n.kind === 'missing' ? emptyBranch(n, node.name, l) : l.lower(n);
  const no: Val = { expr: 'false', kinds: ['boolean'], atom: true, invariant: true };
  const then = branch(t, { expr: 'true', kinds: ['boolean'], atom: true, invariant: true });
  const other = branch(f, no);
  const invariant = cond.invariant && then.invariant && other.invariant;
  if (only(cond.kinds, ['boolean'])) {
    return {
      expr: `${paren(cond)} ? ${paren(then)} : ${paren(other)}`,
      kinds: union(then.kinds, other.kinds),
      atom: false,
      invariant,
      ...inherit(cond, then, other),
    };
  }
  const condError = !only(cond.kinds, ['boolean', 'number', 'blank']);
  return l.helper(
    'xlIf',
    [cond.expr, then.expr, other.expr],
    withError(union(then.kinds, other.kinds), condError),
    invariant,
    [cond, then, other],
  );
}

/**
 * A text literal `""` written as an argument of AND/OR/XOR is left out, as text in a reference is:
 * AND("",TRUE) is TRUE, OR("",FALSE) FALSE, AND("") and AND("","") #VALUE! (corpus ironcalc
 * LOGICAL/AND_OR_XOR.xlsx "AND XOR OR"!C46:E46, C51:E53). Other direct text stays read as a logical value
 * (`AND("1",1)` #VALUE!: poi FormulaEvalTestData_Copy.xlsx EverythingTests!J136).
 */
const isEmptyTextLiteral = (a: Node) => a.kind === 'string' && a.value === '';

/** AND, OR and XOR. */
function lowerLogical(node: CallNode, l: Lowering): Val {
  const args = node.args.filter((a) => !isEmptyTextLiteral(a));
  // Plain `a and b` when every argument is a direct boolean-only value (no error can occur, and evaluating
  // every argument or stopping early gives the same value).
  const scalars = args.every((a) => a.kind !== 'cell' && a.kind !== 'range');
  const vals = scalars ? args.map((a) => l.lower(a)) : undefined;
  if (node.name !== 'XOR' && vals && vals.length > 0 && vals.every((v) => only(v.kinds, ['boolean']))) {
    const word = node.name === 'AND' ? ' and ' : ' or ';
    if (vals.length === 1) return vals[0]!;
    return {
      expr: vals.map((v) => (v.cmp ? v.expr : paren(v))).join(word),
      kinds: ['boolean'],
      atom: false,
      invariant: vals.every((v) => v.invariant),
      ...inherit(...vals),
      logic: true,
    };
  }
  const pieces: string[] = [];
  const from: Val[] = [];
  let invariant = true;
  for (const [i, a] of args.entries()) {
    const ref = vals ? undefined : l.refArray(a);
    if (ref) {
      invariant &&= ref.invariant;
      pieces.push(only(ref.kinds, ['boolean']) ? ref.inner : l.call('xlRefBools', [`[${ref.inner}]`]));
    } else {
      const v = vals?.[i] ?? l.lower(a);
      refusePickedCell(l, node.name, a, v, ['number', 'boolean', 'error']);
      invariant &&= v.invariant;
      from.push(v);
      // A computed "" (`AND(IF(x,"",TRUE),TRUE)`): left out as the literal is, or read as a logical value
      // (#VALUE!)? No saved cell shows it: not established, the oracle undetermined.
      pieces.push(
        only(v.kinds, ['boolean'])
          ? v.expr
          : l.call(a.kind !== 'string' && v.kinds.includes('string') ? 'xlLogicalArg' : 'xlBool', [v.expr]),
      );
    }
  }
  return l.helper(
    LOGICAL_HELPER[node.name as LogicalName],
    [`[${pieces.join(', ')}]`],
    ['boolean', 'error'],
    invariant,
    from,
  );
}

function lowerNot(node: CallNode, l: Lowering): Val {
  const v = l.lower(node.args[0]!);
  if (only(v.kinds, ['boolean'])) return { ...v, expr: `$not(${v.expr})`, atom: true };
  return l.helper('xlNot', [v.expr], ['boolean', 'error'], v.invariant, [v]);
}

type LogicalName = 'AND' | 'OR' | 'XOR';
const LOGICAL_HELPER = { AND: 'xlAnd', OR: 'xlOr', XOR: 'xlXor' } as const;
const LOGICAL_SUMMARY = {
  AND: 'TRUE when every argument is TRUE',
  OR: 'TRUE when any argument is TRUE',
  XOR: 'TRUE when an odd number of arguments are TRUE',
} as const;

const logical = (name: LogicalName, notes: string, example: FunctionEntry['example']): FunctionEntry => ({
  name,
  family: 'logic',
  args: [{ name: 'logical', kind: 'reference', class: 'logicals', repeats: true }],
  helpers: [LOGICAL_HELPER[name], 'xlRefBools', 'xlBool', 'xlLogicalArg'],
  lower: lowerLogical,
  summary: LOGICAL_SUMMARY[name],
  lowering:
    name === 'XOR'
      ? '$xlXor([...])'
      : `\`a ${name.toLowerCase()} b\` over direct boolean-only arguments, else $${LOGICAL_HELPER[name]}([...])`,
  notes,
  example,
  evidence: {
    goldens: ['logic'],
    corpus: [
      'excel/xlcalculator/logical.xlsx',
      'excel/poi/FormulaEvalTestData_Copy.xlsx',
      'excel/ironcalc/LOGICAL/AND_OR_XOR.xlsx',
    ],
    microsoft: [`${name} function`],
    other:
      'FormulaEvalTestData_Copy.xlsx EverythingTests rows 136 and 1020: direct text other than "TRUE"/"FALSE" is #VALUE! even beside a logical value (J136 `AND("1",1)`), text in a reference is ignored (P136 `AND(B18:B19)` with "TRUE"/"FALSE" text is #VALUE!); ironcalc LOGICAL/AND_OR_XOR.xlsx "AND XOR OR"!C52:E53: a "" literal is left out (`AND("", TRUE)` TRUE), C46:E46 and C51:E51: alone #VALUE!',
  },
});

export const LOGIC_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'IF',
    family: 'logic',
    args: [
      { name: 'logical_test', kind: 'value', class: 'logical' },
      // Required: Microsoft's IF page lists `value_if_true (required)`; `=IF(A1)` is not a formula Excel takes.
      { name: 'value_if_true', kind: 'value', class: 'any' },
      { name: 'value_if_false', kind: 'value', class: 'any', optional: true },
    ],
    helpers: ['xlIf'],
    lower: lowerIf,
    summary: 'one of two values, by a condition',
    lowering: '`c ? a : b` when the condition is only boolean, else $xlIf(c, a, b)',
    notes:
      'no else → FALSE; an empty branch → 0 as the formula’s value (poi 57181.xlsm General!D41), refused inside another expression (0 or blank not established); text condition #VALUE! unless "TRUE"/"FALSE"; blank FALSE; numbers non-zero; only the branch taken is evaluated',
    example: { formula: '=IF(A1>=10,"big","small")', cells: { A1: 12 }, value: 'big' },
    evidence: {
      goldens: ['logic'],
      corpus: ['excel/xlcalculator/IF.xlsx'],
      microsoft: ['IF function'],
    },
  },
  logical(
    'AND',
    'references ignore text and blanks, and so does a "" literal (AND("",TRUE) is TRUE); #VALUE! when nothing logical is left; other direct text #VALUE! unless "TRUE"/"FALSE" (a computed "" not established); numbers non-zero; first error wins',
    { formula: '=AND(A1>1,A1<5)', cells: { A1: 3 }, value: true },
  ),
  logical('OR', 'as AND', { formula: '=OR(A1="x",A1="y")', cells: { A1: 'Y' }, value: true }),
  logical('XOR', 'as AND: the arguments are read the same way; TRUE when the count of TRUE is odd', {
    formula: '=XOR(A1>0,B1>0)',
    cells: { A1: 1, B1: 2 },
    value: false,
  }),
  {
    name: 'NOT',
    family: 'logic',
    args: [{ name: 'logical', kind: 'value', class: 'logical' }],
    helpers: ['xlNot'],
    lower: lowerNot,
    summary: 'the opposite logical value',
    lowering: '`$not(x)` for booleans, else $xlNot(x)',
    notes: 'numbers non-zero, blank FALSE, text #VALUE! unless "TRUE"/"FALSE"',
    example: { formula: '=NOT(A1)', cells: { A1: 0 }, value: true },
    evidence: {
      goldens: ['logic'],
      corpus: ['excel/xlcalculator/NOT.xlsx'],
      microsoft: ['NOT function'],
    },
  },
];
