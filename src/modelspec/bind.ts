/**
 * The ModelSpec binding convention, in one place. Everything that evaluates a spec expression (the verifier,
 * the runtime behind the authoring tools, the formula command, the tests) goes through these functions, so
 * a spec behaves the same everywhere and the same as on any other runtime that follows the convention:
 *
 * - `constants` are bound as `$const`.
 * - `library.define` is plain JSONata that binds functions/values and returns the list of exported names as
 *   its last value; each export is bound by name (`$xlRound`). It is evaluated once per run, with only
 *   `$const` bound and an empty document.
 * - The whole document is the context (`$`) of every expression; in a `[*]` derivation `$parent` is the
 *   current element.
 *
 * How the exports are captured: the define is compiled, evaluated once for its name list, then its last
 * expression is replaced (in the compiled tree) by an object constructor `{"name": $name, ...}` and it is
 * evaluated again, which returns the bound closures themselves. A define whose name list is written out (as the
 * compiler writes it) is parsed and captured once per process and then evaluated once per run.
 */
import jsonata from 'jsonata';
import { CodedError } from '../codes/index.js';
import type { JNode } from './analyze.js';
import { callsImpure } from './row-memo.js';
import { type JsonataFactory, syncSafe } from './sync.js';
import type { LibraryObject } from './types.js';

export type Bindings = Record<string, unknown>;

/** The define text of a library given as an object or a bare string. */
export function libraryDefine(library: LibraryObject | string | undefined): string | undefined {
  if (library === undefined) return undefined;
  return typeof library === 'string' ? library : library.define;
}

/** Compiles JSONata, turning its thrown object into a coded CodedError with the position. */
export function compileExpression(
  expr: string,
  what = 'expression',
  factory: JsonataFactory = jsonata,
): jsonata.Expression {
  try {
    return factory(expr);
  } catch (e) {
    throw jsonataError(e, what);
  }
}

export function jsonataError(e: unknown, what: string): CodedError {
  const err = e as { code?: string; message?: string; position?: number; token?: string };
  const code = typeof err.code === 'string' ? err.code : 'EVALUATION_ERROR';
  return new CodedError('JSONATA_ERROR', `${what}: ${err.message ?? String(e)}`, {
    jsonataCode: code,
    position: err.position,
    token: err.token,
  });
}

/** A library define parsed for capturing its exports (see the header), kept by its text. */
interface ParsedLibrary {
  /** The define with its name list replaced by `{"name": $name, ...}`. */
  capture: jsonata.Expression;
  names: string[];
  /** Names no function that is not a function of its arguments (row-memo.ts `callsImpure`). */
  pure: boolean;
  /** Evaluates the same synchronously (sync.ts `syncSafe`). */
  syncSafe: boolean;
}

/**
 * Defines parsed before, by text, when their name list is written out (`[..., "xlRound"]`, as the compiler
 * writes it), so the list cannot depend on `$const`. Why: parsing the converted library (15 KB) takes about
 * 10 ms and a conversion loads it for each verification pass; a kept worker converts one shape of workbook
 * after another. The parsed tree is not changed once kept, and each evaluation binds `$const` in a frame of its
 * own.
 */
const parsedLibraries = new WeakMap<JsonataFactory, Map<string, ParsedLibrary>>();
const PARSED_LIBRARIES_MAX = 16;

/** The written-out name list of a define's last expression, or undefined when it is computed. */
function literalNames(ast: JNode): string[] | undefined {
  if (ast.type !== 'block' || !ast.expressions || ast.expressions.length < 2) return undefined;
  const last = ast.expressions[ast.expressions.length - 1];
  if (last.type !== 'unary' || last.value !== '[' || !last.expressions) return undefined;
  const names: string[] = [];
  for (const e of last.expressions) {
    if (e.type !== 'string' || typeof e.value !== 'string') return undefined;
    names.push(e.value);
  }
  return names;
}

function validNames(names: unknown): names is string[] {
  return (
    Array.isArray(names) && names.every((n) => typeof n === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(n))
  );
}

async function evaluateLibrary(compiled: jsonata.Expression, constants: Record<string, unknown>) {
  try {
    return await compiled.evaluate({}, { const: constants });
  } catch (e) {
    throw jsonataError(e, 'library');
  }
}

/** The define parsed for capture (from the cache when its name list is written out); undefined: no exports. */
async function parsedLibrary(
  define: string,
  constants: Record<string, unknown>,
  factory: JsonataFactory,
): Promise<ParsedLibrary | undefined> {
  let cache = parsedLibraries.get(factory);
  if (cache === undefined) {
    cache = new Map();
    parsedLibraries.set(factory, cache);
  }
  const cached = cache.get(define);
  if (cached !== undefined) return cached;
  const compiled = compileExpression(define, 'library', factory);
  const ast = compiled.ast() as JNode;
  const pure = !callsImpure(ast);
  const safe = syncSafe(ast);
  const written = literalNames(ast);
  // Evaluated for its names either way: a define that throws, or whose list is not names, fails as before.
  const names = await evaluateLibrary(compiled, constants);
  if (!validNames(names)) {
    throw new CodedError(
      'LIBRARY_INVALID',
      'library: the last value of the define must be a list of export names',
    );
  }
  if (names.length === 0) return undefined;
  if (ast.type !== 'block' || !ast.expressions || ast.expressions.length < 2) {
    throw new CodedError('LIBRARY_INVALID', 'library: the define must be a block `( ...; [names] )`');
  }
  const capture = factory(`{${names.map((n) => `${JSON.stringify(n)}: $${n}`).join(', ')}}`).ast();
  ast.expressions[ast.expressions.length - 1] = capture as JNode;
  const parsed = { capture: compiled, names, pure, syncSafe: safe };
  if (written !== undefined && written.join('\u0000') === names.join('\u0000')) {
    if (cache.size >= PARSED_LIBRARIES_MAX) cache.clear();
    cache.set(define, parsed);
  }
  return parsed;
}

/** The library's exports, and whether it names only functions of their arguments. */
async function libraryExports(
  library: LibraryObject | string | undefined,
  constants: Record<string, unknown>,
  factory: JsonataFactory = jsonata,
): Promise<{ exports: Bindings; pure: boolean; syncSafe: boolean }> {
  const define = libraryDefine(library);
  if (define === undefined || define.trim() === '') return { exports: {}, pure: true, syncSafe: true };
  const parsed = await parsedLibrary(define, constants, factory);
  if (parsed === undefined) return { exports: {}, pure: true, syncSafe: true };
  const exports = await evaluateLibrary(parsed.capture, constants);
  const out: Bindings = Object.create(null);
  for (const n of parsed.names) {
    const v = (exports as Record<string, unknown> | undefined)?.[n];
    if (v === undefined) throw new CodedError('LIBRARY_INVALID', `library: export "${n}" is not bound`);
    out[n] = v;
  }
  return { exports: out, pure: parsed.pure, syncSafe: parsed.syncSafe };
}

/**
 * Evaluates a library definition and returns its exports by name (functions and values).
 * Throws CodedError `LIBRARY_INVALID` when the define does not follow the convention.
 */
export async function loadLibrary(
  library: LibraryObject | string | undefined,
  constants: Record<string, unknown> = {},
): Promise<Bindings> {
  return (await libraryExports(library, constants)).exports;
}

/**
 * Bindings known to hold only functions of their arguments (made by `specBindings` from a library that
 * calls no clock or `$eval`): the condition for evaluating a derivation once per distinct input
 * (row-memo.ts). Bindings made any other way are never assumed pure.
 */
const pureBindings = new WeakSet<Bindings>();

export function hasPureBindings(bindings: Bindings): boolean {
  return pureBindings.has(bindings);
}

/** Bindings made by `specBindings` from a library that evaluates the same synchronously (sync.ts). */
const syncSafeBindings = new WeakSet<Bindings>();

export function hasSyncSafeBindings(bindings: Bindings): boolean {
  return syncSafeBindings.has(bindings);
}

/**
 * The bindings every expression of a spec sees: library exports plus `$const`; `factory`, the jsonata that
 * evaluates the library (sync.ts: the synchronous copy's lambdas are evaluated by it alone).
 */
export async function specBindings(
  library: LibraryObject | string | undefined,
  constants: Record<string, unknown> = {},
  factory: JsonataFactory = jsonata,
): Promise<Bindings> {
  const { exports, pure, syncSafe: safe } = await libraryExports(library, constants, factory);
  const bindings: Bindings = { ...exports, const: constants };
  if (pure) pureBindings.add(bindings);
  if (safe) syncSafeBindings.add(bindings);
  return bindings;
}

/** Evaluates one compiled expression against the document with the given bindings (and `$parent`). */
export async function evaluateExpression(
  compiled: jsonata.Expression,
  doc: unknown,
  bindings: Bindings,
  parent?: unknown,
): Promise<unknown> {
  const b = parent === undefined ? bindings : { ...bindings, parent };
  return compiled.evaluate(doc, b);
}

/**
 * An evaluator of one compiled expression for many `$parent` values under the same bindings, for `[*]`
 * derivations. Same result as `evaluateExpression(compiled, doc, bindings, parent)`: the bindings are
 * assigned once into the expression's own environment (JSONata's `assign`), one frame above each evaluation,
 * so each element binds only `$parent` instead of every library export (26 binds per row on a typical spec).
 * A name bound per evaluation shadows an assigned one, as a nearer frame does; the per-row `parent` is the
 * only such name. The expression is compiled afresh from its source, so the caller's compiled expression
 * never keeps these bindings.
 */
export function perParentEvaluator(
  source: string,
  bindings: Bindings,
  factory: JsonataFactory = jsonata,
): (doc: unknown, parent: unknown) => Promise<unknown> | unknown {
  const compiled = factory(source);
  for (const [name, value] of Object.entries(bindings)) {
    if (name !== 'parent') compiled.assign(name, value);
  }
  return (doc, parent) => compiled.evaluate(doc, { parent });
}
