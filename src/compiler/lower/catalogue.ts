/**
 * The catalogue of what the lowering supports: every function and operator with its lowering and the Excel
 * semantics it keeps, and every refusal code with its meaning. Read by tools that explain the compiler.
 */
import { codeEntry, codesOfKind, type RefusalCode } from '../../codes/index.js';

export interface CatalogueEntry {
  name: string;
  kind: 'function' | 'operator';
  /** What the JSONata looks like. */
  lowering: string;
  /** The Excel behaviours kept. */
  notes: string;
}

export const CATALOGUE: readonly CatalogueEntry[] = [
  {
    name: '+ - *',
    kind: 'operator',
    lowering:
      'plain `a * b` when both sides are only numbers and a literal side rules out overflow, `$xlFin(a * b)` for other numbers, else $xlAdd/$xlSub/$xlMul',
    notes:
      'blank is 0, booleans 1/0, numeric text converted ("1.5", " 2 ", "1e3", "50%"), other text #VALUE!, first error wins, overflow #NUM!',
  },
  {
    name: '/',
    kind: 'operator',
    lowering: 'plain only by a non-zero number literal, else $xlDiv',
    notes: 'division by zero or blank is #DIV/0!',
  },
  {
    name: '^',
    kind: 'operator',
    lowering: '$xlPow (never `$power` directly)',
    notes:
      'left-associative (2^3^2 = 64), -2^2 = 4, 0^0 #NUM!, 0^-1 #DIV/0!, negative base with fractional exponent #NUM!, overflow #NUM!',
  },
  {
    name: '&',
    kind: 'operator',
    lowering:
      'plain `a & b` when every part is only text or a number (`$xlNumText(n)`), else $xlConcat([...])',
    notes:
      'numbers as General text (15 significant digits, 1E+21, 1.23456789012346E-05), TRUE/FALSE, blank ""',
  },
  {
    name: '= <> < <= > >=',
    kind: 'operator',
    lowering:
      'plain where the kinds allow (numbers against a literal through its 15-digit bounds, `$xlR15(a) op $xlR15(b)`, `$lowercase` for text), else $xlCompare(a, b, op)',
    notes:
      'text case-insensitive; numbers < text < booleans; blank as 0, "" or FALSE by the other side; numbers compared at 15 significant digits',
  },
  {
    name: 'unary - +',
    kind: 'operator',
    lowering: '`-a` for numbers, else $xlNeg; unary + is the identity',
    notes: '-"3" is -3',
  },
  { name: '%', kind: 'operator', lowering: '`a / 100` for numbers, else $xlPercent', notes: 'postfix' },
  {
    name: 'IF',
    kind: 'function',
    lowering: '`c ? a : b` when the condition is only boolean, else $xlIf',
    notes:
      'no else → FALSE; omitted branch → 0; text condition #VALUE! unless "TRUE"/"FALSE"; blank FALSE; numbers non-zero',
  },
  {
    name: 'AND',
    kind: 'function',
    lowering: '`a and b` over direct boolean-only arguments, else $xlAnd([...])',
    notes: 'references ignore text and blanks; #VALUE! when nothing logical is left; direct text #VALUE!',
  },
  { name: 'OR', kind: 'function', lowering: '`a or b` or $xlOr([...])', notes: 'as AND' },
  {
    name: 'NOT',
    kind: 'function',
    lowering: '`$not(x)` for booleans, else $xlNot',
    notes: 'numbers non-zero, blank FALSE',
  },
  {
    name: 'ROUND',
    kind: 'function',
    lowering: '$xlRound(x, digits)',
    notes:
      'half away from zero on the 15-digit decimal value (ROUND(1.005,2) = 1.01); digits truncated; negative digits round left of the point',
  },
  {
    name: 'ABS',
    kind: 'function',
    lowering: '`$abs(x)` for numbers, else $xlAbs',
    notes: 'coerces like arithmetic',
  },
  {
    name: 'SUM',
    kind: 'function',
    lowering: '`$xlFin($sum([...]))` over numbers only, else $xlSum([...]); whole columns hoisted',
    notes:
      'ranges ignore text, booleans, blanks; direct arguments coerce (SUM(1,TRUE,"2") = 4); left-to-right',
  },
  {
    name: 'AVERAGE',
    kind: 'function',
    lowering: '$xlAverage([...]) (or `$average` over direct numbers)',
    notes: 'nothing numeric → #DIV/0!',
  },
  {
    name: 'MIN',
    kind: 'function',
    lowering: '$xlMin([...]) (or `$min` over direct numbers)',
    notes: 'nothing numeric → 0',
  },
  {
    name: 'MAX',
    kind: 'function',
    lowering: '$xlMax([...]) (or `$max` over direct numbers)',
    notes: 'nothing numeric → 0',
  },
  {
    name: 'COUNT',
    kind: 'function',
    lowering: '$sum of per-argument counts',
    notes: 'ranges count numbers only; direct numbers, booleans and numeric text count; errors never count',
  },
  {
    name: 'CONCATENATE',
    kind: 'function',
    lowering: 'as `&`',
    notes: 'range arguments are refused (implicit intersection)',
  },
  {
    name: 'LEFT',
    kind: 'function',
    lowering: '$xlLeft(text, n)',
    notes: 'UTF-16 units; n omitted = 1, truncated, negative #VALUE!',
  },
  { name: 'RIGHT', kind: 'function', lowering: '$xlRight(text, n)', notes: 'as LEFT' },
  {
    name: 'MID',
    kind: 'function',
    lowering: '$xlMid(text, start, n)',
    notes: 'UTF-16 units; start < 1 or n < 0 #VALUE!',
  },
  {
    name: 'LEN',
    kind: 'function',
    lowering: '`$count($split(s, ""))` for text, else $xlLen(text)',
    notes: 'UTF-16 units (an emoji is 2); numbers as General text',
  },
  {
    name: 'UPPER',
    kind: 'function',
    lowering: '`$uppercase` for text, else $xlUpper',
    notes: 'JavaScript case mapping',
  },
  {
    name: 'LOWER',
    kind: 'function',
    lowering: '`$lowercase` for text, else $xlLower',
    notes: 'JavaScript case mapping',
  },
  {
    name: 'TRIM',
    kind: 'function',
    lowering: '$xlTrim(text)',
    notes: 'only spaces (U+0020): runs collapse, ends removed; tabs and newlines kept',
  },
  {
    name: 'VLOOKUP',
    kind: 'function',
    lowering:
      '$xlVlookup(key, $<table>, col) with the table a library value; $xlVlookupAt(key, $<table>, c) for a literal column inside a table without wildcard keys',
    notes:
      'exact match only (4th argument FALSE/0); case-insensitive text, wildcards * ? ~; 1 and "1" differ; first match; #N/A when absent; col < 1 #VALUE!, beyond the table #REF!',
  },
  {
    name: 'SUMPRODUCT',
    kind: 'function',
    lowering: '$xlSumProduct([{"a": col}, ...]), hoisted over whole columns',
    notes: 'same sizes or #VALUE!; non-numbers as 0; errors propagate',
  },
];

/** Every refusal code with its meaning, from the code registry (src/codes/registry.ts). */
export const REFUSAL_CODES: Readonly<Record<RefusalCode, string>> = Object.freeze(
  Object.fromEntries(codesOfKind('refusal').map((c) => [c, codeEntry(c).meaning])) as Record<
    RefusalCode,
    string
  >,
);

/** Supported functions and operators whose name or notes contain the query (case-insensitive); all without one. */
export function listFunctions(query?: string): {
  entries: CatalogueEntry[];
  refusals: Array<{ code: string; meaning: string }>;
} {
  const q = query?.trim().toLowerCase();
  const entries = q
    ? CATALOGUE.filter((e) => e.name.toLowerCase().includes(q) || e.notes.toLowerCase().includes(q))
    : [...CATALOGUE];
  const refusals = Object.entries(REFUSAL_CODES).map(([code, meaning]) => ({ code, meaning }));
  return { entries, refusals };
}
