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
 * An expanding range (`=SUM($E$2:E3)` in row 3, from the first data row down to this row) is a running
 * aggregate: the scan carries its state from row to row (`$scanAcc.run`), updated once per row from this row's
 * value, so the n rows cost n steps, not n²/2 cells. Its member reads the state's value (`runningCalls`).
 *
 * Why the rows are handed over as `[$$.items.{"row": row, "qty": qty}]`: the runtime's dependency analysis reads
 * a rows' constructor as a read of those fields only; handing over the rows whole (`$reduce($$.items, …)`) would
 * read the members' own fields and make a cycle.
 */
import type { Node, RangeNode } from '../../workbook/formula/ast.js';
import { mapChildren, someNode } from '../../workbook/formula/index.js';
import type { Operand, ValueKind } from '../lower/contract.js';
import { isRefusal } from '../lower/contract.js';
import type { ColumnPlan, ScanStart } from '../analyse/columns.js';
import type { Constants } from '../analyse/parameters.js';
import { KIND_ORDER, kindsOf, rejection } from '../analyse/columns.js';
import { Resolver } from '../analyse/resolver.js';
import type { LoweredColumn } from './compiled.js';
import { references, valueReferences } from '../recognise/refs.js';
import type { RecognisedTable } from '../recognise/recognised.js';
import { blankRowsInside } from '../recognise/recognised.js';
import type { RejectedColumn } from '../types.js';

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
 * The formula columns the scan computes: those reading the row above or an expanding range (`ordered`) and,
 * transitively, every formula column they read in their own row or the row above. Empty when none does.
 */
export function scanMembers(
  formulas: readonly FormulaPlan[],
  sameRow: ReadonlyMap<string, readonly string[]>,
  previous: ReadonlyMap<string, readonly string[]>,
  ordered: ReadonlySet<string> = new Set(),
): Set<string> {
  const isFormula = new Set(formulas.map((p) => p.column.field));
  const members = new Set<string>();
  const visit = (f: string) => {
    if (members.has(f) || !isFormula.has(f)) return;
    members.add(f);
    for (const d of [...(sameRow.get(f) ?? []), ...(previous.get(f) ?? [])]) visit(d);
  };
  for (const p of formulas) {
    const f = p.column.field;
    if ((previous.get(f) ?? []).length > 0 || ordered.has(f)) visit(f);
  }
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

/** The aggregates computed as a running value over an expanding range, each exactly as over the range. */
export const RUNNING_FUNCTIONS = ['SUM', 'COUNT', 'COUNTA', 'MAX', 'MIN', 'AVERAGE'] as const;
export type RunningFn = (typeof RUNNING_FUNCTIONS)[number];

/** One running aggregate of a scan: `fn` over the column `field` from the first data row to this row. */
export interface Running {
  /** Its state's key and variable suffix (`sum_amount`). */
  key: string;
  fn: RunningFn;
  field: string;
}

/** The synthetic defined name a running aggregate's call is replaced by (no Excel name holds `~`). */
export const runningName = (key: string): string => `~run:${key}`;
export const runningKey = (name: string): string | undefined =>
  name.startsWith('~run:') ? name.slice('~run:'.length) : undefined;

/**
 * Replaces each `FN(<expanding range>)` call (FN in RUNNING_FUNCTIONS, the range its only argument) by a name
 * node read as the running value (`runningName`). `column` gives an expanding range's field, or undefined for
 * any other range. Other uses of an expanding range stay in place (the lowering refuses them by name).
 */
export function runningCalls(
  ast: Node,
  column: (range: RangeNode) => string | undefined,
): { ast: Node; running: Running[] } {
  const running = new Map<string, Running>();
  const visit = (n: Node): Node => {
    if (n.kind === 'call') {
      const arg = n.args[0];
      const field = n.args.length === 1 && arg.kind === 'range' ? column(arg) : undefined;
      const fn = RUNNING_FUNCTIONS.find((f) => f === n.name);
      if (field !== undefined && fn !== undefined) {
        const key = `${fn.toLowerCase()}_${field}`;
        running.set(key, { key, fn, field });
        return { kind: 'name', name: runningName(key), span: n.span };
      }
    }
    return mapChildren(n, visit);
  };
  const out = visit(ast);
  return { ast: out, running: [...running.values()] };
}

/** The variable holding a running aggregate's state in the current row. */
const runningVar = (key: string): string => `$scanRun_${key}`;

/** A running aggregate's state before the first row. */
function runningInit(fn: RunningFn): string {
  if (fn === 'AVERAGE') return '{"s": 0, "n": 0}';
  return fn === 'MAX' || fn === 'MIN' ? 'null' : '0';
}

/**
 * The state after one more row (`$p` the state before, `$v` this row's value), as the range's aggregate
 * treats a cell: numbers count, text, booleans and blanks are ignored (COUNTA counts every non-blank), the
 * first error in row order is kept from then on (COUNT and COUNTA ignore errors), a sum past ±1.8E308 is #NUM!.
 * MAX and MIN keep null until the first number.
 */
function runningStep(fn: RunningFn): string {
  const isErr = (x: string) => `$type(${x}) = "object"`;
  const isNum = (x: string) => `$type(${x}) = "number"`;
  switch (fn) {
    case 'SUM':
      return `${isErr('$p')} ? $p : ${isErr('$v')} ? $v : ${isNum('$v')} ? $xlFin($p + $v) : $p`;
    case 'COUNT':
      return `$p + (${isNum('$v')} ? 1 : 0)`;
    case 'COUNTA':
      return `$p + ($exists($v) and $type($v) != "null" ? 1 : 0)`;
    case 'MAX':
    case 'MIN': {
      const keep = fn === 'MAX' ? '$p >= $v' : '$p <= $v';
      return `${isErr('$p')} ? $p : ${isErr('$v')} ? $v : $not(${isNum('$v')}) ? $p : ${isNum('$p')} and ${keep} ? $p : $v`;
    }
    case 'AVERAGE':
      return `${isErr('$p.s')} ? $p : ${isErr('$v')} ? {"s": $v, "n": $p.n} : ${isNum('$v')} ? {"s": $xlFin($p.s + $v), "n": $p.n + 1} : $p`;
  }
}

/** The helpers a running aggregate's step calls. */
export const runningHelpers = (fn: RunningFn): string[] =>
  fn === 'SUM' || fn === 'AVERAGE' ? ['xlFin'] : [];

/** A running aggregate's value in the current row, from its state, with the kinds it may take. */
export function runningValue(r: Running): { expr: string; kinds: ValueKind[] } {
  const x = runningVar(r.key);
  switch (r.fn) {
    case 'COUNT':
    case 'COUNTA':
      return { expr: x, kinds: ['number'] };
    case 'SUM':
      return { expr: x, kinds: ['number', 'error'] };
    case 'MAX':
    case 'MIN':
      return { expr: `($type(${x}) = "null" ? 0 : ${x})`, kinds: ['number', 'error'] };
    case 'AVERAGE':
      return {
        expr: `($type(${x}.s) = "object" ? ${x}.s : ${x}.n = 0 ? {"error": "#DIV/0!"} : ${x}.s / ${x}.n)`,
        kinds: ['number', 'error'],
      };
  }
}

/** A running aggregate in a scan: `value` reads the column's value in the current row. */
export interface RunningExpr extends Running {
  value: string;
  /** The member before whose formula it is updated (the first member reading it). */
  before: string;
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
  running: readonly RunningExpr[] = [],
): string {
  const v = SCAN_VARS;
  const fields = [...new Set([rowField, ...inputs])];
  const rows = `[$$.items.{${fields.map((f) => `${JSON.stringify(f)}: ${bare(f)}`).join(', ')}}]`;
  const values = members.map((m) => `${JSON.stringify(v.key(m.field))}: ${v.member(m.field)}`).join(', ');
  const update = (r: RunningExpr) =>
    `    ${runningVar(r.key)} := ($p := $lookup($scanAcc.run, "${r.key}"); $v := ${r.value}; ${runningStep(r.fn)});`;
  const assign = members.flatMap((m) => {
    const expr = m.start === undefined ? `(${m.step})` : `$scanAcc.n = 0 ? (${m.start}) : (${m.step})`;
    return [
      ...running.filter((r) => r.before === m.field).map(update),
      `    ${v.member(m.field)} := ${expr};`,
    ];
  });
  const run =
    running.length === 0
      ? ''
      : `, "run": {${running.map((r) => `"${r.key}": ${runningVar(r.key)}`).join(', ')}}`;
  const runInit =
    running.length === 0
      ? ''
      : `, "run": {${running.map((r) => `"${r.key}": ${runningInit(r.fn)}`).join(', ')}}`;
  const next = (done: string, cur: string) =>
    `{"n": $scanAcc.n + 1, "done": ${done}, "cur": ${cur}, "last": $scanValues, "row": ${v.row}${run}}`;
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
    `  $scanEnd := $reduce(${rows}, $scanStep, {"n": 0, "done": [], "cur": []${runInit}});`,
    '  $merge($append($scanEnd.done, $merge($scanEnd.cur)))',
    ')',
  ].join('\n');
}

/** A member's row derivation: its value in the scan's entry for this row. */
export function memberExpression(root: string, rowField: string, field: string): string {
  return `$lookup($$.${root}, $string($parent.${rowField}))${SCAN_VARS.read(field)}`;
}

/** How a lowering reads a field: `$parent.<f>`, or in a scan the row's or the row above's value. */
export function fieldRead(scan: ReadonlySet<string> | undefined, f: string, above: boolean): string {
  if (!scan) return `$parent.${f}`;
  if (scan.has(f)) return above ? `${SCAN_VARS.previous}${SCAN_VARS.read(f)}` : SCAN_VARS.member(f);
  return `${above ? SCAN_VARS.previousRow : SCAN_VARS.row}.${f}`;
}

/** A member formula with its running aggregates (`SUM($E$2:E3)`) replaced by their values. */
export function runningOf(
  table: RecognisedTable,
  constants: Constants,
  p: FormulaPlan,
  ast: Node,
  row: number,
  members: ReadonlySet<string>,
): { ast: Node; running: RunningExpr[]; values: Map<string, Operand> } {
  const resolver = new Resolver(table, constants, p.column, row, true);
  const rewritten = runningCalls(ast, (range) => {
    const t = resolver.range(range);
    return !isRefusal(t) && t.kind === 'expanding' ? t.column.field : undefined;
  });
  const running = rewritten.running.map((r) => ({
    ...r,
    value: fieldRead(members, r.field, false),
    before: p.column.field,
  }));
  const values = new Map(rewritten.running.map((r) => [r.key, runningValue(r)]));
  return { ast: rewritten.ast, running, values };
}

/** The non-member fields a member reads in its row or the row above, and its override field (the scan hands these over). */
export function scanInputs(
  table: RecognisedTable,
  constants: Constants,
  p: FormulaPlan,
  members: ReadonlySet<string>,
  override: string | undefined,
): string[] {
  const out: string[] = [];
  const read = (ast: Node, row: number) => {
    const resolver = new Resolver(table, constants, p.column, row, true);
    for (const ref of valueReferences(ast)) {
      const t = ref.kind === 'cell' ? resolver.cell(ref) : resolver.range(ref);
      if (isRefusal(t)) continue;
      const cols =
        t.kind === 'field' || t.kind === 'previous' || t.kind === 'expanding'
          ? [t.column]
          : t.kind === 'cells'
            ? t.columns
            : [];
      for (const c of cols) if (!members.has(c.field)) out.push(c.field);
    }
  };
  read(p.ast, p.firstRow);
  if (p.start?.ast) read(p.start.ast, table.firstDataRow);
  if (override) out.push(override);
  return out;
}

/** A scan's start: its formula lowered, or the typed value as a JSON literal. */
export function lowerStart(
  start: ScanStart,
  lower: (ast: Node) => LoweredColumn | undefined,
): LoweredColumn | undefined {
  if (start.ast) return lower(start.ast);
  const value = start.value ?? null;
  return {
    expr: JSON.stringify(value),
    kinds: kindsOf([value]),
    helpers: [],
    roots: [],
    constants: [],
    values: [],
  };
}

/** Whether a formula may read its own row number (ROW, ROWS): the items then carry their sheet row. */
export function readsRowNumber(p: FormulaPlan): boolean {
  const test = (n: Node) => n.kind === 'call' && (n.name === 'ROW' || n.name === 'ROWS');
  return someNode(p.ast, test) || (p.start?.ast !== undefined && someNode(p.start.ast, test));
}
