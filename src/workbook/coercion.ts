/**
 * The coercion table, one home: what Excel does with an argument's value before the function sees it, by the
 * parameter's class (every parameter of the function table names one: src/compiler/lower/functions/types.ts), the
 * value's kind (value-kinds.ts) and whether the value is typed in the call (`direct`) or read through a
 * reference. Each entry says what the value becomes, the error it gives, that it is left out, or that Excel's
 * answer is not established, with its evidence: a cell Excel saved (file, cell, formula, saved value) or a
 * Microsoft page and its sentence. An entry without evidence is not established, never a guess.
 *
 * The rows, each with its evidence, are in coercion/ by the shape of the class (numeric.ts, scalar.ts,
 * lists.ts), written in the vocabulary of coercion/outcomes.ts. It lives in src/workbook (cell values) so
 * that the compiler and the oracle may both read it;
 * test/coercion.test.ts evaluates each entry with an outcome through the lowering and the oracle, and
 * scripts/coercion-evidence.ts mines the corpus for the cells cited here.
 */
import { LIST_ROWS } from './coercion/lists.js';
import { NUMERIC_ROWS } from './coercion/numeric.js';
import type { ArgClass, ClassRows, Evidence, How, Outcome, Row } from './coercion/outcomes.js';
import { SCALAR_ROWS } from './coercion/scalar.js';
import { VALUE_KINDS, type ValueKindName } from './value-kinds.js';
import type { CellValue } from './values.js';

export type { ArgClass, Evidence, How, Outcome } from './coercion/outcomes.js';

/** What each class is and which parameters hold it, for the docs. */
export const ARG_CLASSES: Readonly<Record<ArgClass, string>> = {
  number:
    "a number, converted by Excel's own functions (ABS, ROUND, MOD, DATE's parts, a count or a position)",
  'strict-number':
    'a number where a boolean is refused: the functions that came from the Analysis ToolPak (QUOTIENT, MROUND, ISEVEN, DEC2BIN, EDATE and EOMONTH months, WEEKNUM’s type) and VALUE (a blank 0, `""` #VALUE!)',
  date: 'a date serial of an Analysis ToolPak function (EDATE and EOMONTH start_date, WEEKNUM)',
  digits: 'the digits of a number in base 2, 8 or 16 (BIN2DEC, OCT2HEX, HEX2BIN: their number)',
  text: 'one text (LEN, LEFT, SUBSTITUTE, FIND, VALUE, CONCATENATE, TEXT’s format)',
  logical: 'one logical value (IF and IFS conditions, NOT, TEXTJOIN’s ignore_empty, a lookup’s range_lookup)',
  numbers:
    'an aggregate’s numbers (SUM, AVERAGE, MIN, MAX, PRODUCT, SUMSQ): a reference gives only its numbers',
  counted: 'COUNT’s values: a value is counted when it is a number',
  logicals: 'AND, OR and XOR’s values: a reference gives only its logical values and numbers',
  texts: 'CONCAT and TEXTJOIN’s texts: a reference gives every cell as text',
  criterion: 'a criterion of SUMIF, COUNTIF, AVERAGEIF, the IFS family and MAXIFS/MINIFS',
  range:
    'a range read as a whole (SUMPRODUCT’s arrays, a lookup table, a criteria range, ROW, ROWS, SUBTOTAL’s references)',
  any: 'any value, as it is (IF’s branches, IFERROR, the IS functions, N, CHOOSE’s and SWITCH’s values, a lookup value, COUNTA)',
};

export interface CoercionEntry {
  class: ArgClass;
  kind: ValueKindName;
  how: How;
  outcome: Outcome;
  evidence: readonly Evidence[];
}

/**
 * One value of each kind: the table's outcomes are said for these, and the check (test/coercion.test.ts)
 * gives them to each class's probe. A blank has no direct form and an empty argument no reference form.
 */
export const REPRESENTATIVE: Readonly<Record<ValueKindName, CellValue>> = {
  number: 5,
  'numeric-text': '5',
  'date-text': '2024-01-10',
  'logical-text': 'TRUE',
  text: 'xyz',
  'empty-text': '',
  boolean: true,
  blank: null,
  error: { error: '#N/A' },
  omitted: null,
};

/** The entries with an outcome, per class; every other class × kind × direct/reference is not established. */
const ESTABLISHED: ClassRows = merged([NUMERIC_ROWS, SCALAR_ROWS, LIST_ROWS]);

/** The row files together; a class is declared in one of them only, or one would hide the other. */
function merged(parts: readonly ClassRows[]): ClassRows {
  const all: Partial<Record<ArgClass, readonly Row[]>> = {};
  for (const part of parts)
    for (const c of Object.keys(part) as ArgClass[]) {
      if (all[c]) throw new Error(`coercion rows of ${c} declared twice`);
      all[c] = part[c];
    }
  return all;
}

/** How a kind can be given: a blank only through a reference, an empty argument only typed. */
export function hows(kind: ValueKindName): readonly How[] {
  if (kind === 'blank') return ['reference'];
  if (kind === 'omitted') return ['direct'];
  return ['direct', 'reference'];
}

/** Every class × kind × direct/reference, in order; what no evidence decides is not established. */
export const COERCION_TABLE: readonly CoercionEntry[] = (Object.keys(ARG_CLASSES) as ArgClass[]).flatMap(
  (c) =>
    VALUE_KINDS.flatMap((kind) =>
      hows(kind).map((how): CoercionEntry => {
        const row = ESTABLISHED[c]?.find(([k, h]) => k === kind && h === how);
        if (!row) return { class: c, kind, how, outcome: 'not established', evidence: [] };
        const [, , outcome, ...evidence] = row;
        return { class: c, kind, how, outcome, evidence };
      }),
    ),
);

/** The table's entry. */
export function coercion(c: ArgClass, kind: ValueKindName, how: How): CoercionEntry {
  const e = COERCION_TABLE.find((x) => x.class === c && x.kind === kind && x.how === how);
  if (!e) throw new Error(`no coercion entry for ${c} ${kind} ${how}`);
  return e;
}
