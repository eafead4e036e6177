/**
 * One evaluation for the elements that give a `[*]` derivation the same inputs.
 *
 * Why: a derivation is a pure function of what it reads. When its expression reads the element only as
 * `$parent.<field>...` and otherwise only constants (the library, `$const`, literals, root fields outside the
 * array being derived), two elements whose read fields hold equal values give the same result, and JSONata
 * need not be asked twice. A lookup into a 50-row table over 100,000 rows is then 50 evaluations. What a run
 * proves is unchanged: every element's value is still the expression's value on that element's inputs.
 *
 * The analysis is conservative: anything it does not recognise (a node type, a key of a node, a function that
 * reads the clock or the context, `$parent` used whole or rebound, the derived array read from the root)
 * makes the derivation evaluate element by element, as without this module. Only plain results (text,
 * numbers, booleans, null, nothing) are kept, so no object is shared between elements.
 */

/** JSONata's AST, as far as this walk reads it. */
interface Node {
  type: string;
  value?: unknown;
  [key: string]: unknown;
}

/** Functions whose value is not a function of their arguments. */
const IMPURE = new Set(['random', 'now', 'millis', 'eval']);

/**
 * Built-in functions that take the context (`$`) for a missing first argument and accept an object there
 * (jsonata 2.2 signatures `<x-...>`, `<o-...>`, `<(oa)-...>`), with the argument count from which the context
 * is never taken. At the top of an expression the context is the whole document, which changes as elements
 * are derived; the other context-taking built-ins want text or a number there and throw on the document.
 */
const CONTEXT_ARITY: ReadonlyMap<string, number> = new Map([
  ['string', 1],
  ['boolean', 1],
  ['not', 1],
  ['keys', 1],
  ['spread', 1],
  ['clone', 1],
  ['lookup', 2],
  ['sift', 2],
  ['each', 2],
]);

/** The keys each node type may carry (beyond `type`, `value`, `position`); another key refuses the walk. */
const KEYS: Readonly<Record<string, readonly string[]>> = {
  string: [],
  number: [],
  value: [],
  regex: [],
  variable: ['predicate', 'group'],
  name: ['stages'],
  path: ['steps'],
  filter: ['expr'],
  binary: ['lhs', 'rhs'],
  condition: ['condition', 'then', 'else'],
  block: ['expressions'],
  bind: ['lhs', 'rhs'],
  function: ['procedure', 'arguments', 'predicate', 'name'],
  lambda: ['arguments', 'body', 'signature', 'thunk'],
  unary: ['expression', 'expressions', 'lhs', 'predicate'],
  apply: ['lhs', 'rhs'],
};

/** Flags JSONata's parser sets on nodes (`[]` kept arrays, array constructors, tail calls): no sub-nodes. */
const FLAGS = new Set(['keepArray', 'keepSingletonArray', 'consarray', 'thunk']);

/** Where a node is evaluated: against the whole document, or against a value derived from inputs. */
type Context = 'document' | 'local';

class Unsupported extends Error {}

function fail(): never {
  throw new Unsupported();
}

function isNode(x: unknown): x is Node {
  return typeof x === 'object' && x !== null && typeof (x as Node).type === 'string';
}

/** The fields of `$parent` an expression reads, or undefined when its value may depend on anything else. */
export function parentFieldsRead(ast: unknown, ownerRoot: string): string[] | undefined {
  const fields = new Set<string>();

  const visitAll = (list: unknown, ctx: Context) => {
    if (list === undefined) return;
    if (!Array.isArray(list)) fail();
    for (const n of list) visit(n, ctx);
  };

  const visitGroup = (group: unknown) => {
    if (group === undefined) return;
    const pairs = (group as { lhs?: unknown }).lhs;
    if (!Array.isArray(pairs)) fail();
    for (const pair of pairs) {
      if (!Array.isArray(pair) || pair.length !== 2) fail();
      visit(pair[0], 'local');
      visit(pair[1], 'local');
    }
  };

  /** A read of the root: allowed when it cannot reach the array being derived. */
  const rootStep = (step: unknown) => {
    if (!isNode(step) || step.type !== 'name' || step.value === ownerRoot) fail();
  };

  const visitPath = (steps: unknown, ctx: Context) => {
    if (!Array.isArray(steps) || steps.length === 0) fail();
    const head = steps[0];
    if (!isNode(head)) fail();
    let rest = 1;
    if (head.type === 'variable' && head.value === 'parent') {
      const field = steps[1];
      if (!isNode(field) || field.type !== 'name' || typeof field.value !== 'string') fail();
      // JSONata reads a field as a property: an inherited one (`constructor`) is not what the key holds.
      if (field.value in Object.prototype) fail();
      if (head.predicate !== undefined || head.group !== undefined) fail();
      fields.add(field.value);
      visitStep(field, 'local');
      rest = 2;
    } else if (
      head.type === 'variable' &&
      (head.value === '$' || (head.value === '' && ctx === 'document'))
    ) {
      if (head.predicate !== undefined || head.group !== undefined) fail();
      rootStep(steps[1]);
      visitStep(steps[1], 'local');
      rest = 2;
    } else if (head.type === 'name' && ctx === 'document') {
      rootStep(head);
      visitStep(head, 'local');
    } else {
      visit(head, ctx);
    }
    for (let i = rest; i < steps.length; i++) visitStep(steps[i], 'local');
  };

  /** A step after a path's head: a name with its filters, or any expression mapped over the values. */
  const visitStep = (step: unknown, ctx: Context) => {
    if (!isNode(step)) fail();
    if (step.type === 'name') {
      checkKeys(step);
      visitAll(step.stages, 'local');
    } else {
      visit(step, ctx);
    }
  };

  const checkKeys = (n: Node) => {
    const allowed = KEYS[n.type];
    if (allowed === undefined) fail();
    for (const k of Object.keys(n)) {
      if (k === 'type' || k === 'value' || k === 'position' || n[k] === undefined) continue;
      if (FLAGS.has(k) && typeof n[k] === 'boolean') continue;
      if (!allowed.includes(k)) fail();
    }
  };

  const bindsParent = (v: unknown) => isNode(v) && v.type === 'variable' && v.value === 'parent';

  function visit(n: unknown, ctx: Context): void {
    if (!isNode(n)) fail();
    checkKeys(n);
    switch (n.type) {
      case 'string':
      case 'number':
      case 'value':
      case 'regex':
        return;
      case 'variable':
        // `$parent` whole, `$$`/`$` whole at the top: the element or the document itself.
        if (n.value === 'parent' || n.value === '$' || (n.value === '' && ctx === 'document')) fail();
        visitAll(n.predicate, 'local');
        visitGroup(n.group);
        return;
      case 'name':
        if (ctx === 'document') rootStep(n);
        visitAll(n.stages, 'local');
        return;
      case 'path':
        visitPath(n.steps, ctx);
        return;
      case 'filter':
        visit(n.expr, 'local');
        return;
      case 'binary':
      case 'apply':
        visit(n.lhs, ctx);
        visit(n.rhs, ctx);
        return;
      case 'condition':
        visit(n.condition, ctx);
        visit(n.then, ctx);
        if (n.else !== undefined) visit(n.else, ctx);
        return;
      case 'block':
        visitAll(n.expressions, ctx);
        return;
      case 'bind':
        if (bindsParent(n.lhs)) fail();
        visit(n.rhs, ctx);
        return;
      case 'function': {
        const proc = n.procedure;
        if (!isNode(proc)) fail();
        const args = n.arguments;
        if (!Array.isArray(args)) fail();
        if (proc.type === 'variable' && typeof proc.value === 'string') {
          if (IMPURE.has(proc.value)) fail();
          const full = CONTEXT_ARITY.get(proc.value);
          if (ctx === 'document' && full !== undefined && args.length < full) fail();
        }
        visit(proc, ctx);
        visitAll(args, ctx);
        visitAll(n.predicate, 'local');
        return;
      }
      case 'lambda': {
        const params = n.arguments;
        if (!Array.isArray(params) || params.some(bindsParent)) fail();
        // A lambda's `$` is the context where it was written.
        visit(n.body, ctx);
        return;
      }
      case 'unary':
        if (n.value === '-') visit(n.expression, ctx);
        else if (n.value === '[') visitAll(n.expressions, ctx);
        else if (n.value === '{') {
          if (!Array.isArray(n.lhs)) fail();
          for (const pair of n.lhs) {
            if (!Array.isArray(pair) || pair.length !== 2) fail();
            visit(pair[0], ctx);
            visit(pair[1], ctx);
          }
        } else fail();
        visitAll(n.predicate, 'local');
        return;
      default:
        fail();
    }
  }

  try {
    visit(ast, 'document');
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
  return [...fields].sort();
}

/** Does an expression (a library's define) call a function that is not a function of its arguments? */
export function callsImpure(ast: unknown): boolean {
  const seen = (x: unknown): boolean => {
    if (Array.isArray(x)) return x.some(seen);
    if (typeof x !== 'object' || x === null || x instanceof RegExp) return false;
    const n = x as Node;
    if (n.type === 'variable' && typeof n.value === 'string' && IMPURE.has(n.value)) return true;
    return Object.values(n).some(seen);
  };
  return seen(ast);
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
    if (v !== undefined || this.results.has(key)) {
      this.hits++;
      return v;
    }
    if (this.lookups === PROBE && this.hits < PROBE * MIN_HIT_SHARE) {
      this.off = true;
      this.results.clear();
    }
    return MISS;
  }

  set(key: string, value: unknown): void {
    if (this.off || !isPlain(value) || this.results.size >= MAX_ENTRIES) return;
    this.results.set(key, value);
  }
}
