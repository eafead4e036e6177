/**
 * Running balances and other cross-row formulas, compiled as one ordered scan (docs/compiler.md "Running
 * balances and cross-row formulas").
 *
 * A formula column that reads the row above (`=F2+D3-E3` in row 3, `=E3-E2`), usually under a first row of
 * its own (`=D2`, a loan's opening balance), is a recurrence: row i needs row i-1. A row derivation cannot
 * name another row (a row has no position in the binding convention), so the columns of the recurrence (the
 * "members": the columns reading the row above and every formula column they read in the same or the row
 * above) are computed by ONE root derivation, `$.<field>Scan`, a `$reduce` over the rows in the items' order
 * that evaluates each member's formula for one row from that row's inputs and the previous row's values.
 * Its value is an object keyed by each item's sheet row (the `row` input field): `{"3": {"balance": 12}}`.
 * Each member's row derivation reads its own value from it: `$lookup($$.balanceScan, $string($parent.row)).balance`.
 *
 * Why linear: JSONata has no mutable arrays, and `$append` copies, so collecting n values one by one costs
 * n²/2 copies. The scan collects its rows in chunks of `SCAN_CHUNK` keys (`$merge` of the chunk and the new
 * row: at most SCAN_CHUNK copies per row), closes a chunk into a list every SCAN_CHUNK rows (n/SCAN_CHUNK
 * appends of at most n/SCAN_CHUNK items), and merges the chunks once at the end: O(n·SCAN_CHUNK + (n/SCAN_CHUNK)²),
 * linear up to the row limit (the second term is 150,000 copies at 100,000 rows). `$lookup` on the object is
 * constant time.
 *
 * Why the rows are handed over as `[$$.items.{"row": row, "qty": qty}]`: the runtime's dependency analysis reads
 * a rows' constructor as a read of those fields only; handing over the rows whole (`$reduce($$.items, …)`) would
 * read the members' own fields and make a cycle.
 */
import type { ValueKind } from './lower/contract.js';
import type { ColumnPlan } from './analyse.js';
import { KIND_ORDER, rejection } from './analyse.js';
import type { RecognisedTable } from './table.js';
import { blankRowsInside } from './table.js';
import type { RejectedColumn } from './types.js';

type FormulaPlan = Extract<ColumnPlan, { kind: 'formula' }>;

/** Rows per chunk of the scan's result (see the header). */
export const SCAN_CHUNK = 256;

/** The names the scan's expression binds; a member's value in the current row is `$scan_<field>`. */
export const SCAN_VARS = {
  /** The current row (its input fields). */
  row: '$scanRow',
  /** The row above (its input fields). */
  previousRow: '$scanPrevRow',
  /** The members' values in the row above. */
  previous: '$scanLast',
  member: (field: string) => `$scan_${field}`,
  /**
   * A member's key in the scan's values (`~balance`). Why not the field's own name: a dependency analysis
   * reads `$scanLast.balance` inside the root as a read of the derived field `balance`, which reads the root:
   * a cycle (test/modelspec/converted.test.ts). No field name holds `~` (fields.ts).
   */
  key: (field: string) => `~${field}`,
  /** The member's value read from one row's entry of the scan: `` .`~balance` ``. */
  read: (field: string) => `.\`~${field}\``,
} as const;

/**
 * The formula columns the scan computes: those reading the row above and, transitively, every formula
 * column they read in their own row or the row above. Empty when no column reads the row above.
 */
export function scanMembers(
  formulas: readonly FormulaPlan[],
  sameRow: ReadonlyMap<string, readonly string[]>,
  previous: ReadonlyMap<string, readonly string[]>,
): Set<string> {
  const isFormula = new Set(formulas.map((p) => p.column.field));
  const members = new Set<string>();
  const visit = (f: string) => {
    if (members.has(f) || !isFormula.has(f)) return;
    members.add(f);
    for (const d of [...(sameRow.get(f) ?? []), ...(previous.get(f) ?? [])]) visit(d);
  };
  for (const p of formulas) if ((previous.get(p.column.field) ?? []).length > 0) visit(p.column.field);
  return members;
}

/**
 * The formulas without the scan's members when the table has blank rows inside (docs/compiler.md "Blank rows
 * and the table's extent"): each is refused (CROSS_ROW_REFERENCE, into `rejected`), since the items skip a
 * blank row but Excel's row above a row under it is that blank row.
 */
export function scansOverBlankRows(
  table: RecognisedTable,
  formulas: readonly FormulaPlan[],
  members: ReadonlySet<string>,
  rejected: Map<string, RejectedColumn>,
): FormulaPlan[] {
  const blank = blankRowsInside(table);
  if (blank === undefined || members.size === 0) return [...formulas];
  const detail = `The formula reads the row above, and the table's ${blank} are not items: in Excel the row above a row under a blank row is that blank row, not the item before`;
  return formulas.filter((p) => {
    if (!members.has(p.column.field)) return true;
    rejected.set(
      p.column.field,
      rejection(table, p.column, 'CROSS_ROW_REFERENCE', detail, p.firstRow, p.formula),
    );
    return false;
  });
}

/** One member's lowered formulas: the first row's (when it has its own) and the other rows'. */
export interface MemberExpr {
  field: string;
  start?: string;
  step: string;
}

/**
 * The kinds each member is assumed to take, grown until every lowering's result lies inside the assumption
 * (a fixpoint: row 0 is inside by the start's kinds, row i by induction). `lowerAll` lowers every member
 * under an assumption and gives each member's result kinds (start and step joined), or undefined on a refusal.
 * After `MAX_ROUNDS` rounds every kind is assumed, which is always sound.
 */
export function fixKinds(
  fields: readonly string[],
  lowerAll: (assumed: ReadonlyMap<string, readonly ValueKind[]>) => Map<string, ValueKind[]> | undefined,
): { assumed: Map<string, readonly ValueKind[]>; kinds: Map<string, ValueKind[]> } | undefined {
  const MAX_ROUNDS = 4;
  let assumed = new Map<string, readonly ValueKind[]>(fields.map((f) => [f, ['number']]));
  for (let round = 0; ; round++) {
    const kinds = lowerAll(assumed);
    if (!kinds) return undefined;
    const grown = fields.some((f) => kinds.get(f)!.some((k) => !assumed.get(f)!.includes(k)));
    if (!grown) return { assumed, kinds };
    assumed =
      round + 1 >= MAX_ROUNDS
        ? new Map(fields.map((f) => [f, KIND_ORDER]))
        : new Map(
            fields.map((f) => [
              f,
              KIND_ORDER.filter((k) => assumed.get(f)!.includes(k) || kinds.get(f)!.includes(k)),
            ]),
          );
  }
}

/** A field as a bare name in a JSONata object constructor (backticks for the operator words). */
function bare(field: string): string {
  return /^(and|or|in)$/.test(field) ? `\`${field}\`` : field;
}

/**
 * The scan's root expression: members in `members` order (dependency order within a row), `inputs` the
 * non-member fields the formulas read (the row field among them).
 */
export function scanExpression(
  members: readonly MemberExpr[],
  inputs: readonly string[],
  rowField: string,
): string {
  const v = SCAN_VARS;
  const fields = [...new Set([rowField, ...inputs])];
  const rows = `[$$.items.{${fields.map((f) => `${JSON.stringify(f)}: ${bare(f)}`).join(', ')}}]`;
  const values = members.map((m) => `${JSON.stringify(v.key(m.field))}: ${v.member(m.field)}`).join(', ');
  const assign = members.map((m) => {
    const expr = m.start === undefined ? `(${m.step})` : `$scanAcc.n = 0 ? (${m.start}) : (${m.step})`;
    return `    ${v.member(m.field)} := ${expr};`;
  });
  const next = (done: string, cur: string) =>
    `{"n": $scanAcc.n + 1, "done": ${done}, "cur": ${cur}, "last": $scanValues, "row": ${v.row}}`;
  return [
    '(',
    `  $scanStep := function($scanAcc, ${v.row}) {(`,
    `    ${v.previous} := $scanAcc.last;`,
    `    ${v.previousRow} := $scanAcc.row;`,
    ...assign,
    `    $scanValues := {${values}};`,
    `    $scanCur := $append($scanAcc.cur, {$string(${v.row}.${rowField}): $scanValues});`,
    `    $scanAcc.n % ${SCAN_CHUNK} = ${SCAN_CHUNK - 1}`,
    `      ? ${next('$append($scanAcc.done, $merge($scanCur))', '[]')}`,
    `      : ${next('$scanAcc.done', '$scanCur')}`,
    '  )};',
    `  $scanEnd := $reduce(${rows}, $scanStep, {"n": 0, "done": [], "cur": []});`,
    '  $merge($append($scanEnd.done, $merge($scanEnd.cur)))',
    ')',
  ].join('\n');
}

/** A member's row derivation: its value in the scan's entry for this row. */
export function memberExpression(root: string, rowField: string, field: string): string {
  return `$lookup($$.${root}, $string($parent.${rowField}))${SCAN_VARS.read(field)}`;
}
