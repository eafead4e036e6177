/**
 * Static analysis of JSONata expressions over the parsed tree (`jsonata(expr).ast()`), for two uses:
 *
 * - **Reads** (`expressionReads`): which document paths an expression may read, so the runtime can order
 *   derivations by dependency. A read is a chain of keys from a base: `root` (`$$.a`, `$.a` or a bare `a`
 *   at the top level, where the context is the document), `parent` (`$parent.x`, the current element of a
 *   `[*]` derivation) or `unknown` (a name inside a predicate after a computed step, a variable holding part
 *   of the document). `any` marks a chain that reads everything below it (`$.items` passed whole, `*`, `**`).
 *   The analysis over-approximates: a false dependency only constrains the order; a missed one would compute
 *   a stale value, so doubtful cases widen the read.
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

/** A read with, for each key, JSONata's position of the name (the end of its token), for findings. */
export interface PositionedRead extends Read {
  positions: (number | undefined)[];
}

/**
 * The context a name is read from. `covered` is the context inside a predicate or stage of a computed value
 * (`[$$.items.x][$type($) = "number"]`): there `$` is an item of that value, whose reads are already counted.
 */
type Ctx = { base: Read['base'] | 'covered'; keys: string[]; at: (number | undefined)[] } | null;
const COVERED: Ctx = { base: 'covered', keys: [], at: [] };

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
        else if (Array.isArray(x)) for (const y of x) if (isNode(y)) out.push(y);
      }
    } else if (k === 'group' && v && typeof v === 'object') {
      for (const pair of (v as { lhs: [JNode, JNode][] }).lhs)
        for (const y of pair) if (isNode(y)) out.push(y);
    }
  }
  return out;
}

/** The document paths an expression may read. */
export function expressionReads(ast: JNode): Read[] {
  return positionedReads(ast).map(({ base, keys, any }) => ({ base, keys, any }));
}

/** `ctx` followed by the name `node`. */
const withKey = (ctx: NonNullable<Ctx>, node: JNode): Ctx => ({
  base: ctx.base,
  keys: [...ctx.keys, String(node.value)],
  at: [...ctx.at, node.position],
});

/** `expressionReads`, with the position of each key read. */
export function positionedReads(ast: JNode): PositionedRead[] {
  const reads: PositionedRead[] = [];
  const root: Ctx = { base: 'root', keys: [], at: [] };
  const parent: Ctx = { base: 'parent', keys: [], at: [] };
  const unknown: Ctx = { base: 'unknown', keys: [], at: [] };
  const push = (ctx: Ctx, any: boolean) => {
    if (ctx === null) reads.push({ base: 'unknown', keys: [], any: true, positions: [] });
    else if (ctx.base !== 'covered')
      reads.push({ base: ctx.base, keys: [...ctx.keys], any, positions: [...ctx.at] });
  };
  const visit = (node: JNode, ctx: Ctx): void => {
    switch (node.type) {
      case 'path':
        visitPath(node, ctx);
        return;
      case 'variable':
        // A bare `$`, `$$` or `$parent` hands the whole (sub)document to something: reads everything below it.
        if (node.value === '') push(ctx, true);
        else if (node.value === '$') push(root, true);
        else if (node.value === 'parent') push(parent, true);
        visitStages(node, ctx);
        return;
      case 'wildcard':
      case 'descendant':
        push(ctx, true);
        return;
      case 'name':
        push(ctx === null ? null : withKey(ctx, node), true);
        visitStages(node, ctx);
        return;
      case 'parent':
        push(null, true);
        return;
      default: {
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
  const visitPath = (node: JNode, outer: Ctx) => {
    let ctx: Ctx = outer;
    const steps = node.steps ?? [];
    steps.forEach((step, i) => {
      if (step.type === 'variable' && i === 0) {
        if (step.value === '') ctx = outer;
        else if (step.value === '$') ctx = root;
        else if (step.value === 'parent') ctx = parent;
        else ctx = unknown;
      } else if (step.type === 'name') {
        ctx = withKey(ctx ?? unknown, step);
      } else if (step.type === 'wildcard' || step.type === 'descendant' || step.type === 'parent') {
        push(ctx, true);
        ctx = null;
      } else {
        // A computed step (a function call, a block, a string literal...): evaluated in the current context;
        // what follows is relative to its result.
        visit(step, ctx);
        ctx = null;
      }
      // Predicates and filters see each item of the chain so far.
      for (const s of [...(step.stages ?? []), ...(step.predicate ?? [])])
        for (const c of children(s)) visit(c, ctx);
      if (step.group) for (const pair of step.group.lhs) for (const y of pair) visit(y, ctx);
    });
    // A path whose last step is a name reads what is below it too (an object or an array of rows).
    push(ctx, true);
  };
  visit(ast, root);
  return reads;
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
