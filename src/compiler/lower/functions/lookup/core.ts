/**
 * What the lookup functions share: reading their constant tables, the literal mode arguments, and emitting
 * the two indexed forms every lookup becomes, the exact-match `$xlVlookup(At)` over an `index` table and the
 * approximate `$xlLookupApprox` over an `ascending`/`descending` one (TableValues: data the library builds
 * from at run time, lower/library.ts). HLOOKUP is a
 * VLOOKUP over the transposed table; MATCH a VLOOKUP over rows [value, position]; INDEX(…, MATCH(…)) and
 * XLOOKUP over rows [key, value].
 */
import type { Node } from '../../../../workbook/formula/ast.js';
import type { CellValue } from '../../../../workbook/values.js';
import { type TableValue, unsortedReason } from '../../library.js';
import { kindOfValue, literalOf, may, union, type Val } from '../../value.js';
import type { Lowering } from '../types.js';

export type Rows = CellValue[][];

/** A constant table argument (a locked range outside the data), or a refusal naming why not. */
export function constantTable(
  l: Lowering,
  node: Node,
  fn: string,
): { rows: Rows; nameHint: string; whole?: true } {
  const r = l.range(node);
  if (r.kind === 'column') {
    // Why: a per-row search of a column of the table itself is a scan of every row in every row (quadratic).
    l.fail(
      'UNSUPPORTED_RANGE_SHAPE',
      `${fn} over a column of the table itself would search every row for each row; only a constant table outside the data is supported`,
      node,
    );
  }
  if (r.kind !== 'table') l.fail('UNSUPPORTED_RANGE_SHAPE', `${fn} needs a constant lookup table`, node);
  return { rows: r.rows, nameHint: r.nameHint, ...(r.whole ? { whole: true as const } : {}) };
}

export const transpose = (rows: Rows): Rows =>
  (rows[0] ?? []).map((_, c) => rows.map((row) => row[c] ?? null));

/** A one-row or one-column table as its list of values (row-major), with its orientation. */
export function vector(
  l: Lowering,
  rows: Rows,
  node: Node,
  fn: string,
): { values: CellValue[]; across: boolean } {
  const h = rows.length;
  const w = rows[0]?.length ?? 0;
  if (h !== 1 && w !== 1) l.fail('UNSUPPORTED_RANGE_SHAPE', `${fn} needs one row or one column here`, node);
  return { values: rows.flat(), across: h === 1 && w > 1 };
}

/**
 * The value of a literal argument (`0`, `-1`, `FALSE`, and `FALSE()` / `TRUE()` as LibreOffice writes the
 * constants), undefined when it is not one.
 */
export function literalArg(l: Lowering, node: Node | undefined): number | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'boolean') return node.value ? 1 : 0;
  if (node.kind === 'call' && node.args.length === 0 && /^(TRUE|FALSE)$/i.test(node.name))
    return /^TRUE$/i.test(node.name) ? 1 : 0;
  if (node.kind === 'missing') return undefined;
  return literalOf(node, l.lower(node));
}

/** The kinds a lookup may answer: the table's values (those of `cols`, or all) and errors. */
export function tableKinds(rows: Rows, col?: number): Val['kinds'] {
  const cells = col === undefined ? rows.flat() : rows.map((r) => r[col] ?? null);
  return union(cells.map(kindOfValue), ['error']);
}

/** Exact match over a table's first column (VLOOKUP's rules), its column `col`. */
export function exactLookup(
  l: Lowering,
  key: Val,
  rows: Rows,
  nameHint: string,
  col: { val: Val; literal?: number },
  kinds: Val['kinds'],
): Val {
  const exported = l.libraryValue(nameHint, { build: 'index', rows } satisfies TableValue);
  const width = rows[0]?.length ?? 0;
  // A literal column index inside the table (truncated toward zero, as VLOOKUP does) over a first column
  // without wildcard text: $xlVlookupAt, which answers from the index alone (see library.ts).
  const c = col.literal === undefined ? undefined : Math.trunc(col.literal);
  const wildcards = rows.some((r) => typeof r[0] === 'string' && /[*?~]/.test(r[0]));
  const at = c !== undefined && c >= 1 && c <= width && !wildcards;
  return l.helper(
    at ? 'xlVlookupAt' : 'xlVlookup',
    [key.expr, `$${exported}`, at ? String(c) : col.val.expr],
    kinds,
    key.invariant && col.val.invariant,
    at ? [key] : [key, col.val],
  );
}

/** Approximate match (Excel's binary search) over a first column checked sorted; refused otherwise. */
export function approxLookup(
  l: Lowering,
  key: Val,
  rows: Rows,
  nameHint: string,
  col: Val,
  kinds: Val['kinds'],
  opts: { descending: boolean; node: Node; fn: string; whole?: boolean },
): Val {
  if (opts.whole) {
    l.fail(
      'UNSUPPORTED_LOOKUP_MODE',
      `${opts.fn} approximate match over a whole column or row (Excel's search through the blank rows past the used range is not established)`,
      opts.node,
    );
  }
  if (may(key.kinds, 'blank')) {
    l.fail(
      'UNSUPPORTED_LOOKUP_MODE',
      `${opts.fn} approximate match with a lookup value that may be blank (Excel's rule is not established)`,
      opts.node,
    );
  }
  const unsorted = unsortedReason(rows, opts.descending);
  if (unsorted !== undefined) {
    l.fail('UNSUPPORTED_LOOKUP_MODE', `${opts.fn} approximate match: ${unsorted}`, opts.node);
  }
  const build = opts.descending ? 'descending' : 'ascending';
  const exported = l.libraryValue(`${nameHint}Sorted`, { build, rows } satisfies TableValue);
  return l.helper(
    'xlLookupApprox',
    [key.expr, `$${exported}`, col.expr],
    kinds,
    key.invariant && col.invariant,
    [key, col],
  );
}

/** A number literal as a lowered value. */
export const intVal = (n: number): Val => ({
  expr: String(n),
  kinds: ['number'],
  atom: true,
  invariant: true,
  int: true,
  literal: n,
});
