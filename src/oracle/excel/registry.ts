/**
 * The oracle's one registry of corrections, derived from the entries of functions/ (one per corrected
 * function, entry.ts): which Excel functions and operators HyperFormula evaluates as is, and which the
 * rewriter (rewrite/rewrite.ts) routes to a corrected `SSX.` function, under which correction switch
 * (switches.ts) and why.
 *
 * - `CORRECTED_FUNCTIONS`: every entry, family by family (plugin.ts makes HyperFormula's plugin of them);
 * - `SSX_FUNCTIONS`: each one's HyperFormula metadata by name;
 * - `CORRECTED_CALLS` / `CORRECTED_OPERATORS`: what is routed where (`LEN(` → `SSX.LEN(`, `a+b` →
 *   `SSX.ADD(a,b)`, IF's condition through `SSX.COND`, ...), from the entries' `calls`, `wraps` and
 *   `operator`, in entry order.
 *
 * `oracleTreatment(name)` answers "how does the oracle evaluate this function?" for the function table and
 * the docs. The evidence for each correction is in docs/oracle.md ("Corrections") and beside the entry.
 */
import type { ArgsRoute, Corrected, SsxName } from './entry.js';
import { AGGREGATE } from './functions/aggregate.js';
import { BASES } from './functions/bases.js';
import { CRITERIA } from './functions/criteria.js';
import { DATE } from './functions/date.js';
import { LOGIC } from './functions/logic.js';
import { LOOKUP } from './functions/lookup.js';
import { MATH } from './functions/math.js';
import { NUMBER_ARGUMENT, OPERATORS } from './functions/operators.js';
import { TEXT } from './functions/text.js';
import { TRIG } from './functions/trig.js';
import type { CorrectionName } from './switches.js';

export { ALL_CORRECTIONS, type CorrectionName, CORRECTIONS } from './switches.js';
export type { SsxName } from './entry.js';

/**
 * Every corrected function. The order is that of the routes of one Excel function: ROUND's own route
 * (SSX.ROUND) comes before its arguments' (SSX.NUM), VLOOKUP's exact mode before its other modes.
 */
export const CORRECTED_FUNCTIONS: readonly Corrected[] = [
  ...OPERATORS,
  ...TEXT,
  ...LOGIC,
  ...MATH,
  ...TRIG,
  ...AGGREGATE,
  ...CRITERIA,
  ...LOOKUP,
  ...DATE,
  ...BASES,
  NUMBER_ARGUMENT,
];

/** HyperFormula's metadata of each corrected function, by name. */
export const SSX_FUNCTIONS: Readonly<Record<SsxName, Omit<Corrected, 'name' | 'impl' | 'call'>>> =
  Object.fromEntries(
    CORRECTED_FUNCTIONS.map(({ name, impl, call, calls, wraps, operator, ...metadata }) => [name, metadata]),
  );

/**
 * How a call is routed when its correction is on: `to` renames it (`LEN(` → `SSX.LEN(`); `args` says what
 * happens to its arguments (entry.ts `ArgsRoute`), each wrapped in `wrap` where it says so.
 */
export interface CallCorrection {
  correction: CorrectionName;
  to?: SsxName;
  args?: ArgsRoute;
  /** `exact-match` / `approx-match`: the position of the mode argument (3, VLOOKUP's 4th). */
  flagAt?: number;
  wrap?: SsxName;
  /** Why HyperFormula alone is not Excel here. */
  note: string;
}

function routes(): Record<string, CallCorrection[]> {
  const out: Record<string, CallCorrection[]> = {};
  const add = (call: string, c: CallCorrection) => {
    out[call] ??= [];
    out[call].push(c);
  };
  for (const e of CORRECTED_FUNCTIONS) {
    for (const { call, via, ...r } of e.calls ?? [])
      add(call, { ...r, to: e.name, ...(via ? { wrap: via } : {}) });
    for (const { call, via, ...r } of e.wraps ?? []) add(call, { ...r, wrap: e.name });
  }
  return out;
}

/** Excel functions (upper case, no `_xlfn.` prefix) the oracle does not leave to HyperFormula alone. */
export const CORRECTED_CALLS: Readonly<Record<string, readonly CallCorrection[]>> = routes();

/** Operators routed to corrected functions (a unary minus is `unary -`, postfix percent `%`). */
export const CORRECTED_OPERATORS: Readonly<Record<string, { correction: CorrectionName; to: SsxName }>> =
  Object.fromEntries(
    CORRECTED_FUNCTIONS.flatMap((e) =>
      e.operator ? [[e.operator.op, { correction: e.operator.correction, to: e.name }]] : [],
    ),
  );

/** How the oracle evaluates an Excel function: HyperFormula as is, or through named corrections. */
export type OracleTreatment =
  | { kind: 'hyperformula' }
  | {
      kind: 'correction';
      /** The corrected function the call goes to (its rename, else its argument wrapper). */
      name: SsxName;
      /** Why, one sentence per correction. */
      note: string;
      /** The correction switches involved. */
      corrections: CorrectionName[];
    };

/** `oracleTreatment('ROUND')`: how the oracle evaluates a function (upper case, no `_xlfn.` prefix). */
export function oracleTreatment(name: string): OracleTreatment {
  const list = CORRECTED_CALLS[name.toUpperCase()];
  if (list === undefined) return { kind: 'hyperformula' };
  const primary = list.find((c) => c.to !== undefined) ?? list[0]!;
  return {
    kind: 'correction',
    name: (primary.to ?? primary.wrap) as SsxName,
    note: list.map((c) => c.note).join('; '),
    corrections: [...new Set(list.map((c) => c.correction))],
  };
}
