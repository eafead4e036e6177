/**
 * The ModelSpec runtime: one call = one fresh, isolated run (nothing is cached or shared between calls).
 *
 * 1. The state is the caller's (deep-copied) or the seed: the `$` default value's expression evaluated.
 * 2. Mutations (`{"$.items[0].qty": 3}`) are applied; a `[*]` in a mutation path sets every element.
 * 3. Other default values fill paths that are still missing (`[*]` ones per element, with `$parent`).
 * 4. The document is validated against the spec's `schema` → `Schema violation` (the state is unchanged).
 * 5. Derivations run in dependency order (order.ts), `[*]` ones per element (derive.ts).
 * 6. Constraints: a constraint holds unless its expression gives `false` (or another JSONata-falsy value:
 *    0, "", null, an empty array); a missing result holds. `rollback` violations → `Constraint violation`
 *    with the state unchanged; `flag` violations are reported in `flaggedConstraints`.
 * 7. Meta derivations give meta values per concrete path (`{"$.items[0].qty": {"required": true}}`).
 * 8. With `checkDerived` (what `testSpec` asks), the computed document is validated against the schema
 *    again, so a derived value the schema does not allow (an error object in a `type: number` field) is
 *    reported in `derivedViolations`.
 *
 * `lazy` derivations are computed like eager ones: a one-shot run has no later read to defer to.
 */
import type jsonata from 'jsonata';
import { CodedError } from '../codes/index.js';
import { type Bindings, compileExpression, evaluateExpression, jsonataError, specBindings } from './bind.js';
import { compileDerivation, computeDerivations } from './derive.js';
import { orderDerivations } from './order.js';
import { formatPath, getAll, type PathSegment, parsePath, setPath } from './paths.js';
import { documentValidator, instancePathToCanonical } from './schema.js';
import type { ModelSpec } from './types.js';

export interface RunOptions {
  /** The state to start from; by default the document the spec's `$` default value seeds. */
  state?: Record<string, unknown>;
  /** Canonical path → value, applied before validation and derivation. */
  mutations?: Record<string, unknown>;
  /** Also validate the document after the derivations, into `derivedViolations` (what tests check). */
  checkDerived?: boolean;
}

export interface SchemaViolation {
  path: string;
  keyword: string;
  message: string;
}

export interface ConstraintViolation {
  constraintId: string;
  message: string;
  policy: 'rollback' | 'flag';
  /** The concrete path of the element that violated it, for a `[*]` constraint. */
  path?: string;
}

export interface RunSuccess {
  ok: true;
  state: Record<string, unknown>;
  /** Derivation paths (as declared) whose value changed somewhere. */
  derivedUpdated: string[];
  /** `<concrete path>#<property>` of every meta value computed. */
  metaUpdated: string[];
  /** Concrete path → meta property → value. */
  meta: Record<string, Record<string, unknown>>;
  flaggedConstraints: ConstraintViolation[];
  /**
   * With `checkDerived`: where the computed document violates the schema (the input was valid, so each is a
   * derived value, or a field a derivation removed), one per path.
   */
  derivedViolations?: SchemaViolation[];
}

export interface RunFailure {
  ok: false;
  error: 'Schema violation' | 'Constraint violation';
  violations: SchemaViolation[] | ConstraintViolation[];
  /** The state as it was before the mutations. */
  state: Record<string, unknown>;
}

export type RunResult = RunSuccess | RunFailure;

const MAX_SCHEMA_VIOLATIONS = 100;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** JSONata's boolean cast, for constraint results. */
function truthy(v: unknown): boolean {
  if (v === undefined) return true;
  if (Array.isArray(v)) return v.some(truthy) && v.length > 0;
  return v !== false && v !== 0 && v !== '' && v !== null;
}

async function evaluate(
  compiled: jsonata.Expression,
  doc: unknown,
  bindings: Bindings,
  what: string,
  parent?: unknown,
): Promise<unknown> {
  try {
    return await evaluateExpression(compiled, doc, bindings, parent);
  } catch (e) {
    if (e instanceof CodedError) throw e;
    throw jsonataError(e, what);
  }
}

/** Splits a path at its last `[*]`: the owners (concrete paths) and the segments after. */
function owners(doc: unknown, segs: PathSegment[]): { owner: unknown; path: PathSegment[] }[] {
  let star = -1;
  segs.forEach((s, i) => {
    if ('all' in s) star = i;
  });
  if (star < 0) return [{ owner: undefined, path: [] }];
  // Expand `[*]` into concrete indexes so each owner has a concrete path.
  let cur: { value: unknown; path: PathSegment[] }[] = [{ value: doc, path: [] }];
  for (const seg of segs.slice(0, star + 1)) {
    const next: typeof cur = [];
    for (const c of cur) {
      if ('all' in seg) {
        if (Array.isArray(c.value))
          c.value.forEach((v, i) => {
            next.push({ value: v, path: [...c.path, { index: i }] });
          });
      } else {
        const [v] = getAll(c.value, [seg]);
        if (v !== undefined) next.push({ value: v, path: [...c.path, seg] });
      }
    }
    cur = next;
  }
  return cur.map((c) => ({ owner: c.value, path: c.path }));
}

/** The concrete paths a (possibly `[*]`) path designates in the document, with the owner for `$parent`. */
function expand(doc: unknown, path: string): { concrete: PathSegment[]; parent: unknown }[] {
  const segs = parsePath(path);
  let star = -1;
  segs.forEach((s, i) => {
    if ('all' in s) star = i;
  });
  if (star < 0) return [{ concrete: segs, parent: undefined }];
  const rest = segs.slice(star + 1);
  return owners(doc, segs).map((o) => ({ concrete: [...o.path, ...rest], parent: o.owner }));
}

/** Applies mutations to a document in place (exported for dry runs and tests). */
export function applyMutations(
  doc: Record<string, unknown>,
  mutations: Record<string, unknown>,
): Record<string, unknown> {
  let out = doc;
  for (const [path, value] of Object.entries(mutations)) {
    const segs = parsePath(path);
    if (segs.length === 0) {
      if (!isPlainObject(value))
        throw new CodedError('INVALID_MUTATION', 'a mutation of "$" must be an object');
      out = structuredClone(value);
      continue;
    }
    for (const { concrete } of expand(out, path)) setPath(out, concrete, structuredClone(value));
  }
  return out;
}

/** The state a spec starts from: its `$` default value evaluated (an empty object when it has none). */
export async function seedState(spec: ModelSpec, bindings?: Bindings): Promise<Record<string, unknown>> {
  const b = bindings ?? (await specBindings(spec.library, spec.constants ?? {}));
  const seed = (spec.defaultValues ?? []).find((d) => d.path === '$');
  if (!seed) return {};
  const v = await evaluate(compileExpression(seed.expr, 'defaultValues $'), {}, b, 'defaultValues $');
  if (!isPlainObject(v))
    throw new CodedError('INVALID_SEED', 'the "$" default value must evaluate to an object');
  return v;
}

async function applyDefaults(
  spec: ModelSpec,
  doc: Record<string, unknown>,
  bindings: Bindings,
): Promise<void> {
  for (const d of spec.defaultValues ?? []) {
    if (d.path === '$') continue;
    const compiled = compileExpression(d.expr, `defaultValues ${d.path}`);
    for (const { concrete, parent } of expand(doc, d.path)) {
      if (getAll(doc, concrete).length > 0) continue;
      const v = await evaluate(compiled, doc, bindings, `defaultValues ${d.path}`, parent);
      if (v !== undefined) setPath(doc, concrete, v);
    }
  }
}

function compileSchema(schema: Record<string, unknown>): ReturnType<typeof documentValidator> {
  try {
    return documentValidator(schema);
  } catch (e) {
    throw new CodedError('SCHEMA_INVALID', `the spec's schema does not compile: ${(e as Error).message}`);
  }
}

function violations(validate: ReturnType<typeof documentValidator>, doc: unknown): SchemaViolation[] {
  if (validate(doc)) return [];
  return (validate.errors ?? []).slice(0, MAX_SCHEMA_VIOLATIONS).map((e) => ({
    path: instancePathToCanonical(e.instancePath),
    keyword: e.keyword,
    message: e.message ?? e.keyword,
  }));
}

/** The first violation at each path. */
function onePerPath(list: SchemaViolation[]): SchemaViolation[] {
  const seen = new Set<string>();
  return list.filter((v) => !seen.has(v.path) && seen.add(v.path));
}

function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Runs a spec once: see the header for the steps. Throws CodedError for a broken spec (bad expression, cycle). */
export async function runModel(spec: ModelSpec, options: RunOptions = {}): Promise<RunResult> {
  const bindings = await specBindings(spec.library, spec.constants ?? {});
  const initial =
    options.state !== undefined ? structuredClone(options.state) : await seedState(spec, bindings);
  if (!isPlainObject(initial)) throw new CodedError('INVALID_STATE', 'the state must be an object');
  const before = structuredClone(initial);
  const doc = applyMutations(initial, options.mutations ?? {});
  await applyDefaults(spec, doc, bindings);

  const validate = compileSchema(spec.schema ?? {});
  const schemaViolations = violations(validate, doc);
  if (schemaViolations.length > 0) {
    return { ok: false, error: 'Schema violation', violations: schemaViolations, state: before };
  }

  const derivations = spec.derivations ?? [];
  const compiled = derivations.map(compileDerivation);
  const order = orderDerivations(
    derivations,
    compiled.map((c) => c.compiled),
  );
  const targets = derivations.map((d) => parsePath(d.path));
  const old = targets.map((t) => getAll(doc, t));
  await computeDerivations(
    order.map((i) => compiled[i]),
    doc,
    bindings,
  );
  const derivedUpdated: string[] = [];
  targets.forEach((t, i) => {
    const now = getAll(doc, t);
    if (now.length !== old[i].length || now.some((v, k) => !sameJson(v, old[i][k])))
      derivedUpdated.push(derivations[i].path);
  });

  const rollback: ConstraintViolation[] = [];
  const flagged: ConstraintViolation[] = [];
  for (const c of spec.constraints ?? []) {
    const what = `constraint ${c.id}`;
    const expr = compileExpression(c.expr, what);
    const places = c.path ? expand(doc, c.path) : [{ concrete: [] as PathSegment[], parent: undefined }];
    for (const { concrete, parent } of places) {
      const v = await evaluate(expr, doc, bindings, what, parent);
      if (truthy(v)) continue;
      const violation: ConstraintViolation = { constraintId: c.id, message: c.message, policy: c.policy };
      if (c.path) violation.path = formatPath(concrete);
      (c.policy === 'rollback' ? rollback : flagged).push(violation);
    }
  }
  if (rollback.length > 0)
    return { ok: false, error: 'Constraint violation', violations: rollback, state: before };

  const meta: Record<string, Record<string, unknown>> = Object.create(null);
  const metaUpdated: string[] = [];
  for (const m of spec.metaDerivations ?? []) {
    const what = `metaDerivation ${m.path} ${m.property}`;
    const expr = compileExpression(m.expr, what);
    for (const { concrete, parent } of expand(doc, m.path)) {
      const v = await evaluate(expr, doc, bindings, what, parent);
      const key = formatPath(concrete);
      meta[key] ??= Object.create(null);
      Object.defineProperty(meta[key], m.property, {
        value: v ?? null,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      metaUpdated.push(`${key}#${m.property}`);
    }
  }
  const success: RunSuccess = {
    ok: true,
    state: doc,
    derivedUpdated,
    metaUpdated,
    meta,
    flaggedConstraints: flagged,
  };
  if (options.checkDerived) success.derivedViolations = onePerPath(violations(validate, doc));
  return success;
}
