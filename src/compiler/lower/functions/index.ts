/**
 * The function table: every supported Excel function, one entry each, grouped by family in the files beside
 * this one. The supported set, the arity check and the dispatch of the lowering (lower.ts), the catalogue
 * (`listFunctions`) and the generated docs (scripts/docs/functions.ts) are all read from it. Adding a
 * function is one entry here, its golden cases and its evidence (docs/compiler.md, "Adding a function").
 */
import { VOLATILE_FUNCTIONS } from '../../../workbook/volatile.js';
import { AGGREGATE_FUNCTIONS } from './aggregate/entry.js';
import { FORMAT_FUNCTIONS } from './format/entry.js';
import { DATE_FUNCTIONS } from './date/entry.js';
import { CHOICE_FUNCTIONS } from './choice/entry.js';
import { INFO_FUNCTIONS } from './info/entry.js';
import { ARITH_FUNCTIONS } from './arith/entry.js';
import { CRITERIA_FUNCTIONS } from './criteria/entry.js';
import { LOGIC_FUNCTIONS } from './logic/entry.js';
import { LOOKUP_FUNCTIONS } from './lookup/entry.js';
import { MATH_FUNCTIONS } from './math/entry.js';
import { TEXT_FUNCTIONS } from './text/entry.js';
import { TEXTOPS_FUNCTIONS } from './textops/entry.js';
import { BASES_FUNCTIONS } from './bases/entry.js';
import { ANGLES_FUNCTIONS } from './angles/entry.js';
import { TRIG_FUNCTIONS } from './trig/entry.js';
import type { FunctionEntry } from './types.js';
import { MULTIPLES_FUNCTIONS } from './multiples/entry.js';
import { SWITCH_FUNCTIONS } from './switch/entry.js';
import { TIME_FUNCTIONS } from './time/entry.js';
import { WORKDAY_FUNCTIONS } from './workdays/entry.js';
import { DAYCOUNT_FUNCTIONS } from './daycount/entry.js';
import { ORDER_STATS_FUNCTIONS } from './order-stats/entry.js';
import { TRANSCENDENTAL_FUNCTIONS } from './transcendental/entry.js';
import { FINANCE_FUNCTIONS } from './finance/entry.js';

export type {
  ArgKind,
  FunctionArg,
  FunctionEntry,
  FunctionEvidence,
  Lowering,
  RefArray,
} from './types.js';
export { OPERATORS, type OperatorEntry } from './operators.js';

/** Every supported function, family by family. */
export const FUNCTIONS: readonly FunctionEntry[] = [
  ...LOGIC_FUNCTIONS,
  ...MATH_FUNCTIONS,
  ...AGGREGATE_FUNCTIONS,
  ...TEXT_FUNCTIONS,
  ...TEXTOPS_FUNCTIONS,
  ...LOOKUP_FUNCTIONS,
  ...FORMAT_FUNCTIONS,
  ...DATE_FUNCTIONS,
  ...INFO_FUNCTIONS,
  ...CHOICE_FUNCTIONS,
  ...ARITH_FUNCTIONS,
  ...CRITERIA_FUNCTIONS,
  ...BASES_FUNCTIONS,
  ...ANGLES_FUNCTIONS,
  ...TRIG_FUNCTIONS,
  ...MULTIPLES_FUNCTIONS,
  ...SWITCH_FUNCTIONS,
  ...TIME_FUNCTIONS,
  ...WORKDAY_FUNCTIONS,
  ...DAYCOUNT_FUNCTIONS,
  ...ORDER_STATS_FUNCTIONS,
  ...TRANSCENDENTAL_FUNCTIONS,
  ...FINANCE_FUNCTIONS,
];

/** Excel's limit on the arguments of one call. */
export const MAX_ARGUMENTS = 255;

/** Functions Excel recomputes on every change; a spec cannot reproduce them (refused by name). */
export { VOLATILE_FUNCTIONS };

const BY_NAME: ReadonlyMap<string, FunctionEntry> = indexByName(FUNCTIONS);

function indexByName(entries: readonly FunctionEntry[]): Map<string, FunctionEntry> {
  const map = new Map<string, FunctionEntry>();
  for (const e of entries) {
    if (map.has(e.name)) throw new Error(`function ${e.name} is declared twice`);
    map.set(e.name, e);
  }
  return map;
}

/** The entry for a function name (upper case), if supported. */
export function functionEntry(name: string): FunctionEntry | undefined {
  return BY_NAME.get(name);
}

/** The supported function names, in table order. */
export const SUPPORTED_FUNCTIONS: readonly string[] = FUNCTIONS.map((e) => e.name);

/** The argument counts a function takes, read from its arguments. */
export function arityOf(entry: FunctionEntry): { min: number; max: number } {
  const min = entry.args.filter((a) => !a.optional).length;
  const max = entry.args.at(-1)?.repeats ? MAX_ARGUMENTS : entry.args.length;
  return { min, max };
}

/** `ROUND(number, num_digits)`, `LEFT(text, [num_chars])`, `SUM(number1, [number2], ...)`. */
export function signatureOf(entry: FunctionEntry): string {
  const parts = entry.args.map((a) => {
    if (a.repeats) return `${a.name}1, [${a.name}2], ...`;
    return a.optional ? `[${a.name}]` : a.name;
  });
  return `${entry.name}(${parts.join(', ')})`;
}
