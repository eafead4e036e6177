/**
 * The JSONata helper library: Excel's semantics written in plain JSONata, so a spec runs on any engine that
 * follows the ModelSpec binding convention (no host functions).
 *
 * Each helper is one `function(...)` definition (written family by family in helpers/); the helpers it calls
 * are the `$xl…` names in its text, so no list of dependencies is kept by hand. `buildLibrary` emits only the
 * helpers an expression uses, with their transitive dependencies, in dependency order, as
 * `( $xlA := function(...) {...}; ...; ["xlA", ...] )`.
 *
 * Value representation (src/workbook/values.ts): number, string, boolean as themselves; blank is `null` or a
 * missing value (`undefined` inside JSONata); an error is `{"error": "#DIV/0!"}`, the only object an Excel
 * value can be, so `$type(v) = "object"` tests for an error. The one other object is the not-established value
 * `{"notEstablished": reason}` (helpers/not-established.ts): helpers pass it as an error, and what tests or
 * catches errors gives it back. Helpers never throw on any Excel value: arithmetic
 * that overflows gives #NUM!, JSONata's `$power` is only called once it is known to be finite.
 *
 * JSONata pitfalls handled here: `$string` rounds non-integers to 15 significant digits but prints integers in
 * full; `$length`/`$substring` count code points (Excel counts UTF-16 units, `$split($s, "")` gives units);
 * `=` on strings is case-sensitive; `$round` is half-even; an array constructor flattens arrays held in
 * variables; `undefined` entries vanish from arrays.
 */
import type { LibraryObject } from '../../modelspec/types.js';
import type { CellValue } from '../../workbook/values.js';
import { AGGREGATE_HELPERS } from './functions/aggregate/helpers.js';
import { BASES_HELPERS } from './functions/bases/helpers.js';
import { ANGLES_HELPERS } from './functions/angles/helpers.js';
import { TRIG_HELPERS } from './functions/trig/helpers.js';
import { CRITERIA_HELPERS } from './functions/criteria/helpers.js';
import { ARITHMETIC_HELPERS } from './helpers/arithmetic.js';
import { DATE_HELPERS } from './functions/date/helpers.js';
import { DIGIT_HELPERS } from './helpers/digits.js';
import { FORMAT_HELPERS } from './functions/format/helpers.js';
import { INFO_HELPERS } from './functions/info/helpers.js';
import { LOGIC_HELPERS } from './functions/logic/helpers.js';
import { LOOKUP_HELPERS } from './functions/lookup/helpers.js';
import { MATH_HELPERS } from './functions/math/helpers.js';
import { NOT_ESTABLISHED_HELPERS } from './helpers/not-established.js';
import { ORDER_STATS_HELPERS } from './functions/order-stats/helpers.js';
import { ROUND_HELPERS } from './helpers/round.js';
import type { HelperSource } from './helpers/source.js';
import { TEXT_HELPERS } from './functions/text/helpers.js';
import { TEXTOPS_HELPERS } from './functions/textops/helpers.js';
import { TIME_HELPERS } from './functions/time/helpers.js';
import { WORKDAY_HELPERS } from './functions/workdays/helpers.js';
import { DAYCOUNT_HELPERS } from './functions/daycount/helpers.js';
import { TRANSCENDENTAL_HELPERS } from './functions/transcendental/helpers.js';
import { FINANCE_HELPERS } from './functions/finance/helpers.js';
import { LOAN_HELPERS } from './functions/finance/loan.js';
import { NPV_HELPERS } from './functions/finance/npv.js';
import { VALUE_HELPERS } from './helpers/values.js';

export interface HelperDef extends HelperSource {
  /** The helpers this one calls (names without `$`), found in its text, in table order. */
  deps: string[];
}

/**
 * The helpers' source, family by family. Why the order matters: a helper's dependencies are emitted in this
 * order (see `resolveHelpers`), so moving an existing helper can reorder the libraries of existing specs; a
 * new helper may go anywhere.
 */
const SOURCES: Readonly<Record<string, HelperSource>> = {
  ...VALUE_HELPERS,
  ...ARITHMETIC_HELPERS,
  ...LOGIC_HELPERS,
  ...TEXT_HELPERS,
  ...DIGIT_HELPERS,
  ...ROUND_HELPERS,
  ...AGGREGATE_HELPERS,
  ...LOOKUP_HELPERS,
  ...FORMAT_HELPERS,
  ...DATE_HELPERS,
  ...INFO_HELPERS,
  ...MATH_HELPERS,
  ...CRITERIA_HELPERS,
  ...TEXTOPS_HELPERS,
  ...BASES_HELPERS,
  ...ANGLES_HELPERS,
  ...TRIG_HELPERS,
  ...NOT_ESTABLISHED_HELPERS,
  ...TIME_HELPERS,
  ...WORKDAY_HELPERS,
  ...DAYCOUNT_HELPERS,
  ...ORDER_STATS_HELPERS,
  ...TRANSCENDENTAL_HELPERS,
  ...FINANCE_HELPERS,
  ...LOAN_HELPERS,
  ...NPV_HELPERS,
};

/** The `$xl…` helpers a JSONata text calls, other than `self`, in the given order of names. */
export function helpersCalled(text: string, order: readonly string[], self?: string): string[] {
  const called = new Set<string>();
  for (const m of text.matchAll(/\$(xl[A-Za-z0-9]+)/g)) if (m[1] !== self) called.add(m[1]!);
  return order.filter((n) => called.has(n));
}

/** The helpers by export name, each with the dependencies its text calls. */
export const HELPERS: Readonly<Record<string, HelperDef>> = Object.fromEntries(
  Object.entries(SOURCES).map(([name, src]) => [
    name,
    { ...src, deps: helpersCalled(src.fn, Object.keys(SOURCES), name) },
  ]),
);

/**
 * The readers of text (numeric, date and time text): they give the not-established value only for a text
 * whose form nobody checked, so a helper that reaches `$xlNE` only through them gives it only for text.
 */
const TEXT_READERS: ReadonlySet<string> = new Set(['xlParseNum', 'xlParseDate', 'xlDateTime', 'xlNotRead']);

/** `$xlNE`'s callers, transitively, from `sources` (the helpers taken to give the value), never through `skip`. */
function callersOf(sources: readonly string[], skip: ReadonlySet<string>): Set<string> {
  const out = new Set<string>(sources);
  for (let grown = true; grown; ) {
    grown = false;
    for (const [name, def] of Object.entries(HELPERS)) {
      if (out.has(name) || skip.has(name)) continue;
      if (!def.deps.some((d) => d !== 'xlIsNE' && out.has(d))) continue;
      out.add(name);
      grown = true;
    }
  }
  return out;
}

/** Helpers that may give the not-established value whatever their arguments' kinds. */
const GIVES_NE: ReadonlySet<string> = callersOf(['xlNE'], TEXT_READERS);
/** Helpers that may give it through a text reader: only when an argument may be text. */
const GIVES_NE_FOR_TEXT: ReadonlySet<string> = callersOf([...TEXT_READERS], new Set());

/**
 * Whether the helper may give the not-established value (src/workbook/values.ts `NotEstablished`), given
 * whether any of its arguments may be text (undefined: not known, taken as may).
 */
export function givesNotEstablished(name: string, textArgument?: boolean): boolean {
  return GIVES_NE.has(name) || (GIVES_NE_FOR_TEXT.has(name) && textArgument !== false);
}

/** The key of `constants` that holds a converted spec's lookup tables as data (`$const.tables.<name>`). */
export const TABLES_CONSTANT = 'tables';

/**
 * How the library builds a lookup table's searchable value from its rows, at run time: `index` the index of
 * first matches `$xlVlookup` and `$xlXlookup` read (`$xlTableIndex`), `ascending`/`descending` the sorted keys
 * of an approximate match (`$xlApproxIndex`), `rows` the rows themselves (`$xlIndex`).
 */
export type TableBuild = 'index' | 'ascending' | 'descending' | 'rows';

/**
 * A lookup table as the spec carries it: data, never code. Its rows are the rows the search reads (a VLOOKUP's
 * range as it stands; HLOOKUP's transposed; MATCH's [value, position]; INDEX/MATCH's and XLOOKUP's [key,
 * value], last first for a search from the end), either inline (`rows`: an authoring tool's library) or held in
 * `constants.tables.<data>` (a converted spec), and the library builds what it searches from them.
 */
export type TableValue = { build: TableBuild } & ({ rows: CellValue[][] } | { data: string });

export function isTableValue(v: unknown): v is TableValue {
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && 'build' in v && ('rows' in v || 'data' in v)
  );
}

/** The library helper that builds each form (its text the one home of the build's JSONata call). */
const BUILDERS: Readonly<Record<TableBuild, { helper?: string; call: (rows: string) => string }>> = {
  index: { helper: 'xlTableIndex', call: (r) => `$xlTableIndex(${r})` },
  ascending: { helper: 'xlApproxIndex', call: (r) => `$xlApproxIndex(${r}, false)` },
  descending: { helper: 'xlApproxIndex', call: (r) => `$xlApproxIndex(${r}, true)` },
  rows: { call: (r) => r },
};

/** The library's source of a table value: its build applied to its rows or to its data in `$const`. */
function tableSource(v: TableValue): string {
  const rows = 'rows' in v ? JSON.stringify(v.rows) : `$const.${TABLES_CONSTANT}.${v.data}`;
  return BUILDERS[v.build].call(rows);
}

/** A value's line as `writeLibrary` wrote it, read back: a table value, or undefined for any other text. */
export function readTableSource(text: string): TableValue | undefined {
  for (const [build, b] of Object.entries(BUILDERS) as Array<[TableBuild, (typeof BUILDERS)[TableBuild]]>) {
    const [before, after] = b.call('\u0000').split('\u0000') as [string, string];
    if (!text.startsWith(before) || !text.endsWith(after)) continue;
    const inner = text.slice(before.length, text.length - after.length);
    const data = new RegExp(`^\\$const\\.${TABLES_CONSTANT}\\.([A-Za-z_][A-Za-z0-9_]*)$`).exec(inner);
    if (data) return { build, data: data[1]! };
    if (build === 'rows') continue;
    try {
      const rows: unknown = JSON.parse(inner);
      if (Array.isArray(rows) && rows.every(Array.isArray)) return { build, rows: rows as CellValue[][] };
    } catch {
      // not this form
    }
  }
  return undefined;
}

/**
 * Why a table's first column is not what Excel's binary search assumes, every cell a number in strictly
 * ascending order (strictly descending for `descending`, MATCH -1); undefined when it is. Why strictly: with
 * equal or unsorted keys Excel's answer depends on which cells its search probes, which is not established.
 * The conversion refuses such a table; `$xlApproxIndex` checks the same of the data at run time, so an edited
 * table that breaks it gives the not-established value.
 */
export function unsortedReason(rows: CellValue[][], descending: boolean): string | undefined {
  const keys: number[] = [];
  for (const [i, row] of rows.entries()) {
    const v = row[0];
    if (typeof v !== 'number')
      return `key ${i + 1} is ${v === null ? 'blank' : JSON.stringify(v)}, not a number`;
    const prev = keys.at(-1);
    const k = descending ? -v : v;
    if (prev !== undefined && !(k > prev)) {
      return `keys ${i} and ${i + 1} are not in strictly ${descending ? 'descending' : 'ascending'} order`;
    }
    keys.push(k);
  }
  if (keys.length === 0) return 'the table is empty';
  return undefined;
}

/** Helper names with their transitive dependencies, each after the helpers it calls. */
export function resolveHelpers(names: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const visit = (name: string): void => {
    if (seen.has(name)) return;
    const def = HELPERS[name];
    if (!def) throw new Error(`unknown library helper: ${name}`);
    seen.add(name);
    for (const d of def.deps) visit(d);
    out.push(name);
  };
  for (const n of [...names].sort()) visit(n);
  return out;
}

/**
 * Builds the spec library holding only the given helpers (plus dependencies) and the given values (lookup
 * tables, exported by name). Returns undefined when there is nothing to define.
 */
export function buildLibrary(
  helperNames: string[],
  values: Record<string, unknown> = {},
): LibraryObject | undefined {
  return writeLibrary(resolveHelpers(helperNames), values);
}

/** The helpers the values' builds call (`$xlTableIndex`, `$xlApproxIndex`), by name. */
function buildHelpers(values: Record<string, unknown>): string[] {
  const names = Object.values(values).flatMap((v) => (isTableValue(v) ? [BUILDERS[v.build].helper] : []));
  return [...new Set(names.filter((n): n is string => n !== undefined))];
}

/**
 * The library of helpers already in dependency order (each after those it calls; src/authoring/library-merge.ts
 * keeps a draft's order and appends) and the given values.
 */
export function writeLibrary(
  helpers: readonly string[],
  values: Record<string, unknown> = {},
): LibraryObject | undefined {
  const valueNames = Object.keys(values).sort();
  if (helpers.length === 0 && valueNames.length === 0) return undefined;
  const builders = resolveHelpers(buildHelpers(values)).filter((h) => !helpers.includes(h));
  const all = [...helpers, ...builders];
  const lines: string[] = [];
  for (const h of all) lines.push(`  $${h} := ${HELPERS[h]?.fn};`);
  for (const v of valueNames) {
    const value = values[v];
    lines.push(`  $${v} := ${isTableValue(value) ? tableSource(value) : JSON.stringify(value)};`);
  }
  const exported = [...all, ...valueNames];
  const define = `(\n${lines.join('\n')}\n  ${JSON.stringify(exported)}\n)`;
  const parts: string[] = [];
  if (all.length > 0) parts.push(`Excel semantics helpers: ${all.join(', ')}`);
  if (valueNames.length > 0) {
    const data = valueNames.some((v) => {
      const value = values[v];
      return isTableValue(value) && 'data' in value;
    });
    parts.push(
      `lookup tables: ${valueNames.join(', ')}${data ? ` (built from their rows in $const.${TABLES_CONSTANT})` : ''}`,
    );
  }
  return { description: `${parts.join('; ')}.`, define };
}
