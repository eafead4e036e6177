/**
 * The semantic diff of two conversions of one workbook (`sheetspec diff`, and `sheetspec check`'s golden
 * diffs): not "line 212 changed" but what a reviewer decides on.
 *
 * - fields: schema properties added, removed or retyped, by canonical path (`$.items[*].qty`);
 * - derivations whose expression changed (or that appeared or went), by path;
 * - values: both specs run on the embedded tests' rows (each distinct `given` of either spec; the seed alone
 *   when neither has tests) and the computed documents compared leaf by leaf: path, old, new;
 * - constants, and the library's exports (read from the define's last expression, not by running it);
 * - refusals (by column and code) and warnings (by code and cell), which live in the conversion result, so
 *   they are compared when both sides are `convert --json` results (or golden refusal files);
 * - other: every remaining difference of the two spec documents, path-addressed (src/cli/diff.ts): titles,
 *   constraints, the seed rows, the tests' recorded expectations, the library's code, ...
 *
 * Nothing is reported twice: a retyped field's `type` and a changed derivation are left out of "other".
 * Running the specs is the caller's `run` (the sandbox for files a user hands over; in this thread for the
 * fixtures `check` compiled itself).
 */
import {
  compileExpression,
  type Derivation,
  libraryDefine,
  type ModelSpec,
  type SpecTest,
} from '../modelspec/index.js';
import { childPath, type DiffEntry, diffJson, renderDiff, show, showPair } from './diff.js';

/** One side: what a spec file or a conversion result says. */
export interface DiffSide {
  /** Absent when the workbook was refused as a whole. */
  spec?: ModelSpec;
  /** `valid`, or the failure code. Absent for a bare spec file. */
  outcome?: string;
  /** Absent when unknown (a bare spec file). */
  refusals?: ReadonlyArray<{ column: string; header: string; reason: string; cell?: string }>;
  /** Absent when unknown. */
  warnings?: ReadonlyArray<{ code: string; cell?: string; message?: string }>;
}

export type ChangeKind = 'added' | 'removed' | 'changed';

/** One difference: `key` names the thing (a path, an export name, a refusal); `old`/`new` its values. */
export interface SemanticChange {
  kind: ChangeKind;
  key: string;
  old?: unknown;
  new?: unknown;
  /** Values only: which test's rows (`test 1`, or its description). */
  test?: string;
}

export interface SpecDiff {
  equal: boolean;
  outcome: SemanticChange[];
  fields: SemanticChange[];
  derivations: SemanticChange[];
  values: SemanticChange[];
  /** Value changes left out past the cap. */
  valuesOmitted: number;
  /** Runs that failed (a spec that does not run on the other's rows): test, side and why. */
  runErrors: Array<{ test: string; side: 'old' | 'new'; message: string }>;
  constants: SemanticChange[];
  exports: SemanticChange[];
  refusals: SemanticChange[];
  warnings: SemanticChange[];
  other: DiffEntry[];
}

/** Runs a spec on a test's `given`: the computed document, or why it did not run. */
export type RunSpec = (
  spec: ModelSpec,
  given: Record<string, unknown>,
) => Promise<{ ok: true; state: unknown } | { ok: false; message: string }>;

const MAX_VALUE_CHANGES = 200;

/** Compares two sides; see the header. */
export async function diffConversions(a: DiffSide, b: DiffSide, run: RunSpec): Promise<SpecDiff> {
  const oldSpec = a.spec;
  const newSpec = b.spec;
  const fieldsA = schemaFields(oldSpec?.schema);
  const fieldsB = schemaFields(newSpec?.schema);
  const fields = keyed(fieldsA, fieldsB, (f) => f.type);
  const derivationsA = new Map((oldSpec?.derivations ?? []).map((d) => [d.path, d]));
  const derivationsB = new Map((newSpec?.derivations ?? []).map((d) => [d.path, d]));
  const derivations = keyed(derivationsA, derivationsB, (d) => d.expr);
  const constants = leafChanges(oldSpec?.constants ?? {}, newSpec?.constants ?? {}, '$const');
  const exports = setChanges(libraryExports(oldSpec), libraryExports(newSpec));
  const values = oldSpec && newSpec ? await valueChanges(oldSpec, newSpec, run) : emptyValues();
  const refusals =
    a.refusals && b.refusals
      ? setChanges(new Set(a.refusals.map(refusalKey)), new Set(b.refusals.map(refusalKey)))
      : [];
  const warnings =
    a.warnings && b.warnings
      ? setChanges(new Set(a.warnings.map(warningKey)), new Set(b.warnings.map(warningKey)))
      : [];
  const outcome =
    a.outcome !== undefined && b.outcome !== undefined && a.outcome !== b.outcome
      ? [{ kind: 'changed' as const, key: 'outcome', old: a.outcome, new: b.outcome }]
      : [];
  const other = [
    ...otherChanges(oldSpec, newSpec, fields, fieldsA, fieldsB),
    ...derivationDetails(derivationsA, derivationsB),
  ];
  const diff: Omit<SpecDiff, 'equal'> = {
    outcome,
    fields: fields.map((c) => ({ ...c })),
    derivations,
    values: values.changes,
    valuesOmitted: values.omitted,
    runErrors: values.errors,
    constants,
    exports,
    refusals,
    warnings,
    other,
  };
  const equal = [
    outcome,
    fields,
    derivations,
    values.changes,
    values.errors,
    constants,
    exports,
    refusals,
    warnings,
    other,
  ].every((list) => list.length === 0);
  return { equal, ...diff };
}

interface Field {
  type: string;
  /** Where the field's schema sits in the spec, as a diffJson path (`$.schema.properties.qty`). */
  at: string;
}

/** Every schema property, by canonical path, with a short type (`number|null`) and where it sits. */
export function schemaFields(schema: unknown): Map<string, Field> {
  const out = new Map<string, Field>();
  const walk = (s: unknown, path: string, at: string) => {
    if (!isObject(s)) return;
    if (isObject(s.properties)) {
      for (const [key, sub] of Object.entries(s.properties)) {
        const p = `${path}${/^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `.\`${key}\``}`;
        const subAt = childPath(childPath(at, 'properties'), key);
        out.set(p, { type: typeOf(sub), at: subAt });
        walk(sub, p, subAt);
      }
    }
    if (isObject(s.items)) walk(s.items, `${path}[*]`, childPath(at, 'items'));
  };
  walk(schema, '$', '$.schema');
  return out;
}

function typeOf(s: unknown): string {
  if (!isObject(s)) return 'any';
  if (Array.isArray(s.type)) return s.type.join('|');
  if (typeof s.type === 'string')
    return s.type === 'object' && isObject(s.properties) && 'error' in s.properties ? 'error' : s.type;
  const alternatives = s.anyOf ?? s.oneOf;
  if (Array.isArray(alternatives)) return alternatives.map(typeOf).join('|');
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) return `enum(${s.enum.map((v) => JSON.stringify(v)).join(',')})`;
  return 'any';
}

/** Added, removed and changed entries of two keyed maps, comparing `view(value)`. */
function keyed<T>(a: Map<string, T>, b: Map<string, T>, view: (v: T) => unknown): SemanticChange[] {
  const out: SemanticChange[] = [];
  for (const [key, v] of a) {
    const w = b.get(key);
    if (w === undefined) out.push({ kind: 'removed', key, old: view(v) });
    else if (JSON.stringify(view(v)) !== JSON.stringify(view(w)))
      out.push({ kind: 'changed', key, old: view(v), new: view(w) });
  }
  for (const [key, w] of b) if (!a.has(key)) out.push({ kind: 'added', key, new: view(w) });
  return out;
}

function setChanges(a: Set<string> | undefined, b: Set<string> | undefined): SemanticChange[] {
  if (a === undefined || b === undefined) return [];
  return [
    ...[...a].filter((k) => !b.has(k)).map((key) => ({ kind: 'removed' as const, key })),
    ...[...b].filter((k) => !a.has(k)).map((key) => ({ kind: 'added' as const, key })),
  ];
}

/** Leaf differences of two JSON values, keyed by `prefix` + path (`$const.rate`). */
function leafChanges(a: unknown, b: unknown, prefix: string): SemanticChange[] {
  return diffJson(a, b, prefix).map((e) => ({
    kind: e.kind,
    key: e.path,
    ...(e.kind !== 'added' ? { old: e.expected } : {}),
    ...(e.kind !== 'removed' ? { new: e.actual } : {}),
  }));
}

/**
 * The names a library exports, read from its define's last expression when that is a list of string
 * literals (as the compiler writes it); undefined when it cannot be read without running the define.
 */
export function libraryExports(spec: ModelSpec | undefined): Set<string> | undefined {
  if (spec === undefined) return undefined;
  const define = libraryDefine(spec.library);
  if (define === undefined || define.trim() === '') return new Set();
  try {
    let node = compileExpression(define, 'library').ast() as AstNode;
    while (node.type === 'block' && node.expressions && node.expressions.length > 0)
      node = node.expressions[node.expressions.length - 1]!;
    if (node.type !== 'unary' || node.value !== '[' || !node.expressions) return undefined;
    if (!node.expressions.every((e) => e.type === 'string')) return undefined;
    return new Set(node.expressions.map((e) => String(e.value)));
  } catch {
    return undefined;
  }
}

interface AstNode {
  type: string;
  value?: unknown;
  expressions?: AstNode[];
}

function refusalKey(r: { column: string; header: string; reason: string; cell?: string }): string {
  return `column ${r.column} "${r.header}": ${r.reason}${r.cell ? ` (${r.cell})` : ''}`;
}

function warningKey(w: { code: string; cell?: string }): string {
  return `${w.code}${w.cell ? ` at ${w.cell}` : ''}`;
}

function emptyValues(): { changes: SemanticChange[]; omitted: number; errors: SpecDiff['runErrors'] } {
  return { changes: [], omitted: 0, errors: [] };
}

/**
 * The distinct `given`s of both specs' tests (the seed alone, `{}`, when there are none), labelled by the
 * old spec's test numbers (`test 1`), then the new spec's (`new test 2`) for rows only it has.
 */
function testRows(a: ModelSpec, b: ModelSpec): Array<{ label: string; given: Record<string, unknown> }> {
  const seen = new Map<string, { label: string; given: Record<string, unknown> }>();
  const add = (tests: SpecTest[] | undefined, prefix: string) =>
    (tests ?? []).forEach((t, i) => {
      const key = JSON.stringify(t.given ?? {});
      if (!seen.has(key)) seen.set(key, { label: `${prefix}test ${i + 1}`, given: t.given ?? {} });
    });
  add(a.tests, '');
  add(b.tests, 'new ');
  return seen.size > 0 ? [...seen.values()] : [{ label: 'the seed', given: {} }];
}

async function valueChanges(a: ModelSpec, b: ModelSpec, run: RunSpec) {
  const result = emptyValues();
  let count = 0;
  for (const { label, given } of testRows(a, b)) {
    const [x, y] = await Promise.all([run(a, given), run(b, given)]);
    if (!x.ok) result.errors.push({ test: label, side: 'old', message: x.message });
    if (!y.ok) result.errors.push({ test: label, side: 'new', message: y.message });
    if (!x.ok || !y.ok) continue;
    for (const c of leafChanges(x.state, y.state, '$')) {
      count++;
      if (result.changes.length < MAX_VALUE_CHANGES) result.changes.push({ ...c, test: label });
    }
  }
  result.omitted = count - result.changes.length;
  return result;
}

/** What the categories above do not cover: a path diff of the two spec documents, less what they say. */
function otherChanges(
  a: ModelSpec | undefined,
  b: ModelSpec | undefined,
  fields: SemanticChange[],
  fieldsA: Map<string, Field>,
  fieldsB: Map<string, Field>,
): DiffEntry[] {
  if (a === undefined || b === undefined) return [];
  const skip: string[] = ['$.derivations', '$.constants'];
  const typeKeys = ['type', 'anyOf', 'oneOf', 'const', 'enum'];
  for (const f of fields) {
    const at = (fieldsA.get(f.key) ?? fieldsB.get(f.key))!.at;
    if (f.kind === 'changed') skip.push(...typeKeys.map((k) => childPath(at, k)));
    else skip.push(at);
  }
  const covered = (p: string) => skip.some((s) => p === s || p.startsWith(`${s}.`) || p.startsWith(`${s}[`));
  return diffJson(a, b).filter((e) => !covered(e.path));
}

/** Changes to a derivation other than its expression (its description, `evaluation`), by its path. */
function derivationDetails(a: Map<string, Derivation>, b: Map<string, Derivation>): DiffEntry[] {
  const out: DiffEntry[] = [];
  for (const [path, d] of a) {
    const e = b.get(path);
    if (e === undefined) continue;
    const { expr: _x, ...restA } = d;
    const { expr: _y, ...restB } = e;
    out.push(...diffJson(restA, restB, childPath('$.derivations', path)));
  }
  return out;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * A side from a parsed JSON file: a `convert --json` result (`{valid, spec?, rejectedColumns, warnings}`)
 * or a spec (`{id, version, schema, ...}`); undefined when it is neither.
 */
export function sideFromJson(value: unknown): DiffSide | undefined {
  if (!isObject(value)) return undefined;
  if (typeof value.valid === 'boolean') {
    return {
      spec: value.valid && isObject(value.spec) ? (value.spec as unknown as ModelSpec) : undefined,
      outcome: value.valid ? 'valid' : String(value.reason ?? 'refused'),
      refusals: Array.isArray(value.rejectedColumns) ? (value.rejectedColumns as DiffSide['refusals']) : [],
      warnings: Array.isArray(value.warnings) ? (value.warnings as DiffSide['warnings']) : [],
    };
  }
  if (typeof value.id === 'string' && isObject(value.schema)) return { spec: value as unknown as ModelSpec };
  return undefined;
}

const SECTIONS: Array<[keyof SpecDiff & string, string]> = [
  ['outcome', 'outcome'],
  ['fields', 'fields'],
  ['derivations', 'derivations'],
  ['values', "values (both specs run on the tests' rows)"],
  ['constants', 'constants'],
  ['exports', 'library exports'],
  ['refusals', 'refused columns'],
  ['warnings', 'warnings'],
];

/**
 * The diff as people read it: a heading per category that changed, one line per change (`+` added, `-`
 * removed, `~` changed: `old → new`), long strings cut to a window around their first difference.
 */
export function renderSpecDiff(d: SpecDiff, indent = ''): string {
  if (d.equal) return `${indent}no differences\n`;
  const lines: string[] = [];
  for (const [key, title] of SECTIONS) {
    const changes = d[key] as SemanticChange[];
    if (changes.length === 0 && !(key === 'values' && d.runErrors.length > 0)) continue;
    lines.push(`${indent}${title}:`);
    for (const c of changes) lines.push(changeLine(c, `${indent}  `));
    if (key === 'values') {
      if (d.valuesOmitted > 0) lines.push(`${indent}  ... and ${d.valuesOmitted} more`);
      for (const e of d.runErrors)
        lines.push(`${indent}  ! ${e.test}: the ${e.side} spec did not run: ${e.message}`);
    }
  }
  if (d.other.length > 0) {
    lines.push(`${indent}other:`, renderDiff(d.other, { indent: `${indent}  ` }));
  }
  return `${lines.join('\n')}\n`;
}

function changeLine(c: SemanticChange, indent: string): string {
  const where = c.test !== undefined ? `${c.key} (${c.test})` : c.key;
  if (c.kind === 'changed') {
    const [x, y] = showPair(c.old, c.new);
    return `${indent}~ ${where}: ${x} → ${y}`;
  }
  const value = c.kind === 'added' ? c.new : c.old;
  return `${indent}${c.kind === 'added' ? '+' : '-'} ${where}${value !== undefined ? `: ${show(value)}` : ''}`;
}
