/**
 * JSONata evaluated without a promise per node, for the verifier's derivations.
 *
 * Why: jsonata 2.2 is asynchronous throughout: every node it evaluates is an `async` call awaited by its parent,
 * so a promise and a suspended frame per node. Over the wide bench spec the same derivations took 970 ms
 * synchronously against 1,880 ms (10,000 rows, median of five, identical output; `.scratch` experiment noted in
 * docs/performance.md), and they are most of the conversion thread at 100,000 rows.
 *
 * What it is: jsonata's own file, the one `import jsonata from 'jsonata'` loads, read at first use and made
 * synchronous by removing `async` and `await` (`makeSynchronous`): the same parser, the same evaluator, the same
 * built-in functions, the same errors. Only the file it was written against is transformed (its SHA-256 is
 * pinned, and every edit is counted); any other file leaves `syncJsonata()` undefined and everything
 * asynchronous as before.
 *
 * Where the two differ, and why that is excluded:
 * - **Siblings evaluated together.** jsonata evaluates an array constructor's items and an object
 *   constructor's values with `Promise.all`: their steps interleave at each `await`, so an item that binds a
 *   variable in the frame they share (`[$x := 1, $x]`) is seen by a sibling or not depending on how many steps
 *   each took; synchronously they run in order. `syncSafe` admits an expression only if no such item binds a
 *   variable outside a block or a lambda of its own (each has its own frame).
 * - **A function that returns a promise** (a JavaScript function in the bindings) would be awaited; the
 *   synchronous copy throws instead, and the caller evaluates asynchronously.
 * - **Deep recursion** runs on the JavaScript stack and may overflow where the asynchronous one does not: it
 *   throws, and the caller evaluates asynchronously.
 * Anything that throws is redone asynchronously (the error reported is always jsonata's own), and the
 * verifier also evaluates each derivation's first elements both ways and compares (derive.ts `crossCheck`).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type jsonata from 'jsonata';
import { children, type JNode } from './analyze.js';

export type JsonataFactory = typeof jsonata;

/** The SHA-256 of jsonata 2.2.2's jsonata.js, the file `makeSynchronous` was written against. */
const PINNED = '9c2a35f4d895797f123f65c7f9a4ce16b3a295d209e0f3f225a0c3bae1bd9049';

/** A promise met where the asynchronous evaluator would await it. */
const PROMISE_MET = 'jsonata-sync: a function returned a promise';

/** A symbol given to `assign` or `registerFunction` of the synchronous copy (see `makeSynchronous`, edit 4). */
const SYMBOL_NAME = 'jsonata-sync: a symbol cannot name a binding';

/** `text` with `from` replaced `count` times exactly, else undefined. */
function replaceCounted(text: string | undefined, from: string | RegExp, to: string, count: number) {
  if (text === undefined) return undefined;
  let n = 0;
  const pattern =
    typeof from === 'string' ? new RegExp(from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'g') : from;
  const out = text.replace(pattern, (...m) => {
    n++;
    return to.replace(/\$(\d)/g, (_, i: string) => String(m[Number(i)]));
  });
  return n === count ? out : undefined;
}

/**
 * jsonata.js (the pinned file) made synchronous, or undefined when any edit does not apply exactly as counted:
 * 1. the two `await Promise.all(list.map(async ...))` become the list itself (items evaluated in order);
 * 2. the five `if (isPromise(x)) { x = await x; }` throw instead (a promise cannot be waited for);
 * 3. `async` is removed from the 43 function declarations and the remaining arrow function, and `await`
 *    from the 96 remaining expressions (and twice from a comment); the frame's `async` flag is all that is left;
 * 4. the three debugging hooks looked up in every node's evaluation (`jsonata.__evaluate_entry`, `__evaluate_exit`)
 *    and every new frame (`__createFrame_push`) are undefined, and `assign` and `registerFunction` refuse a
 *    symbol for a name. A hook is found only where a frame binds its symbol, and in this file every other
 *    binding is by a string (the bindings' `Object.keys`, the parser's variable and parameter names, a tuple's
 *    keys), so each lookup walked every frame up to the root to find nothing. Without them a batch process's
 *    50 conversions took 12.2-12.8 s against 13.6-13.8 s (docs/performance.md, session 14).
 */
export function makeSynchronous(source: string): string | undefined {
  let s: string | undefined = source;
  s = replaceCounted(
    s,
    'await Promise.all(expr.expressions\n                    .map(async (item, idx) => {',
    '(expr.expressions\n                    .map((item, idx) => {',
    1,
  );
  s = replaceCounted(
    s,
    'await Promise.all(utils.keys(groups).map(async (key, idx) => {',
    '(utils.keys(groups).map((key, idx) => {',
    1,
  );
  s = replaceCounted(
    s,
    /(if ?\(isPromise\((\w+)\)\) ?\{\s*)\2 = await \2;/g,
    `$1throw new Error(${JSON.stringify(PROMISE_MET)});`,
    5,
  );
  s = replaceCounted(
    s,
    /\b\w+\.lookup\(Symbol\.for\('jsonata\.__(?:evaluate_entry|evaluate_exit|createFrame_push)'\)\)/g,
    'undefined',
    3,
  );
  s = replaceCounted(
    s,
    /(\n(\s+)(?:assign: function \(name, value\)|registerFunction: function\(name, implementation, signature\)) \{\n)/g,
    `$1$2    if (typeof name === 'symbol') throw new TypeError(${JSON.stringify(SYMBOL_NAME)});\n`,
    2,
  );
  s = replaceCounted(s, /\basync function\b/g, 'function', 43);
  s = replaceCounted(s, /\basync \(\)/g, '()', 1);
  s = replaceCounted(s, /\bawait /g, '', 98);
  // Left: the frame's `async` flag (`async: enclosingEnvironment ? enclosingEnvironment.async : false`).
  if (s === undefined || (s.match(/\basync\b/g) ?? []).length !== 2 || /\bawait\b/.test(s)) return undefined;
  return s;
}

let loaded: JsonataFactory | null | undefined;

/** The synchronous jsonata of this thread (loaded once), or undefined where it cannot be made (see header). */
export function syncJsonata(): JsonataFactory | undefined {
  if (loaded !== undefined) return loaded ?? undefined;
  loaded = null;
  try {
    const resolver = createRequire(import.meta.url);
    const source = readFileSync(resolver.resolve('jsonata'), 'utf8');
    if (createHash('sha256').update(source).digest('hex') !== PINNED) return undefined;
    const code = makeSynchronous(source);
    if (code === undefined) return undefined;
    const module = { exports: {} as unknown };
    // The sourceURL names it in profiles and stack traces (`jsonata-sync.js`).
    new Function('module', 'exports', 'require', `${code}\n//# sourceURL=jsonata-sync.js`)(
      module,
      module.exports,
      resolver,
    );
    if (typeof module.exports === 'function') loaded = module.exports as JsonataFactory;
  } catch {
    loaded = null;
  }
  return loaded ?? undefined;
}

/** Whether a thrown value is the synchronous copy meeting a promise. */
export function isPromiseMet(e: unknown): boolean {
  return e instanceof Error && e.message === PROMISE_MET;
}

/**
 * Whether an expression evaluates the same synchronously: no item of an array constructor, and no value of an
 * object constructor or a group-by, binds a variable (`:=`) in the frame the siblings share, i.e. outside a
 * block or a lambda within the item.
 */
export function syncSafe(ast: JNode): boolean {
  const bindsShared = (n: JNode): boolean => {
    if (n.type === 'bind') return true;
    if (n.type === 'block' || n.type === 'lambda') return false;
    return children(n).some(bindsShared);
  };
  const safe = (n: JNode): boolean => {
    if (n.type === 'unary' && n.value === '[' && (n.expressions ?? []).some(bindsShared)) return false;
    const pairs = [
      ...(n.type === 'unary' && n.value === '{' && Array.isArray(n.lhs)
        ? (n.lhs as unknown as [JNode, JNode][])
        : []),
      ...(n.group?.lhs ?? []),
    ];
    if (pairs.some(([, v]) => bindsShared(v))) return false;
    return children(n).every(safe);
  };
  return safe(ast);
}
