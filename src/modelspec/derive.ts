/**
 * Computing a spec's derivations over a document: the evaluation core shared by the runtime, the verifier
 * and the tests. Derivations run in the order given (the compiler emits them in dependency order; the
 * runtime orders hand-written specs before calling this). A root derivation is evaluated once. A `[*]`
 * derivation is evaluated for every element with `$parent` bound to it; a result of "nothing" (JSONata
 * undefined) removes the field.
 *
 * Why one evaluation per element: a batch form, `$map($owners, function($parent) { {"v": (<expr>)} })` evaluated
 * once, has the same semantics but measured slower in jsonata 2.2 (100,000 rows, `$parent.price * $parent.qty`:
 * 0.68 s per element, 1.29 s batched; without the wrapper that keeps undefined results aligned, 0.88 s), since
 * each lambda call builds an environment just as `evaluate()` does. The per-element error names the element.
 * Elements that give a derivation the same inputs share one evaluation (row-memo.ts says when that holds).
 */
import type jsonata from 'jsonata';
import { CodedError } from '../codes/index.js';
import {
  type Bindings,
  compileExpression,
  evaluateExpression,
  hasPureBindings,
  hasSyncSafeBindings,
  jsonataError,
  perParentEvaluator,
  specBindings,
} from './bind.js';
import { getAll, type PathSegment, parsePath, setPath } from './paths.js';
import type { JNode } from './analyze.js';
import { MISS, parentFieldsRead, RowMemo } from './row-memo.js';
import { type JsonataFactory, syncJsonata, syncSafe } from './sync.js';
import type { Derivation, LibraryObject } from './types.js';

export interface CompiledDerivation {
  derivation: Derivation;
  /** Segments up to (and including) the last `[*]`, empty for a root derivation. */
  owner: PathSegment[];
  /** Segments from the owner to the target. */
  target: PathSegment[];
  compiled: jsonata.Expression;
  /**
   * For a `[*]` derivation, the element's fields its value depends on alone (row-memo.ts), or undefined
   * when it may depend on anything else and is evaluated for every element.
   */
  reads: string[] | undefined;
  /** Whether it evaluates the same synchronously (sync.ts `syncSafe`). */
  syncSafe: boolean;
}

/** The synchronous jsonata and a spec's bindings made by it (sync.ts), for `computeDerivations`. */
export interface SyncEvaluation {
  factory: JsonataFactory;
  bindings: Bindings;
}

/** Elements of each `[*]` derivation evaluated both ways and compared before the synchronous value is taken. */
const CROSS_CHECK = 16;

/** In this thread so far: elements evaluated synchronously, compared both ways, found different, redone. */
const syncCounts = { sync: 0, compared: 0, different: 0, redone: 0 };

/** This thread's counts of synchronous evaluations (`syncCounts`), for tests and measurements. */
export function syncEvaluationCounts(): typeof syncCounts {
  return { ...syncCounts };
}

/**
 * Element evaluations from which the synchronous jsonata is worth making: it costs about 15 ms of a thread's
 * first use (reading, checking and compiling jsonata's file), and saves about 10 µs an element on the wide bench
 * spec.
 */
export const SYNC_MIN_ELEMENTS = 2_000;

/**
 * The synchronous evaluation of a spec's derivations over about `elements` element evaluations, when there are
 * `SYNC_MIN_ELEMENTS` or more, this thread has the synchronous jsonata and the library evaluates the same with
 * it (sync.ts); undefined otherwise.
 */
export async function syncEvaluation(
  library: LibraryObject | string | undefined,
  constants: Record<string, unknown>,
  elements: number,
): Promise<SyncEvaluation | undefined> {
  if (elements < SYNC_MIN_ELEMENTS) return undefined;
  const factory = syncJsonata();
  if (factory === undefined) return undefined;
  const bindings = await specBindings(library, constants, factory);
  return hasSyncSafeBindings(bindings) ? { factory, bindings } : undefined;
}

export function compileDerivation(d: Derivation): CompiledDerivation {
  const segs = parsePath(d.path);
  let star = -1;
  segs.forEach((s, i) => {
    if ('all' in s) star = i;
  });
  const owner = segs.slice(0, star + 1);
  const target = segs.slice(star + 1);
  if (target.length === 0) throw new CodedError('INVALID_PATH', `derivation path ${d.path} has no target`);
  const compiled = compileExpression(d.expr, `derivation ${d.path}`);
  const root = owner[0];
  const ast = compiled.ast() as JNode;
  const reads = root !== undefined && 'key' in root ? parentFieldsRead(ast, root.key) : undefined;
  return { derivation: d, owner, target, compiled, reads, syncSafe: syncSafe(ast) };
}

function assign(owner: unknown, target: PathSegment[], value: unknown): void {
  if (typeof owner !== 'object' || owner === null) return;
  if (value === undefined && target.length === 1 && 'key' in target[0]) {
    if (!Array.isArray(owner)) delete (owner as Record<string, unknown>)[target[0].key];
    return;
  }
  setPath(owner as Record<string, unknown>, target, value === undefined ? null : value);
}

async function perElement(
  d: CompiledDerivation,
  owners: unknown[],
  doc: Record<string, unknown>,
  bindings: Bindings,
  sync: SyncEvaluation | undefined,
): Promise<void> {
  const evaluate = perParentEvaluator(d.derivation.expr, bindings);
  const fast =
    sync !== undefined && d.syncSafe
      ? perParentEvaluator(d.derivation.expr, sync.bindings, sync.factory)
      : undefined;
  let checks = fast === undefined ? 0 : CROSS_CHECK;
  let useFast = fast !== undefined;
  const memo = d.reads !== undefined && hasPureBindings(bindings) ? new RowMemo(d.reads) : undefined;
  for (let i = 0; i < owners.length; i++) {
    const owner = owners[i] as Record<string, unknown>;
    const key = memo?.key(owner);
    let v: unknown = key === undefined ? MISS : (memo as RowMemo).get(key);
    if (v === MISS) {
      // Synchronously where that evaluates the same (sync.ts); anything it throws, and the first elements
      // (compared with it), asynchronously as the runtime evaluates.
      let fastValue: unknown = MISS;
      if (useFast) {
        try {
          fastValue = (fast as (doc: unknown, parent: unknown) => unknown)(doc, owner);
          syncCounts.sync++;
        } catch {
          fastValue = MISS;
          syncCounts.redone++;
        }
      }
      if (fastValue !== MISS && checks === 0) v = fastValue;
      else {
        try {
          v = await evaluate(doc, owner);
        } catch (e) {
          if (e instanceof CodedError) throw e;
          throw jsonataError(e, `derivation ${d.derivation.path} (element ${i})`);
        }
        if (fastValue !== MISS) {
          checks--;
          syncCounts.compared++;
          if (!sameValue(fastValue, v)) {
            syncCounts.different++;
            useFast = false;
          }
        }
      }
      if (key !== undefined) (memo as RowMemo).set(key, v);
    }
    assign(owner, d.target, v);
  }
}

/**
 * Whether two results are the same value: numbers by `Object.is` (0 and -0 differ), arrays and plain objects
 * by their contents and keys in order, an array's sequence flags too; a function only as itself.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (const flag of ['sequence', 'keepSingleton', 'outerWrapper', 'tupleStream'])
      if ((a as unknown as Record<string, unknown>)[flag] !== (b as unknown as Record<string, unknown>)[flag])
        return false;
    return a.every((x, i) => sameValue(x, b[i]));
  }
  if (Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length || ka.some((k, i) => k !== kb[i])) return false;
  return ka.every((k) => sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Evaluates the derivations in order, mutating `doc` in place; with `sync` (the verifier), a `[*]` derivation
 * that evaluates the same synchronously is evaluated so (sync.ts), its first `CROSS_CHECK` elements both ways.
 */
export async function computeDerivations(
  derivations: readonly CompiledDerivation[],
  doc: Record<string, unknown>,
  bindings: Bindings,
  sync?: SyncEvaluation,
): Promise<void> {
  for (const d of derivations) {
    if (d.owner.length === 0) {
      let v: unknown;
      try {
        v = await evaluateExpression(d.compiled, doc, bindings);
      } catch (e) {
        if (e instanceof CodedError) throw e;
        throw jsonataError(e, `derivation ${d.derivation.path}`);
      }
      assign(doc, d.target, v);
      continue;
    }
    const owners = getAll(doc, d.owner).filter((o) => typeof o === 'object' && o !== null);
    await perElement(d, owners, doc, bindings, sync);
  }
}
