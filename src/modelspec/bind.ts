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
 * evaluated again, which returns the bound closures themselves.
 */
import jsonata from 'jsonata';
import { CodedError } from '../codes/index.js';
import type { JNode } from './analyze.js';
import { callsImpure } from './row-memo.js';
import type { LibraryObject } from './types.js';

export type Bindings = Record<string, unknown>;

interface JsonataAstNode {
  type: string;
  expressions?: JsonataAstNode[];
}

/** The define text of a library given as an object or a bare string. */
export function libraryDefine(library: LibraryObject | string | undefined): string | undefined {
  if (library === undefined) return undefined;
  return typeof library === 'string' ? library : library.define;
}

/** Compiles JSONata, turning its thrown object into a coded CodedError with the position. */
export function compileExpression(expr: string, what = 'expression'): jsonata.Expression {
  try {
    return jsonata(expr);
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

/**
 * Evaluates a library definition and returns its exports by name (functions and values).
 * Throws CodedError `LIBRARY_INVALID` when the define does not follow the convention.
 */
export async function loadLibrary(
  library: LibraryObject | string | undefined,
  constants: Record<string, unknown> = {},
): Promise<Bindings> {
  const define = libraryDefine(library);
  if (define === undefined || define.trim() === '') return {};
  const compiled = compileExpression(define, 'library');
  let names: unknown;
  try {
    names = await compiled.evaluate({}, { const: constants });
  } catch (e) {
    throw jsonataError(e, 'library');
  }
  if (
    !Array.isArray(names) ||
    !names.every((n) => typeof n === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(n))
  ) {
    throw new CodedError(
      'LIBRARY_INVALID',
      'library: the last value of the define must be a list of export names',
    );
  }
  const ast = compiled.ast() as JsonataAstNode;
  if (names.length === 0) return {};
  if (ast.type !== 'block' || !ast.expressions || ast.expressions.length < 2) {
    throw new CodedError('LIBRARY_INVALID', 'library: the define must be a block `( ...; [names] )`');
  }
  const capture = jsonata(`{${names.map((n) => `${JSON.stringify(n)}: $${n}`).join(', ')}}`).ast();
  ast.expressions[ast.expressions.length - 1] = capture as JsonataAstNode;
  let exports: unknown;
  try {
    exports = await compiled.evaluate({}, { const: constants });
  } catch (e) {
    throw jsonataError(e, 'library');
  }
  const out: Bindings = Object.create(null);
  for (const n of names as string[]) {
    const v = (exports as Record<string, unknown> | undefined)?.[n];
    if (v === undefined) throw new CodedError('LIBRARY_INVALID', `library: export "${n}" is not bound`);
    out[n] = v;
  }
  return out;
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

/** The bindings every expression of a spec sees: library exports plus `$const`. */
export async function specBindings(
  library: LibraryObject | string | undefined,
  constants: Record<string, unknown> = {},
): Promise<Bindings> {
  const exports = await loadLibrary(library, constants);
  const bindings: Bindings = { ...exports, const: constants };
  const define = libraryDefine(library);
  if (define === undefined || define.trim() === '' || !callsImpure(jsonata(define).ast() as JNode)) {
    pureBindings.add(bindings);
  }
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
): (doc: unknown, parent: unknown) => Promise<unknown> {
  const compiled = jsonata(source);
  for (const [name, value] of Object.entries(bindings)) {
    if (name !== 'parent') compiled.assign(name, value);
  }
  return (doc, parent) => compiled.evaluate(doc, { parent });
}
