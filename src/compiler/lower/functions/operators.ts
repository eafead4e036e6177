/**
 * The operators the lowering supports, for the catalogue and the docs: what each lowers to and the Excel
 * behaviours it keeps. Their lowering is lower.ts itself (the operators are the core of the language, not
 * entries of the function table).
 */
export interface OperatorEntry {
  /** The operators, space-separated (`+ - *`), or `unary - +`. */
  name: string;
  /** What the JSONata looks like. */
  lowering: string;
  /** The Excel behaviours kept. */
  notes: string;
}

export const OPERATORS: readonly OperatorEntry[] = [
  {
    name: '+ - *',
    lowering:
      'plain `a * b` when both sides are only numbers and a literal side rules out overflow, `$xlFin(a * b)` for other numbers, else $xlAdd/$xlSub/$xlMul',
    notes:
      'blank is 0, booleans 1/0, numeric text converted ("1.5", " 2 ", "1e3", "50%"), other text #VALUE!, first error wins, overflow #NUM!',
  },
  {
    name: '/',
    lowering: 'plain `a / L` by a non-zero number literal (`$xlFin(a / L)` when |L| < 1), else $xlDiv',
    notes: 'division by zero or blank is #DIV/0!',
  },
  {
    name: '^',
    lowering: '$xlPow (never `$power` directly)',
    notes:
      'left-associative (2^3^2 = 64), -2^2 = 4, 0^0 #NUM!, 0^-1 #DIV/0!, negative base with fractional exponent #NUM!, overflow #NUM!; an integer exponent by repeated squaring where the squaring orders agree (POWER(-2.4,5) = -79.62624, as Excel saves it)',
  },
  {
    name: '&',
    lowering:
      'plain `a & b` when every part is only text or a number (`$xlNumText(n)`), else $xlConcat([...])',
    notes:
      'numbers as General text (15 significant digits, 1E+21, 1.23456789012346E-05), TRUE/FALSE, blank ""',
  },
  {
    name: '= <> < <= > >=',
    lowering:
      'plain where the kinds allow (numbers against a literal through its 15-digit bounds, `$xlR15(a) op $xlR15(b)`, `$lowercase` for text), else $xlCompare(a, b, op)',
    notes:
      'text case-insensitive; numbers < text < booleans; blank as 0, "" or FALSE by the other side; numbers compared at 15 significant digits',
  },
  {
    name: 'unary - +',
    lowering: '`-a` for numbers, else $xlNeg; unary + is the identity',
    notes: '-"3" is -3',
  },
  { name: '%', lowering: '`a / 100` for numbers, else $xlPercent', notes: 'postfix' },
];
