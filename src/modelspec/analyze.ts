/**
 * Static analysis of JSONata expressions over the parsed tree (`jsonata(expr).ast()`), for two uses:
 *
 * - **Reads** (`expressionReadSites`, `expressionReads`): which document paths an expression may read, so the
 *   runtime can order derivations by dependency, each with the span of text that reads it (for the cycle
 *   message). A read is a chain of keys from a base: `root` (`$$.a`, `$.a` or a bare `a` at the top level,
 *   where the context is the document), `parent` (`$parent.x`, the current element of a `[*]` derivation) or
 *   `unknown` (a variable holding part of the document, a name after `*`). Every read reads everything below
 *   its chain (`any`). Field-precise over steps: in `$$.items.{"c": category}`, `$$.items.[category, amount]`,
 *   `$$.items.(category = "x" ? amount : 0)` or `$$.items[$.category = "x"].amount` the names (and `$.name`)
 *   inside a step extend the chain so far, so each reads `$$.items.category`, `$$.items.amount`, not the
 *   rows whole; what follows a computed step reads its results, not the document. The analysis
 *   over-approximates where it cannot see: a bare `$`, `$$`, `$parent` or a focus step (`@$r`) reads
 *   everything below its context, so does a built-in taking its context as an omitted argument
 *   (`$$.items.$string()`), `*`, `**` and `%`. A false dependency only constrains the order (or reports a
 *   false cycle); a missed one would compute a stale value.
 * - **Calls and document references** (`expressionCalls`, `documentRefs`): every `$name(...)` call with
 *   whether `name` is bound in scope (lambda parameters, block variables, `@$x`/`#$i` step variables), and
 *   every reference to the document (`$`, `$$`, `*`, `**`) for the library rules.
 *
 * Library calls add no reads of their own: a library computes only from its arguments and `$const`.
 */

export interface JNode {
  type: string;
  value?: unknown;
  position?: number;
  steps?: JNode[];
  stages?: JNode[];
  predicate?: JNode[];
  expressions?: JNode[];
  arguments?: JNode[];
  procedure?: JNode;
  body?: JNode;
  lhs?: JNode | JNode[];
  rhs?: JNode;
  expr?: JNode;
  focus?: string;
  index?: string;
  tuple?: boolean;
  group?: { lhs: [JNode, JNode][]; position?: number };
  [k: string]: unknown;
}

export interface Read {
  base: 'root' | 'parent' | 'unknown';
  keys: string[];
  /** Reads everything below `keys`. */
  any: boolean;
}

/** A read with the span of the expression text that makes it (UTF-16 offsets, `end` exclusive). */
export interface ReadSite {
  read: Read;
  start?: number;
  end?: number;
}

/**
 * The context a name is read from, with the span of the text that led there. `covered` is the context after
 * a computed value (`$$.items.{"c": category}`, `$f(x)`, a predicate on `[...]`): its items are values
 * whose reads are already counted where they were computed, so names read from them are not document reads.
 * That is sound because every expression that hands on part of the document (a path, `$`, `$$`, `$parent`,
 * a focus variable, a call taking its context) is itself counted as reading everything below it.
 */
type Ctx = { base: Read['base'] | 'covered'; keys: string[]; start?: number; end?: number } | null;
const COVERED: Ctx = { base: 'covered', keys: [] };

function isNode(x: unknown): x is JNode {
  return typeof x === 'object' && x !== null && typeof (x as JNode).type === 'string';
}

/** Child nodes of a node, in a stable order (every property holding a node or an array of nodes). */
export function children(node: JNode): JNode[] {
  const out: JNode[] = [];
  for (const [k, v] of Object.entries(node)) {
    if (k === 'procedure' && node.type === 'function') {
      out.push(v as JNode);
      continue;
    }
    if (isNode(v)) out.push(v);
    else if (Array.isArray(v)) {
      for (const x of v) {
        if (isNode(x)) out.push(x);
        else if (Array.isArray(x)) {
          for (const y of x) if (isNode(y)) out.push(y);
        } else if (k === 'terms' && isNode((x as { expression?: unknown })?.expression)) {
          // A sort's terms: `{descending, expression}`.
          out.push((x as { expression: JNode }).expression);
        }
      }
    } else if (k === 'group' && v && typeof v === 'object') {
      for (const pair of (v as { lhs: [JNode, JNode][] }).lhs)
        for (const y of pair) if (isNode(y)) out.push(y);
    }
  }
  return out;
}

/**
 * Built-ins that take their context as an omitted first argument (`<s-...>` signatures), with the most
 * arguments a call may have and still take it: `$substring(1)` is `$substring($, 1)`, `$string()` is
 * `$string($)`. `object` marks those whose context may be an object or array (`x-`, `o-`); the others take a
 * string or number, which the document or a row (an object) never is: such a call would fail, not read.
 */
const CONTEXT_BUILTINS: ReadonlyMap<string, { maxArgs: number; object: boolean }> = new Map(
  (
    'string:0:o substring:2 substringBefore:1 substringAfter:1 lowercase:0 uppercase:0 length:0 trim:0 pad:2 ' +
    'match:2 contains:1 replace:3 split:2 formatNumber:2 formatBase:0 formatInteger:1 parseInteger:1 number:0 ' +
    'floor:0 ceil:0 round:0 abs:0 sqrt:0 power:1 boolean:0:o not:0:o sift:1:o keys:0:o lookup:1:o spread:0:o ' +
    'each:1:o base64encode:0 base64decode:0 encodeUrlComponent:0 encodeUrl:0 decodeUrlComponent:0 ' +
    'decodeUrl:0 toMillis:0 fromMillis:2 clone:0:o'
  )
    .split(' ')
    .map((e) => {
      const [name, n, o] = e.split(':');
      return [name, { maxArgs: Number(n), object: o === 'o' }];
    }),
);

/** Does this call possibly take its context (`ctx`) as an omitted argument? */
function takesContext(node: JNode, ctx: Ctx): boolean {
  if (node.procedure?.type !== 'variable') return false;
  const c = CONTEXT_BUILTINS.get(String(node.procedure.value));
  if (!c || (node.arguments ?? []).length > c.maxArgs) return false;
  return c.object || ctx === null || ctx.base === 'unknown' || ctx.keys.length > 0;
}

/** Where the text of a step token starts, from its end `position` (names may be backquoted). */
function tokenStart(step: JNode, source: string | undefined): number | undefined {
  if (typeof step.position !== 'number') return undefined;
  const v = String(step.value ?? '');
  if (step.type === 'variable') return step.position - 1 - v.length;
  if (step.type === 'name') return step.position - v.length - (source?.[step.position - 1] === '`' ? 2 : 0);
  return step.position - 1;
}

/** The document paths an expression may read. */
export function expressionReads(ast: JNode): Read[] {
  return expressionReadSites(ast).map((s) => s.read);
}

/** The document paths an expression may read, each with the span that reads it (`source` refines spans). */
export function expressionReadSites(ast: JNode, source?: string): ReadSite[] {
  const sites: ReadSite[] = [];
  const root: Ctx = { base: 'root', keys: [] };
  const span = (ctx: Ctx, node?: JNode) => {
    const own = node ? tokenStart(node, source) : undefined;
    const start = ctx?.start ?? own;
    const end = typeof node?.position === 'number' ? node.position : ctx?.end;
    return { ...(start === undefined ? {} : { start }), ...(end === undefined ? {} : { end }) };
  };
  const push = (ctx: Ctx, at?: JNode) => {
    if (ctx === null) sites.push({ read: { base: 'unknown', keys: [], any: true }, ...span(ctx, at) });
    else if (ctx.base !== 'covered')
      sites.push({ read: { base: ctx.base, keys: [...ctx.keys], any: true }, ...span(ctx, at) });
  };
  const extend = (ctx: Ctx, step: JNode): Ctx => {
    const key = String(step.value);
    const start = ctx?.start ?? tokenStart(step, source);
    if (ctx === null) return { base: 'unknown', keys: [key], start, end: step.position };
    return { base: ctx.base, keys: [...ctx.keys, key], start, end: step.position };
  };
  const base = (step: JNode, outer: Ctx): Ctx => {
    const at = { start: tokenStart(step, source), end: step.position };
    if (step.value === '') return outer === null || outer.base === 'covered' ? outer : { ...outer, ...at };
    if (step.value === '$') return { base: 'root', keys: [], ...at };
    if (step.value === 'parent') return { base: 'parent', keys: [], ...at };
    if (step.value === 'const') return COVERED;
    return { base: 'unknown', keys: [], ...at };
  };
  const visit = (node: JNode, ctx: Ctx): void => {
    switch (node.type) {
      case 'path':
        visitPath(node, ctx);
        return;
      case 'variable':
        // A bare `$`, `$$` or `$parent` hands the whole (sub)document to something: reads everything below it.
        if (node.value === '' || node.value === '$' || node.value === 'parent') push(base(node, ctx), node);
        visitStages(node, ctx);
        return;
      case 'wildcard':
      case 'descendant':
        push(ctx, node);
        return;
      case 'name':
        push(extend(ctx, node), node);
        visitStages(node, ctx);
        return;
      case 'parent':
        push(null, node);
        return;
      default: {
        if (node.type === 'function' && takesContext(node, ctx)) push(ctx, node);
        // Predicates and stages of a computed value (an array constructor, a call) see that value's items.
        const scoped = new Set([...(node.stages ?? []), ...(node.predicate ?? [])]);
        for (const c of children(node)) visit(c, scoped.has(c) ? COVERED : ctx);
      }
    }
  };
  const visitStages = (node: JNode, ctx: Ctx) => {
    for (const s of [...(node.stages ?? []), ...(node.predicate ?? [])])
      for (const c of children(s)) visit(c, ctx);
  };
  const visitStep = (step: JNode, i: number, ctx: Ctx): Ctx => {
    if (step.type === 'variable' && i === 0) return base(step, ctx);
    if (step.type === 'name') return extend(ctx, step);
    if (step.type === 'wildcard' || step.type === 'descendant') {
      push(ctx, step);
      return null;
    }
    if (step.type === 'parent') {
      push(null, step);
      return null;
    }
    if (step.type === 'sort') {
      // Reorders the items it is given: the terms read each item, and the chain goes on over the same items.
      for (const c of children(step)) visit(c, ctx);
      return ctx;
    }
    // A computed step (a constructor, a block, a call, `$`, a literal...): evaluated for each item of the
    // chain so far; what follows reads its results.
    visit({ ...step, stages: undefined, predicate: undefined, group: undefined }, ctx);
    return COVERED;
  };
  const visitPath = (node: JNode, outer: Ctx) => {
    let ctx: Ctx = outer;
    let grouped = false;
    (node.steps ?? []).forEach((step, i) => {
      const before = ctx;
      ctx = visitStep(step, i, ctx);
      // Predicates and filters see each item of the chain so far.
      for (const s of [...(step.stages ?? []), ...(step.predicate ?? [])])
        for (const c of children(s)) visit(c, ctx);
      if (step.group) {
        for (const pair of step.group.lhs) for (const y of pair) visit(y, ctx);
        grouped = true;
      }
      if (typeof step.focus === 'string') {
        // `@$v` binds each item to `$v` (which can hand the whole item on) and keeps the context as it was.
        push(ctx, step);
        ctx = before;
      }
    });
    if (node.group) {
      // `items{key: value}` builds new objects from the key and value expressions, evaluated over the items.
      for (const pair of node.group.lhs) for (const y of pair) visit(y, ctx);
      grouped = true;
    }
    // A path ending in a name reads what is below it too (an object or an array of rows).
    if (!grouped) push(ctx);
  };
  visit(ast, root);
  return sites;
}

/** Does a read (made by an expression whose `$parent` is at `ownerKeys`) possibly see the value at `target`? */
export function readTouches(
  read: Read,
  ownerKeys: readonly string[] | null,
  target: readonly string[],
): boolean {
  let keys: string[];
  if (read.base === 'parent') {
    if (ownerKeys === null) return false;
    keys = [...ownerKeys, ...read.keys];
  } else keys = read.keys;
  if (read.base === 'unknown') {
    if (keys.length === 0) return true;
    for (let i = 0; i + keys.length <= target.length; i++) {
      if (keys.every((k, j) => target[i + j] === k)) return true;
    }
    // A chain that starts inside the target's path and runs past its end.
    for (let i = 0; i < target.length; i++) {
      const tail = target.slice(i);
      if (tail.every((k, j) => keys[j] === k)) return true;
    }
    return false;
  }
  const n = Math.min(keys.length, target.length);
  for (let i = 0; i < n; i++) if (keys[i] !== target[i]) return false;
  return keys.length <= target.length ? read.any || keys.length === target.length : true;
}

export interface CallSite {
  name: string;
  position?: number;
  /** Bound by a lambda parameter, a block variable or a step variable in scope. */
  local: boolean;
}

/** Variables bound in a frame (a block or a lambda body), not descending into nested frames. */
function frameBinds(node: JNode, out: Set<string>): void {
  for (const c of children(node)) {
    if (c.type === 'bind') {
      const lhs = c.lhs as JNode;
      if (lhs?.type === 'variable') out.add(String(lhs.value));
    }
    if (c.type === 'block' || c.type === 'lambda') continue;
    frameBinds(c, out);
  }
}

function stepVariables(node: JNode, out: Set<string>): void {
  if (typeof node.focus === 'string') out.add(node.focus);
  if (typeof node.index === 'string') out.add(node.index);
  for (const c of children(node)) stepVariables(c, out);
}

/** Every `$name(...)` call (and `~> $name`) in the expression, with whether the name is bound locally. */
export function expressionCalls(ast: JNode): CallSite[] {
  const out: CallSite[] = [];
  const stepVars = new Set<string>();
  stepVariables(ast, stepVars);
  const top = new Set<string>(stepVars);
  frameBinds({ type: 'block', expressions: [ast] }, top);
  const visit = (node: JNode, scope: Set<string>) => {
    let inner = scope;
    if (node.type === 'block') {
      inner = new Set(scope);
      frameBinds(node, inner);
    } else if (node.type === 'lambda') {
      inner = new Set(scope);
      for (const a of node.arguments ?? []) inner.add(String(a.value));
      if (node.body) frameBinds({ type: 'block', expressions: [node.body] }, inner);
    }
    if ((node.type === 'function' || node.type === 'partial') && node.procedure?.type === 'variable') {
      const name = String(node.procedure.value);
      out.push({ name, position: node.procedure.position, local: inner.has(name) });
    }
    if (node.type === 'apply' && isNode(node.rhs) && node.rhs.type === 'variable') {
      const name = String(node.rhs.value);
      out.push({ name, position: node.rhs.position, local: inner.has(name) });
    }
    for (const c of children(node)) {
      if (node.type === 'lambda' && (node.arguments ?? []).includes(c)) continue;
      if ((node.type === 'function' || node.type === 'partial') && c === node.procedure) continue;
      visit(c, inner);
    }
  };
  visit(ast, top);
  return out;
}

export interface DocRef {
  what: '$' | '$$' | '*' | '**' | '%';
  position?: number;
}

/**
 * References to the document: `$`, `$$`, `*`, `**`, `%` (for the rule that a library must not read it). A `$`,
 * `*` or `**` inside a predicate (`$l[$type($) = "object"]`), a later path step (`$l.($ * 2)`) or a sort term
 * refers to the current item, not the document, and is not one.
 */
export function documentRefs(ast: JNode): DocRef[] {
  const out: DocRef[] = [];
  const visit = (node: JNode, local: boolean) => {
    if (node.type === 'variable' && node.value === '$') out.push({ what: '$$', position: node.position });
    else if (!local && node.type === 'variable' && node.value === '')
      out.push({ what: '$', position: node.position });
    else if (!local && node.type === 'wildcard') out.push({ what: '*', position: node.position });
    else if (!local && node.type === 'descendant') out.push({ what: '**', position: node.position });
    else if (node.type === 'parent') out.push({ what: '%', position: node.position });
    if (node.type === 'path') {
      (node.steps ?? []).forEach((step, i) => {
        visitStep(step, local || i > 0);
      });
      return;
    }
    if (node.type === 'sort' || node.type === 'filter') {
      for (const c of children(node)) visit(c, true);
      return;
    }
    visitStep(node, local, true);
  };
  // A node's own children in its context; its predicates and stages in the item's context.
  const visitStep = (node: JNode, local: boolean, childrenOnly = false) => {
    if (!childrenOnly) {
      visit({ ...node, stages: undefined, predicate: undefined, group: undefined }, local);
    } else {
      for (const c of children({ ...node, stages: undefined, predicate: undefined, group: undefined }))
        visit(c, local);
    }
    for (const s of [...(node.stages ?? []), ...(node.predicate ?? [])]) visit(s, true);
    if (node.group) for (const pair of node.group.lhs) for (const y of pair) visit(y, true);
  };
  visit(ast, false);
  return out;
}

/** The `$` variables an expression reads (not calls), e.g. `$const`, `$parent`, lambda parameters. */
export function variableNames(ast: JNode): Set<string> {
  const out = new Set<string>();
  const visit = (node: JNode) => {
    if (node.type === 'variable' && typeof node.value === 'string') out.add(node.value);
    for (const c of children(node)) visit(c);
  };
  visit(ast);
  return out;
}

/** JSONata 2.x built-in function names. */
export const JSONATA_BUILTINS: ReadonlySet<string> = new Set(
  (
    'sum count max min average string substring substringBefore substringAfter lowercase uppercase length trim ' +
    'pad match contains replace split join formatNumber formatBase formatInteger parseInteger number floor ceil ' +
    'round abs sqrt power random boolean not map zip filter single reduce sift keys lookup append exists spread ' +
    'merge reverse each error assert type sort shuffle distinct base64encode base64decode encodeUrlComponent ' +
    'encodeUrl decodeUrlComponent decodeUrl eval toMillis fromMillis clone now millis'
  ).split(' '),
);

/** How many times each `$name` is read or called, not counting the left side of `:=`. */
export function variableUses(ast: JNode): Map<string, number> {
  const out = new Map<string, number>();
  const visit = (node: JNode) => {
    if (node.type === 'variable' && typeof node.value === 'string')
      out.set(node.value, (out.get(node.value) ?? 0) + 1);
    for (const c of children(node)) {
      if (node.type === 'bind' && c === node.lhs) continue;
      visit(c);
    }
  };
  visit(ast);
  return out;
}
