/**
 * Compiling the scan members of a table (cross-row.ts) into one root derivation and a row derivation per
 * member: lowered together under assumed kinds grown to a fixpoint, kept or refused together. Split from
 * compile.ts, which orders the columns and calls this at the first member.
 */
import type { Node } from '../../workbook/formula/ast.js';
import { KIND_ORDER, rejection } from '../analyse/columns.js';
import type { CompiledColumn, FormulaPlan, LoweredColumn } from './compiled.js';
import { blockedBy, compiledColumn, overridden, type Scope, withCell } from './scope.js';
import type { MemberExpr, RunningExpr } from './cross-row.js';
import {
  fixKinds,
  lowerStart,
  memberExpression,
  runningHelpers,
  runningOf,
  SCAN_VARS,
  scanExpression,
  scanInputs,
} from './cross-row.js';
import type { Refusal, ValueKind } from '../lower/contract.js';
import { isRefusal } from '../lower/contract.js';
import { lowerColumn, sortKinds } from './lower-column.js';
import { LibraryValues, Roots } from './roots.js';
import type { RejectedColumn } from '../types.js';
import { displayFormula } from '../../workbook/formula/future.js';

/**
 * The scan members (cross-row.ts), in dependency order within a row: lowered together, each formula with
 * `$scanRow`/`$scanLast` references, into one root derivation and one row derivation per member that reads
 * it. A refusal refuses every member: the first for its reason, the others as depending on it; a member
 * refused for what it reads gets a trial lowering of its own formula (`ownRefusals`, the draft's reasons).
 */
export function compileScan(
  scope: Scope,
  plans: readonly FormulaPlan[],
  deps: ReadonlyMap<string, string[]>,
  cyclic: ReadonlyMap<string, string[]>,
  ownRefusals: Map<string, RejectedColumn>,
): CompiledColumn[] {
  const fields = plans.map((p) => p.column.field);
  const members = new Set(fields);
  /** `own`: the first member's refusal is its own formula's (no trial needed). */
  const refuseAll = (
    first: FormulaPlan,
    reason: RejectedColumn['reason'],
    detail: string,
    own = false,
  ): [] => {
    for (const p of plans) {
      if (p !== first || !own) {
        const trial = ownRefusal(scope, p, members);
        if (trial) ownRefusals.set(p.column.field, trial);
      }
      const [why, text] =
        p === first
          ? [reason, detail]
          : ([
              'DEPENDS_ON_REJECTED_COLUMN',
              `It is computed in order with column ${first.column.letter} ("${first.column.header}"), which was refused`,
            ] as const);
      scope.rejected.set(p.column.field, rejection(scope.table, p.column, why, text, p.firstRow, p.formula));
    }
    return [];
  };
  for (const p of plans) {
    const own = (deps.get(p.column.field) ?? []).filter((d) => !members.has(d));
    const blocked = blockedBy(scope, p.column.field, own, cyclic);
    if (blocked) return refuseAll(p, blocked.reason, blocked.detail);
  }
  const lowered = new Map<string, { start?: LoweredColumn; step: LoweredColumn }>();
  const running = new Map<string, RunningExpr>();
  let failed: { plan: FormulaPlan; refusal: Refusal; formula: string; row: number } | undefined;
  const lowerAll = (assumed: ReadonlyMap<string, readonly ValueKind[]>) => {
    const kinds = new Map([...scope.kinds, ...assumed]);
    const out = new Map<string, ValueKind[]>();
    for (const p of plans) {
      const one = (ast: Node, row: number, formula: string) => {
        const { lowered: l, running: found } = lowerMember(scope, kinds, p, ast, row, members);
        for (const x of found) if (!running.has(x.key)) running.set(x.key, x);
        if (isRefusal(l)) failed = { plan: p, refusal: l, formula, row };
        return isRefusal(l) ? undefined : l;
      };
      const raw = one(p.ast, p.firstRow, p.formula);
      const step = raw && overridden(scope, p, raw, SCAN_VARS.row);
      const start = p.start
        ? lowerStart(p.start, (ast) => one(ast, scope.table.firstDataRow, p.start!.formula))
        : undefined;
      if (!step || (p.start && !start)) return undefined;
      lowered.set(p.column.field, { start, step });
      out.set(p.column.field, sortKinds([...step.kinds, ...(start?.kinds ?? [])]));
    }
    return out;
  };
  const fixed = fixKinds(fields, lowerAll);
  if (!fixed) {
    const f = failed!;
    return refuseAll(
      f.plan,
      f.refusal.code,
      withCell(scope.table, f.plan.column, f.row, f.formula, f.refusal),
      true,
    );
  }
  const parts = plans.map((p) => ({ p, l: lowered.get(p.column.field)! }));
  const used = parts.flatMap(({ l }) => (l.start ? [l.start, l.step] : [l.step]));
  const outside = [...new Set(fields.flatMap((f) => deps.get(f) ?? []))].filter((d) => !members.has(d));
  const exprs: MemberExpr[] = parts.map(({ p, l }) => ({
    field: p.column.field,
    step: l.step.expr,
    ...(l.start ? { start: l.start.expr } : {}),
  }));
  const rowField = scope.rowField!;
  const inputs = [
    ...new Set(
      plans.flatMap((p) =>
        scanInputs(scope.table, scope.constants, p, members, scope.overrideFields.get(p.column.field)),
      ),
    ),
  ];
  const expr = scanExpression(exprs, inputs, rowField, [...running.values()]);
  const seed = plans.find((p) => p.start) ?? plans[0];
  const name = scope.roots.hoist(`${seed.column.field}Scan`, expr, () => {});
  scope.roots.commit(name, {
    expr,
    kinds: [],
    helpers: [
      ...new Set([
        ...used.flatMap((l) => l.helpers),
        ...[...running.values()].flatMap((r) => runningHelpers(r.fn)),
      ]),
    ].sort(),
    deps: [...new Set([...outside, ...inputs])].filter((f) => scope.planByField.has(f)),
    constants: [...new Set(used.flatMap((l) => l.constants))],
    values: [...new Set(used.flatMap((l) => l.values))],
    description: `Columns ${plans.map((p) => p.column.letter).join(', ')} of sheet "${scope.table.sheet.name}" computed in order, row by row (the items' order is the rows' order), keyed by each item's ${rowField}`,
  });
  const hoisted = [...new Set(used.flatMap((l) => l.roots))];
  return parts.map(({ p }) => {
    scope.kinds.set(p.column.field, fixed.kinds.get(p.column.field)!);
    const col = compiledColumn(
      scope.table,
      p,
      { ...lowered.get(p.column.field)!.step, helpers: [], kinds: fixed.kinds.get(p.column.field)! },
      [...outside, ...fields.filter((f) => f !== p.column.field)],
    );
    const first = p.start
      ? `=${displayFormula(p.start.formula)} in row ${scope.table.firstDataRow + 1}, then `
      : '';
    return {
      ...col,
      expr: memberExpression(name, rowField, p.column.field),
      roots: scope.roots.inCreationOrder([...hoisted, name]),
      scan: name,
      description: `Column ${p.column.letter} "${p.column.header}" of sheet "${scope.table.sheet.name}": ${first}=${displayFormula(p.formula)} filled down; read from $.${name}, computed in the items' order`,
    };
  });
}

/**
 * A scan member's formula at `row`, its running aggregates rewritten to the scan's values, lowered under
 * `kinds`; with `trial`, on roots and library values of its own and committing nothing (`ownRefusal`).
 */
function lowerMember(
  scope: Scope,
  kinds: ReadonlyMap<string, readonly ValueKind[]>,
  p: FormulaPlan,
  ast: Node,
  row: number,
  members: ReadonlySet<string>,
  trial = false,
): { lowered: LoweredColumn | Refusal; running: RunningExpr[] } {
  const r = runningOf(scope.table, scope.constants, p, ast, row, members);
  const column = { ...scope, kinds, column: p.column, ast: r.ast, row, scan: members, running: r.values };
  const lowered = trial
    ? lowerColumn({ ...column, roots: new Roots(), values: new LibraryValues() }, false)
    : lowerColumn(column);
  return { lowered, running: r.running };
}

/**
 * A trial lowering of a member's own formulas (every member assumed of any kind, on names of its own so the
 * refused column leaves no gap in the others' names): its refusal, if any.
 */
function ownRefusal(scope: Scope, p: FormulaPlan, members: ReadonlySet<string>): RejectedColumn | undefined {
  const kinds = new Map([...scope.kinds, ...[...members].map((f) => [f, KIND_ORDER] as const)]);
  const first = scope.table.firstDataRow;
  const formulas: Array<[Node, number, string]> = [[p.ast, p.firstRow, p.formula]];
  if (p.start?.ast) formulas.push([p.start.ast, first, p.start.formula]);
  for (const [ast, row, formula] of formulas) {
    const own = lowerMember(scope, kinds, p, ast, row, members, true).lowered;
    if (isRefusal(own)) {
      const detail = withCell(scope.table, p.column, row, formula, own);
      return rejection(scope.table, p.column, own.code, detail, row, formula);
    }
  }
  return undefined;
}
