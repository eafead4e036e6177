/**
 * Spec assembly: a compiled (and verified) table becomes a ModelSpec under the runtime's conventions
 * (docs/compiler.md "The spec"). Everything is built in a fixed key order from ordered inputs, so the same
 * workbook always gives byte-identical JSON.
 *
 * - `schema`: `items` rows with one property per table column (title = the header as written); input fields
 *   typed from their values, formula fields `readOnly` typed from the lowering's kinds; root aggregates as
 *   readOnly root properties. Kinds map to JSON types: number, string, boolean, blank → null, and error → an
 *   object `{"error": "#DIV/0!"}` (the `ERROR_VALUE` schema), combined with `anyOf` when mixed with others.
 *   An input field with no blank in its column is `required` (a row without it is a schema violation).
 * - `derivations`: kept formula columns in dependency order, each preceded by the hoisted aggregates it
 *   reads; summary aggregates last.
 * - `defaultValues`: the input rows as `$` (left out, with a warning, over the seed budget).
 * - Parameters: `constants` by default (`$const.taxRate`); with `parameters: "inputs"` each is a root input
 *   field instead (`$$.taxRate`): a required number in the schema with the workbook's value as `default`, and
 *   a defaultValues entry of its own (kept when the rows' seed is left out).
 * - `tests`: expectations from the oracle; all rows when they fit the budget, else a covering sample of
 *   rows given explicitly (only columns that do not read whole-table aggregates, which a sample would change).
 */
import type { CompiledColumn, Compilation, RootDerivation } from '../derive/compiled.js';
import type { ValueKind } from '../lower/contract.js';
import type { ColumnPlan } from '../analyse/columns.js';
import { kindsOf } from '../analyse/columns.js';
import type { CellValue } from '../../workbook/values.js';
import { isErrorValue } from '../../workbook/values.js';
import { isTableValue, TABLES_CONSTANT } from '../lower/library.js';
import type { Warning } from '../types.js';
import type { RecognisedTable } from '../recognise/recognised.js';
import { blankRowsInside } from '../recognise/recognised.js';
import { dateCodes } from '../recognise/header-row.js';
import { getCell } from '../../workbook/model.js';
import type { Derivation, LibraryObject, ModelSpec, SpecTest } from '../../modelspec/types.js';

export const DEFAULT_SEED_BUDGET = 55_000;
/** Rows in a sampled test at most. */
const SAMPLE_ROWS = 20;

export const ERROR_VALUE_SCHEMA = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string', pattern: '^#' } },
  additionalProperties: false,
} as const;

/**
 * A typed-over column's override field (overrides.ts): the typed values' types, optional and nullable (absent
 * or null, the row takes the formula), so a row added without it computes as the formula does.
 */
function overrideSchema(header: string, rows: ReadonlyMap<number, CellValue>): Record<string, unknown> {
  return {
    title: `${header} (typed over)`,
    description: `A value typed over the formula of "${header}": where present and not null, the row takes it instead of the formula`,
    ...typeSchema(kindsOf([...rows.values(), null])),
  };
}

/** The items' sheet-row field of a spec with an ordered scan or a formula reading ROW() (cross-row.ts). */
const ROW_FIELD_SCHEMA = {
  title: 'Row',
  description:
    "The item's row on the sheet, supplied by the user: ROW() reads it, and each running column is computed in the items' order and stored under this number, so every item needs its own",
  type: 'integer',
} as const;

/** The derivations and roots that survive a set of refused fields, in emission order. */
export interface KeptParts {
  columns: CompiledColumn[];
  roots: RootDerivation[];
}

/**
 * Keeps the columns not refused and whose dependencies (columns and roots) are kept, and the roots whose
 * dependencies are kept and that are read by a kept column or back a summary cell.
 */
export function keptParts(c: Compilation, refused: ReadonlySet<string>): KeptParts {
  const inputs = new Set(c.plans.filter((p) => p.kind === 'input').map((p) => p.column.field));
  const keptFields = new Set(inputs);
  const rootByName = new Map(c.roots.map((r) => [r.name, r]));
  const rootFine = (r: RootDerivation) =>
    !refused.has(`$.${r.name}`) && r.deps.every((d) => keptFields.has(d));
  const columns: CompiledColumn[] = [];
  const scanFine = scanCheck(c, refused, keptFields);
  for (const col of c.columns) {
    const field = col.column.field;
    if (refused.has(field)) continue;
    if (col.scan !== undefined) {
      if (!scanFine(col.scan)) continue;
    } else if (!col.deps.every((d) => keptFields.has(d))) continue;
    if (!col.roots.every((n) => rootFine(rootByName.get(n)!))) continue;
    keptFields.add(field);
    columns.push(col);
  }
  const used = new Set(columns.flatMap((col) => col.roots));
  const roots = c.roots.filter((r) => rootFine(r) && (used.has(r.name) || r.summary !== undefined));
  return { columns, roots };
}

/**
 * Whether a scan's members (cross-row.ts) are all kept: none refused, and what they read outside the scan
 * kept. All or none: the scan computes them together. Decided at the first member, after what they read.
 */
function scanCheck(
  c: Compilation,
  refused: ReadonlySet<string>,
  keptFields: ReadonlySet<string>,
): (scan: string) => boolean {
  const decided = new Map<string, boolean>();
  return (scan) => {
    const known = decided.get(scan);
    if (known !== undefined) return known;
    const members = c.columns.filter((k) => k.scan === scan);
    const names = new Set(members.map((k) => k.column.field));
    const fine = members.every(
      (k) => !refused.has(k.column.field) && k.deps.every((d) => names.has(d) || keptFields.has(d)),
    );
    decided.set(scan, fine);
    return fine;
  };
}

export interface BuildSpecInput {
  id: string;
  compilation: Compilation;
  kept: KeptParts;
  library: (helpers: string[], values: Record<string, unknown>) => LibraryObject | undefined;
  seedBudget?: number;
  /** The oracle's value of a cell; when given, tests are embedded. */
  oracle?: (row: number, col: number) => CellValue;
}

export interface BuiltSpec {
  spec: ModelSpec;
  warnings: Warning[];
  seed: { items: Record<string, CellValue>[] };
}

/** The input rows as a document: `{"items": [{<input field>: value, ...}, ...]}`. */
export function seedDocument(
  c: Compilation,
  // Why null, not undefined, for "no row field": an undefined argument would take the default.
  rowField: string | null = c.rowField ?? null,
): { items: Record<string, CellValue>[] } & Record<string, unknown> {
  const inputs = c.plans.filter((p): p is Extract<ColumnPlan, { kind: 'input' }> => p.kind === 'input');
  const items: Record<string, CellValue>[] = [];
  for (const [i, r] of c.table.rows.entries()) {
    const item: Record<string, CellValue> = {};
    if (rowField !== null) item[rowField] = r + 1;
    for (const o of c.overrides) {
      if (o.rows.has(r)) item[o.name] = o.rows.get(r)!;
    }
    for (const p of inputs) item[p.column.field] = p.values[i];
    items.push(item);
  }
  // Why the parameters too: the verification evaluates the derivations over this document.
  const parameters = Object.fromEntries(
    c.constants.filter((k) => asInput(c, k)).map((k) => [k.name, k.value]),
  );
  return { items, ...parameters };
}

/** A parameter read as a root input field: every one with `parameters: "inputs"`, a saved TODAY()/NOW() always. */
const asInput = (c: Compilation, k: Compilation['constants'][number]): boolean =>
  c.parameters === 'inputs' || k.volatile !== undefined;

/** A root input field's description: where it comes from, and for a date what to give. */
function parameterDescription(k: Compilation['constants'][number]): string {
  if (k.volatile === undefined) return `Parameter ${k.address} of the workbook`;
  const what = `the current date${k.volatile === 'NOW' ? ' and time' : ''} as a date serial`;
  if (k.called !== 'formula')
    return `Parameter ${k.address} of the workbook, =${k.volatile}(): the default is the value the workbook saved; give ${what}`;
  const source =
    k.noDefault === undefined
      ? `the default is the one date that reproduces every value the workbook saved (${k.source})`
      : `no default (${k.noDefault})`;
  return `The evaluation date the sheet's ${k.volatile}() reads: give ${what}; ${source}`;
}

/** The parameters the kept parts read, in the order they were first resolved. */
function usedParameters(c: Compilation, kept: KeptParts): Compilation['constants'] {
  const names = new Set([
    ...kept.columns.flatMap((k) => k.constants),
    ...kept.roots.flatMap((r) => r.constants),
  ]);
  return c.constants.filter((k) => names.has(k.name));
}

/** The rows of the lookup tables the library values read, by data name; undefined when none. */
function tableData(c: Compilation, values: Record<string, unknown>): Record<string, unknown> | undefined {
  const names = new Set(
    Object.values(values).flatMap((v) => (isTableValue(v) && 'data' in v ? [v.data] : [])),
  );
  if (names.size === 0) return undefined;
  const out: Record<string, unknown> = {};
  for (const name of [...names].sort()) out[name] = c.libraryTables.get(name);
  return out;
}

/**
 * A 15-digit derivation's schema mark (precision.ts): its values agree with Excel's to 15 significant digits,
 * not to the last bit. An annotation keyword (`x-`), which JSON Schema validators ignore.
 */
function precisionMark(d: { precision?: number }): Record<string, number> {
  return d.precision === undefined ? {} : { 'x-excel-precision': d.precision };
}

export function typeSchema(kinds: readonly ValueKind[]): Record<string, unknown> {
  const types: string[] = [];
  for (const k of kinds) {
    if (k === 'blank') types.push('null');
    else if (k !== 'error') types.push(k);
  }
  const plain = types.length === 1 ? { type: types[0] } : { type: types };
  if (!kinds.includes('error')) return types.length === 0 ? {} : plain;
  return types.length === 0 ? { ...ERROR_VALUE_SCHEMA } : { anyOf: [plain, { ...ERROR_VALUE_SCHEMA }] };
}

/**
 * The date number format (`yyyy-mm-dd`, `m/d/yyyy`, ...) every number of an input column is shown with, if
 * one: a format holding a day or year code once quoted text, escapes and `[...]` parts are removed. The
 * schema carries it as `"x-excel-format"` so a caller knows the serials are dates (docs/semantics.md, "Dates").
 */
function dateFormat(table: RecognisedTable, col: number): string | undefined {
  let format: string | undefined;
  for (const r of table.rows) {
    const cell = getCell(table.sheet, r, col);
    if (typeof cell?.value !== 'number') continue;
    if (cell.numFmt === undefined || (format !== undefined && cell.numFmt !== format)) return undefined;
    // Why here: the answer is the one format only if it is a date's, so a first format that is not ends the
    // scan (at 100,000 rows a scan of a number column was 0.13 s of the conversion's last stage).
    if (format === undefined && dateCodes(cell.numFmt) === undefined) return undefined;
    format = cell.numFmt;
  }
  return format;
}

export function buildSpec(input: BuildSpecInput): BuiltSpec {
  const { compilation: c, kept } = input;
  const { table } = c;
  const warnings: Warning[] = [];
  const budget = input.seedBudget ?? DEFAULT_SEED_BUDGET;
  const keptByField = new Map(kept.columns.map((k) => [k.column.field, k]));

  const properties: Record<string, unknown> = {};
  // The items' sheet rows, when a scan keyed by them is kept (cross-row.ts).
  const rowField = kept.columns.some((k) => k.scan !== undefined || k.readsRow) ? c.rowField : undefined;
  if (rowField !== undefined) properties[rowField] = ROW_FIELD_SCHEMA;
  for (const p of c.plans) {
    const f = p.column.field;
    if (p.kind === 'input') {
      const format = dateFormat(table, p.column.col);
      properties[f] = {
        title: p.column.header,
        ...typeSchema(p.kinds),
        ...(format === undefined ? {} : { 'x-excel-format': format }),
      };
    } else if (keptByField.has(f)) {
      const k = keptByField.get(f)!;
      properties[f] = { title: p.column.header, ...typeSchema(k.kinds), ...precisionMark(k), readOnly: true };
      const o = c.overrides.find((x) => x.field === f);
      if (o) properties[o.name] = overrideSchema(p.column.header, o.rows);
    }
  }
  // Why required: an input column without a blank is typed without null, and the lowering's fast paths rely on
  // that type (`$parent.a + $parent.b`); a row without the field must be refused by the schema, not computed
  // (docs/semantics.md, "A field missing from a row").
  const required = [
    ...(rowField === undefined ? [] : [rowField]),
    ...c.plans.flatMap((p) =>
      p.kind === 'input' && p.kinds.length > 0 && !p.kinds.includes('blank') ? [p.column.field] : [],
    ),
  ];
  const schemaProps: Record<string, unknown> = {
    items: {
      type: 'array',
      items: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
    },
  };
  const parameters = usedParameters(c, kept);
  const asInputs = parameters.filter((k) => asInput(c, k));
  for (const k of asInputs) {
    schemaProps[k.name] = {
      title: k.label,
      description: parameterDescription(k),
      type: typeof k.value === 'number' ? 'number' : typeof k.value === 'string' ? 'string' : 'boolean',
      ...(k.noDefault === undefined ? { default: k.value } : {}),
    };
  }
  for (const r of kept.roots)
    schemaProps[r.name] = {
      description: r.description,
      ...typeSchema(r.kinds),
      ...precisionMark(r),
      readOnly: true,
    };
  const schema = {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: schemaProps,
    ...(asInputs.length > 0 ? { required: asInputs.map((k) => k.name) } : {}),
  };

  const derivations: Derivation[] = [];
  const emitted = new Set<string>();
  const emitRoot = (r: RootDerivation) => {
    if (emitted.has(r.name)) return;
    emitted.add(r.name);
    derivations.push({ path: `$.${r.name}`, expr: r.expr, description: r.description });
  };
  const rootByName = new Map(kept.roots.map((r) => [r.name, r]));
  for (const col of kept.columns) {
    for (const n of col.roots) emitRoot(rootByName.get(n)!);
    derivations.push({
      path: `$.items[*].${col.column.field}`,
      expr: col.expr,
      description: col.description,
    });
  }
  for (const r of kept.roots) emitRoot(r);

  const helpers = [
    ...new Set([...kept.columns.flatMap((k) => k.helpers), ...kept.roots.flatMap((r) => r.helpers)]),
  ].sort();
  const valueNames = new Set([
    ...kept.columns.flatMap((k) => k.values),
    ...kept.roots.flatMap((r) => r.values),
  ]);
  const values: Record<string, unknown> = {};
  for (const [name, v] of c.libraryValues) if (valueNames.has(name)) values[name] = v;
  const library = helpers.length > 0 || valueNames.size > 0 ? input.library(helpers, values) : undefined;

  const constants: Record<string, unknown> = {};
  for (const k of parameters) if (!asInput(c, k)) constants[k.name] = k.value;
  const tables = tableData(c, values);
  if (tables) constants[TABLES_CONSTANT] = tables;

  const seed = { items: seedDocument(c, rowField ?? null).items };
  const seedText = JSON.stringify(seed);
  const first = `${table.columns[0].letter}${table.firstDataRow + 1}`;
  const last = `${table.columns[table.columns.length - 1].letter}${table.lastDataRow + 1}`;
  const blank = blankRowsInside(table);
  const where = `sheet "${table.sheet.name}", ${first}:${last}${blank ? ` (${blank}: not items)` : ''}`;
  const seeded = seedText.length <= budget;
  if (!seeded) {
    warnings.push({
      code: 'SEED_OMITTED',
      message: `The rows (${seedText.length} characters as JSON) exceed the seed budget of ${budget}; defaultValues is left out and the tests give a sample of rows`,
    });
  }

  const spec: ModelSpec = {
    id: input.id,
    version: '1.0.0',
    schema,
    constants,
  };
  if (library) spec.library = library;
  const defaults = asInputs
    .flatMap((k) => (k.noDefault === undefined ? [k] : []))
    .map((k) => ({
      path: `$.${k.name}`,
      expr: JSON.stringify(k.value),
      description:
        k.called === 'formula'
          ? `The date ${k.volatile}() read when the workbook was calculated: ${k.source}`
          : `Parameter ${k.address} as the workbook holds it`,
    }));
  if (seeded) defaults.unshift({ path: '$', expr: seedText, description: `The input rows of ${where}` });
  if (defaults.length > 0) spec.defaultValues = defaults;
  spec.derivations = derivations;
  spec.metaDerivations = [];
  spec.constraints = [];
  // Why given: a field without a default (an evaluation date the saved values do not decide) is set to the
  // date the verification used, so each test computes what was checked.
  const undecided = Object.fromEntries(
    asInputs.flatMap((k) => (k.noDefault === undefined ? [] : [[`$.${k.name}`, k.value]])),
  );
  if (input.oracle)
    spec.tests = buildTests(c, kept, seed, seeded, budget, input.oracle, where).flatMap((t) =>
      byPrecision({ ...t, given: { ...t.given, ...undecided } }, fifteenDigitPaths(kept)),
    );
  return { spec, warnings, seed };
}

function buildTests(
  c: Compilation,
  kept: KeptParts,
  seed: { items: Record<string, CellValue>[] },
  seeded: boolean,
  budget: number,
  oracle: (row: number, col: number) => CellValue,
  where: string,
): SpecTest[] {
  const { table } = c;
  const n = seed.items.length;
  if (kept.columns.length === 0 && kept.roots.every((r) => !r.summary)) return [];
  if (seeded) {
    const expect: Record<string, unknown> = {};
    for (let i = 0; i < n; i++) {
      for (const k of kept.columns)
        expect[`$.items[${i}].${k.column.field}`] = oracle(table.rows[i], k.column.col);
    }
    for (const r of kept.roots) if (r.summary) expect[`$.${r.name}`] = oracle(r.summary.row, r.summary.col);
    const test: SpecTest = {
      description: `Every row of ${where} as Excel computes it (the oracle's values)`,
      given: {},
      expect,
    };
    if (JSON.stringify(test).length <= budget) return [test];
  }
  // A covering sample, given explicitly; aggregates over the whole table would differ on it.
  const local = kept.columns.filter((k) => !readsRoot(k, kept));
  if (local.length === 0) return [];
  const rows = sampleRows(c, local, seed, oracle);
  const expect: Record<string, unknown> = {};
  rows.forEach((i, j) => {
    for (const k of local) expect[`$.items[${j}].${k.column.field}`] = oracle(table.rows[i], k.column.col);
  });
  return [
    {
      description: `Sample rows ${rows.map((i) => table.rows[i] + 1).join(', ')} of ${where} as Excel computes them (the oracle's values)`,
      given: { '$.items': rows.map((i) => seed.items[i]) },
      expect,
    },
  ];
}

/** The expectation paths' prefixes of the 15-digit derivations: `$.items[` + `].field`, `$.root`. */
function fifteenDigitPaths(kept: KeptParts): (path: string) => boolean {
  const fields = new Set(kept.columns.filter((k) => k.precision !== undefined).map((k) => k.column.field));
  const roots = new Set(kept.roots.filter((r) => r.precision !== undefined).map((r) => `$.${r.name}`));
  return (path) => roots.has(path) || fields.has(path.slice(path.indexOf('].') + 2));
}

/**
 * A test split in two when it expects 15-digit derivations: the exact paths as they are, the 15-digit ones in
 * a test of their own compared with `excel15` (docs/spec-format.md, "Tests").
 */
function byPrecision(test: SpecTest, fifteen: (path: string) => boolean): SpecTest[] {
  const paths = Object.keys(test.expect);
  const loose = paths.filter(fifteen);
  if (loose.length === 0) return [test];
  const pick = (keep: string[]) => Object.fromEntries(keep.map((p) => [p, test.expect[p]]));
  const exact = paths.filter((p) => !fifteen(p));
  const description = `${test.description}, at 15 significant digits (the derivations of the 15-digit tier)`;
  return [
    ...(exact.length > 0 ? [{ ...test, expect: pick(exact) }] : []),
    { ...test, description, expect: pick(loose), compare: 'excel15' as const },
  ];
}

/** True when a column reads a root aggregate, directly or through another column. */
function readsRoot(k: CompiledColumn, kept: KeptParts, seen = new Set<string>()): boolean {
  if (k.roots.length > 0) return true;
  seen.add(k.column.field);
  return k.deps.some((d) => {
    const dep = kept.columns.find((x) => x.column.field === d);
    return dep !== undefined && !seen.has(d) && readsRoot(dep, kept, seen);
  });
}

/** First rows, the first row with an error, with a blank input, and each numeric input's extremes. */
function sampleRows(
  c: Compilation,
  local: CompiledColumn[],
  seed: { items: Record<string, CellValue>[] },
  oracle: (row: number, col: number) => CellValue,
): number[] {
  const n = seed.items.length;
  const picked = new Set<number>();
  for (let i = 0; i < Math.min(3, n); i++) picked.add(i);
  const inputs = c.plans.filter((p): p is Extract<ColumnPlan, { kind: 'input' }> => p.kind === 'input');
  const firstWhere = (pred: (i: number) => boolean) => {
    for (let i = 0; i < n; i++) if (pred(i)) return picked.add(i);
  };
  firstWhere((i) => local.some((k) => isErrorValue(oracle(c.table.rows[i], k.column.col))));
  firstWhere((i) => inputs.some((p) => isErrorValue(p.values[i])));
  firstWhere((i) => inputs.some((p) => p.values[i] === null));
  for (const p of inputs) {
    let lo = -1;
    let hi = -1;
    p.values.forEach((v, i) => {
      if (typeof v !== 'number') return;
      if (lo < 0 || v < (p.values[lo] as number)) lo = i;
      if (hi < 0 || v > (p.values[hi] as number)) hi = i;
    });
    if (lo >= 0) picked.add(lo);
    if (hi >= 0) picked.add(hi);
  }
  return [...picked].sort((a, b) => a - b).slice(0, SAMPLE_ROWS);
}

/** `[namespace/]name` from an option or a file name: letters, digits, `-`, `_` only. */
export function specId(modelId: string | undefined, filename: string | undefined): string {
  const clean = (s: string) =>
    s
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 100);
  if (modelId !== undefined) {
    const parts = modelId
      .split('/')
      .map(clean)
      .filter((p) => p !== '');
    if (parts.length >= 2) return `${parts[0]}/${parts.slice(1).join('-')}`;
    if (parts.length === 1) return parts[0];
  }
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const stem = clean(base.replace(/\.(xlsx|xlsm|xls)$/i, ''));
  return stem === '' ? 'workbook' : stem;
}
