/** TEXT with a named, bounded set of number format codes (en-US); any other code is refused by name. */
import type { CallNode } from '../../workbook/formula/ast.js';
import { may, type Val, withError } from '../lower/value.js';
import type { FunctionEntry, Lowering } from './types.js';

/** A number format code as $xlFmtNum reads it (helpers/format.ts). */
interface NumberCode {
  k: number;
  g: boolean;
  s: number;
  pre: string;
  post: string;
  e: boolean;
}

const code = (k: number, more: Partial<NumberCode> = {}): NumberCode => ({
  k,
  g: false,
  s: 0,
  pre: '',
  post: '',
  e: false,
  ...more,
});

/** The number format codes TEXT accepts, exactly as written (en-US). */
export const TEXT_NUMBER_CODES: Readonly<Record<string, NumberCode>> = {
  '0': code(0),
  '0.0': code(1),
  '0.00': code(2),
  '#,##0': code(0, { g: true }),
  '#,##0.00': code(2, { g: true }),
  '0%': code(0, { s: 2, post: '%' }),
  '0.0%': code(1, { s: 2, post: '%' }),
  '0.00%': code(2, { s: 2, post: '%' }),
  '$#,##0.00': code(2, { g: true, pre: '$' }),
  '0.00E+00': code(2, { e: true }),
};

function lowerText(node: CallNode, l: Lowering): Val {
  const [vNode, fNode] = node.args as [CallNode['args'][0], CallNode['args'][0]];
  if (fNode.kind !== 'string') {
    l.fail('UNSUPPORTED_CONSTRUCT', 'TEXT with a format_text that is not a literal text', fNode);
  }
  const fmt = fNode.value;
  const v = l.lower(vNode);
  const kinds = withError(['string'], may(v.kinds, 'error'));
  if (fmt === '@') return l.helper('xlText', [v.expr], kinds, v.invariant, [v]);
  const c = Object.hasOwn(TEXT_NUMBER_CODES, fmt) ? TEXT_NUMBER_CODES[fmt] : undefined;
  if (!c) l.fail('UNSUPPORTED_CONSTRUCT', `TEXT with the format code ${JSON.stringify(fmt)}`, fNode);
  return l.helper('xlTextFmt', [v.expr, JSON.stringify(c)], kinds, v.invariant, [v]);
}

export const FORMAT_FUNCTIONS: readonly FunctionEntry[] = [
  {
    name: 'TEXT',
    family: 'format',
    args: [
      { name: 'value', kind: 'value' },
      { name: 'format_text', kind: 'value' },
    ],
    helpers: ['xlTextFmt', 'xlText'],
    lower: lowerText,
    summary: 'a number as text in a format code',
    lowering: '$xlTextFmt(x, {code}) for a number code, $xlText(x) for `@`',
    notes: `format codes ${Object.keys(TEXT_NUMBER_CODES).join(' ')} @ only, as a literal (others refused by name); rounding half away from zero on the decimal value; "-" before a negative; numeric text converted, other text returned unchanged, blank 0, TRUE/FALSE as text, errors pass`,
    example: { formula: '=TEXT(A1,"#,##0.00")', cells: { A1: 1234.565 }, value: '1,234.57' },
    evidence: {
      goldens: ['format'],
      corpus: ['excel/poi/NumberFormatTests.xlsx'],
      microsoft: ['TEXT function'],
    },
  },
];
