/**
 * Computing a spec's derivations over a document: the evaluation core shared by the runtime, the verifier
 * and the tests. Derivations run in the order given (the compiler emits them in dependency order; the
 * runtime orders hand-written specs before calling this). A `[*]` derivation is evaluated once per element
 * with `$parent` bound to it; a root derivation once. A result of "nothing" (JSONata undefined) removes the
 * field.
 */
import type jsonata from 'jsonata';
import { type Bindings, compileExpression, evaluateExpression, jsonataError, SpecError } from './bind.js';
import { getAll, type PathSegment, parsePath, setPath } from './paths.js';
import type { Derivation } from './types.js';

export interface CompiledDerivation {
  derivation: Derivation;
  /** Segments up to (and including) the last `[*]`, empty for a root derivation. */
  owner: PathSegment[];
  /** Segments from the owner to the target. */
  target: PathSegment[];
  compiled: jsonata.Expression;
}

export function compileDerivation(d: Derivation): CompiledDerivation {
  const segs = parsePath(d.path);
  let star = -1;
  segs.forEach((s, i) => {
    if ('all' in s) star = i;
  });
  return {
    derivation: d,
    owner: segs.slice(0, star + 1),
    target: segs.slice(star + 1),
    compiled: compileExpression(d.expr, `derivation ${d.path}`),
  };
}

function assign(owner: unknown, target: PathSegment[], value: unknown): void {
  if (typeof owner !== 'object' || owner === null) return;
  if (value === undefined && target.length === 1 && 'key' in target[0]) {
    delete (owner as Record<string, unknown>)[target[0].key];
    return;
  }
  setPath(owner as Record<string, unknown>, target, value === undefined ? null : value);
}

/** Evaluates the derivations in order, mutating `doc` in place. */
export async function computeDerivations(
  derivations: readonly CompiledDerivation[],
  doc: Record<string, unknown>,
  bindings: Bindings,
): Promise<void> {
  for (const d of derivations) {
    const owners = d.owner.length === 0 ? [doc] : getAll(doc, d.owner);
    const target = d.owner.length === 0 ? d.target : d.target;
    for (const owner of owners) {
      let v: unknown;
      try {
        v = await evaluateExpression(d.compiled, doc, bindings, d.owner.length === 0 ? undefined : owner);
      } catch (e) {
        if (e instanceof SpecError) throw e;
        throw jsonataError(e, `derivation ${d.derivation.path}`);
      }
      if (target.length === 0) throw new SpecError('INVALID_PATH', `derivation path ${d.derivation.path} has no target`);
      assign(owner, target, v);
    }
  }
}
