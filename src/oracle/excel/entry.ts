/**
 * What one corrected function is: a single entry holding its `SSX.` name, HyperFormula's metadata for it (the
 * parameters HyperFormula coerces its arguments by), its implementation, and the Excel functions and operators
 * routed to it, each with its correction switch and why HyperFormula alone is not Excel there. The entries
 * live in functions/, one file per family; registry.ts derives the routing tables from them and plugin.ts the
 * HyperFormula plugin (its `implementedFunctions` and one method per entry), so adding a corrected function is
 * adding one entry.
 *
 * An implementation takes either the argument values HyperFormula coerced by `params` (`impl`, run through
 * HyperFormula's `runFunction` as its own functions are), or the call itself (`call`), when it must see
 * where an argument comes from (a reference, a literal), read a range without HyperFormula's coercion, or
 * evaluate its arguments lazily.
 */
import { FunctionArgumentType } from '../hf.js';
import type { Scalar } from './excel-scalars.js';
import type { CorrectionName } from './switches.js';

/** HyperFormula's plugin API types its AST, interpreter state and range values internally (not exported). */
// biome-ignore lint/suspicious/noExplicitAny: see above.
export type HfInternal = any;

/** A corrected function's name: registered with HyperFormula, used by no workbook. */
export type SsxName = `SSX.${string}`;

/** One parameter as HyperFormula declares it. */
export interface Param {
  argumentType: FunctionArgumentType;
  defaultValue?: number;
  optionalArg?: boolean;
}

/**
 * What happens to a routed call's arguments:
 * - `number`: each wrapped in the wrapper (SSX.NUM);
 * - `condition`: the first one wrapped (SSX.COND), only when it is written;
 * - `array`: evaluated as arrays;
 * - `direct-text`: each argument written as text (a text literal, `&`, a text function) wrapped (SSX.NUMARG)
 *   outside array formulas;
 * - `exact-match`: only a call whose mode argument (at `flagAt`) is FALSE/0, which is dropped;
 * - `approx-match`: only a call whose mode is omitted or a literal TRUE/non-zero number;
 * - `mode-value`: only a call whose mode is given but no literal (a reference, a computed value: its value
 *   picks the route);
 * - `format-code`: only TEXT whose format_text is a literal of excel-text.ts's number or date codes, or not a
 *   literal (other literal codes stay HyperFormula's).
 */
export type ArgsRoute =
  | 'number'
  | 'condition'
  | 'array'
  | 'direct-text'
  | 'exact-match'
  | 'approx-match'
  | 'mode-value'
  | 'format-code';

/** An Excel function routed to an entry (`calls`) or whose arguments an entry wraps (`wraps`). */
export interface Route {
  /** The Excel function, upper case, no `_xlfn.` prefix. */
  call: string;
  correction: CorrectionName;
  args?: ArgsRoute;
  /**
   * `exact-match`: the position of the mode argument, required FALSE/0 and dropped (3, VLOOKUP's 4th);
   * `approx-match`: the same position, omitted or a literal TRUE or non-zero number (kept).
   */
  flagAt?: number;
  /** In `calls`: the wrapper of the arguments `args` names (SSX.NUMARG). */
  via?: SsxName;
  /** Why HyperFormula alone is not Excel here. */
  note: string;
}

/** A call being evaluated, for an implementation that reads the call itself. */
export interface Call {
  /** The argument nodes, as HyperFormula parsed them. */
  args: HfInternal[];
  /** The interpreter state (the formula's own address: `state.formulaAddress`). */
  state: HfInternal;
  /** The value of one node. */
  evaluate(node: HfInternal): unknown;
  /** The engine's dependency graph: the key of the per-engine caches (range-cache.ts, prefix.ts). */
  graph: HfInternal;
  /** `fn` on the argument values, coerced by the entry's parameters (HyperFormula's `runFunction`). */
  values(fn: (...a: Scalar[]) => unknown): unknown;
  /** The same call with other arguments. */
  withArgs(args: HfInternal[]): Call;
}

interface EntryBase {
  name: SsxName;
  params: Param[];
  repeatLastArgs?: number;
  expandRanges?: boolean;
  enableArrayArithmeticForArguments?: boolean;
  vectorizationForbidden?: boolean;
  /** The implementation reads its arguments' addresses, not their values: no dependency on the cells (no cycle). */
  doesNotNeedArgumentsToBeComputed?: boolean;
  /** Excel functions renamed to this one (`LEN(` → `SSX.LEN(`). */
  calls?: Route[];
  /** Excel functions whose arguments this one wraps (`ABS(x)` → `ABS(SSX.NUM(x))`). */
  wraps?: Route[];
  /** The operator routed to this one (`a+b` → `SSX.ADD(a,b)`; a unary minus is `unary -`, postfix `%`). */
  operator?: { op: string; correction: CorrectionName };
}

/** One corrected function (see the header). */
export type Corrected =
  | (EntryBase & { impl(...args: Scalar[]): unknown; call?: never })
  | (EntryBase & { call(c: Call): unknown; impl?: never });

export const SCALAR: Param = { argumentType: FunctionArgumentType.SCALAR };
export const NUMBER: Param = { argumentType: FunctionArgumentType.NUMBER };
export const RANGE: Param = { argumentType: FunctionArgumentType.RANGE };
export const OPTIONAL: Param = { ...SCALAR, optionalArg: true };
export const OPTIONAL_RANGE: Param = { ...RANGE, optionalArg: true };

/** `n` scalar parameters. */
export const scalars = (n: number): Param[] => Array.from({ length: n }, () => SCALAR);

/** Every argument a scalar, in any number, evaluated one by one (the implementation walks its arguments). */
export const VARIADIC = { params: scalars(1), repeatLastArgs: 1, vectorizationForbidden: true };

/** A function reading its argument's address, not its cells (the implementation walks the argument itself). */
export const ADDRESS_ONLY = {
  params: [RANGE],
  doesNotNeedArgumentsToBeComputed: true,
  vectorizationForbidden: true,
};
