/**
 * One evaluation for the elements that give a `[*]` derivation the same inputs.
 *
 * Why: a derivation is a pure function of what it reads. When its expression reads the element only as
 * `$parent.<field>...` and otherwise only constants (the library, `$const`, literals, root fields outside the
 * array being derived), two elements whose read fields hold equal values give the same result, and JSONata
 * need not be asked twice. A lookup into a 50-row table over 100,000 rows is then 50 evaluations. What a run
 * proves is unchanged: every element's value is still the expression's value on that element's inputs.
 *
 * Anything else (a read of the whole element or document, of a variable holding part of it, of the array being
 * derived; randomness or the clock; `$parent` rebound) makes the derivation evaluate element by element, as
 * without this module. Only plain results (text, numbers, booleans, null, nothing) are kept, so no object is
 * shared between elements.
 */

import { children, expressionReads, type JNode } from './analyze.js';

/** Functions whose value is not a function of their arguments: randomness, the clock, `$eval`. */
const IMPURE = new Set(['random', 'shuffle', 'now', 'millis', 'eval']);

function someNode(ast: JNode, test: (n: JNode) => boolean): boolean {
  if (test(ast)) return true;
  return children(ast).some((c) => someNode(c, test));
}

/** Does the expression name a function that is not a function of its arguments (called or passed)? */
export function callsImpure(ast: JNode): boolean {
  return someNode(ast, (n) => n.type === 'variable' && IMPURE.has(String(n.value)));
}

/** Does the expression bind `$parent` itself (`:=`, a lambda parameter, `@$parent`, `#$parent`)? */
function rebindsParent(ast: JNode): boolean {
  return someNode(
    ast,
    (n) =>
      (n.type === 'bind' && (n.lhs as JNode | undefined)?.value === 'parent') ||
      (n.type === 'lambda' && (n.arguments ?? []).some((a) => a.value === 'parent')) ||
      n.focus === 'parent' ||
      n.index === 'parent',
  );
}

/**
 * The fields of `$parent` a `[*]` derivation's value depends on, or undefined when it may depend on anything
 * else. From what the expression reads (analyze.ts, the analysis that orders derivations, which reads more
 * where unsure): every read is a field of `$parent` or a root field other than the array being derived (no
 * element's derivation changes it), and nothing is random or read from the clock.
 */
export function parentFieldsRead(ast: JNode, ownerRoot: string): string[] | undefined {
  if (callsImpure(ast) || rebindsParent(ast)) return undefined;
  const fields = new Set<string>();
  for (const read of expressionReads(ast)) {
    const first = read.keys[0];
    if (first === undefined) return undefined;
    if (read.base === 'parent') {
      // JSONata reads a field as a property: an inherited one (`constructor`) is not what the key holds.
      if (first in Object.prototype) return undefined;
      fields.add(first);
    } else if (read.base !== 'root' || first === ownerRoot) return undefined;
  }
  return [...fields].sort();
}

/**
 * A text key for a value: equal keys for values no JSONata expression can tell apart, different ones
 * otherwise (0 and -0, a missing field and null, 1 and "1" differ). Undefined for a value that is not
 * plain data (a function), which is then never looked up.
 */
export function valueKey(v: unknown): string | undefined {
  switch (typeof v) {
    case 'undefined':
      return 'u';
    case 'boolean':
      return v ? 't' : 'f';
    case 'number':
      return Object.is(v, -0) ? 'z' : `n${v}`;
    case 'string':
      return `s${v.length}:${v}`;
    case 'object': {
      if (v === null) return 'l';
      if (Array.isArray(v)) {
        let out = `a${v.length}[`;
        for (const x of v) {
          const k = valueKey(x);
          if (k === undefined) return undefined;
          out += `${k},`;
        }
        return `${out}]`;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return undefined;
      let out = '{';
      for (const [key, x] of Object.entries(v)) {
        const k = valueKey(x);
        if (k === undefined) return undefined;
        out += `${key.length}:${key}=${k},`;
      }
      return `${out}}`;
    }
    default:
      return undefined;
  }
}

/** Whether a result may be handed to several elements: plain values only, never a shared object. */
export function isPlain(v: unknown): boolean {
  return v === undefined || v === null || typeof v !== 'object';
}

/** What `RowMemo.get` answers for a key it holds no result for. */
export const MISS: unique symbol = Symbol('miss');

/** Elements tried before judging whether equal inputs repeat often enough to keep looking them up. */
const PROBE = 2048;
/** The share of lookups that must hit after the probe, else the derivation goes element by element. */
const MIN_HIT_SHARE = 0.2;
/** The most results kept per derivation (memory stays bounded on a long table of distinct inputs). */
const MAX_ENTRIES = 65_536;

/** Results of one derivation by the key of its inputs, giving up when the inputs rarely repeat. */
export class RowMemo {
  private readonly results = new Map<string, unknown>();
  private lookups = 0;
  private hits = 0;
  private off = false;

  constructor(private readonly fields: readonly string[]) {}

  /** The key of an element's inputs, or undefined when it must be evaluated on its own. */
  key(owner: Record<string, unknown>): string | undefined {
    // An array element: `$parent.f` maps over it, which the key does not follow.
    if (this.off || Array.isArray(owner)) return undefined;
    let out = '';
    for (const f of this.fields) {
      const k = valueKey(Object.hasOwn(owner, f) ? owner[f] : undefined);
      if (k === undefined) return undefined;
      out += `${k}\u0000`;
    }
    return out;
  }

  /** The result kept for the key, or `MISS`. */
  get(key: string): unknown {
    this.lookups++;
    const v = this.results.get(key);
    const hit = v !== undefined || this.results.has(key);
    if (hit) this.hits++;
    if (this.lookups === PROBE && this.hits < PROBE * MIN_HIT_SHARE) {
      this.off = true;
      this.results.clear();
    }
    return hit ? v : MISS;
  }

  set(key: string, value: unknown): void {
    if (this.off || !isPlain(value) || this.results.size >= MAX_ENTRIES) return;
    this.results.set(key, value);
  }
}
