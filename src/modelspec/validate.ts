/**
 * `validateSpec`: every check an author needs before running a spec, as findings with a JSON pointer into
 * the spec (and, for an expression, JSONata's character position). Structure first (the ModelSpec JSON
 * Schema); the semantic checks below only run on a structurally valid spec, since they read its fields.
 *
 * Codes (stable; documented in docs/spec-format.md):
 * `SPEC_SCHEMA` structure, `SCHEMA_INVALID` the spec's `schema` does not compile, `EXPRESSION_INVALID` an
 * expression or the library does not compile, `LIBRARY_INVALID` the library does not evaluate to its export list,
 * `LIBRARY_READS_DOCUMENT` (`$`, `$$`, `*`, `**`, `%` inside the define), `LIBRARY_RESERVED_NAME` (an export
 * named like a JSONata built-in or `const parent self response now status`), `LIBRARY_NONDETERMINISTIC`
 * (`$now`, `$millis`, `$random`), `UNRESOLVED_FUNCTION` (`$name(...)` that is no built-in, export or binding),
 * `NON_CANONICAL_PATH`, `PATH_NOT_IN_SCHEMA`, `READ_NOT_IN_SCHEMA` (an expression reads a field the schema does
 * not declare, at the position of that field), `DUPLICATE_DERIVATION`, `DERIVATION_CYCLE`, `TEST_UNKNOWN_PATH`;
 * warning `UNUSED_EXPORT` (not given when an expression does not compile, since its uses are unknown).
 *
 * `validateSpecInProcess` runs one named check after another; each returns its findings.
 */
import type jsonata from 'jsonata';
import {
  documentRefs,
  expressionCalls,
  JSONATA_BUILTINS,
  type JNode,
  expressionReadSites,
  variableNames,
  variableUses,
} from './analyze.js';
import { CodedError, type FindingCode } from '../codes/index.js';
import { compileExpression, libraryDefine, loadLibrary } from './bind.js';
import { derivationCycle } from './order.js';
import { formatPath, type PathSegment, parsePath } from './paths.js';
import { schemaHasPath, undeclaredKey } from './schema-paths.js';
import { documentValidator, modelSpecValidator } from './schema.js';
import { type ModelSpec, RESERVED_NAMES } from './types.js';

export interface Finding {
  code: FindingCode;
  message: string;
  /** JSON pointer into the spec. */
  pointer: string;
  /** Character offset in the expression (JSONata's position), for expression findings. */
  position?: number;
  /** JSONata's own error code (`S0202`, `T2001`...), for compile errors. */
  jsonataCode?: string;
}

export interface ValidationReport {
  valid: boolean;
  errors: Finding[];
  warnings: Finding[];
}

/** A JSON pointer from its unescaped parts. */
export function pointer(...parts: (string | number)[]): string {
  return parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

const NONDETERMINISTIC = new Set(['now', 'millis', 'random']);

interface ExprSite {
  pointer: string;
  expr: string;
  /** The path it is evaluated at (`$parent` is the element of its last `[*]`). */
  path?: string;
  /** `$parent` is bound (a `[*]` path). */
  parent: boolean;
}

function expressionSites(spec: ModelSpec): ExprSite[] {
  const star = (p: string | undefined) => typeof p === 'string' && p.includes('[*]');
  const sites = (kind: string, list: readonly { path?: string; expr: string }[] | undefined) =>
    (list ?? []).map((d, i) => ({
      pointer: pointer(kind, i, 'expr'),
      expr: d.expr,
      path: d.path,
      parent: star(d.path),
    }));
  return [
    ...sites('defaultValues', spec.defaultValues),
    ...sites('derivations', spec.derivations),
    ...sites('metaDerivations', spec.metaDerivations),
    ...sites('constraints', spec.constraints),
  ];
}

function compileFinding(e: unknown, ptr: string): Finding {
  const data = e instanceof CodedError ? e.data : undefined;
  return {
    code: 'EXPRESSION_INVALID',
    message: e instanceof Error ? e.message : String(e),
    pointer: ptr,
    position: typeof data?.position === 'number' ? data.position : undefined,
    jsonataCode: typeof data?.jsonataCode === 'string' ? data.jsonataCode : undefined,
  };
}

interface LibraryCheck {
  /** Where library findings point. */
  ptr: string;
  compiled?: jsonata.Expression;
  findings: Finding[];
}

/** The library compiles, reads no document, is deterministic and calls only built-ins and itself. */
function checkLibrary(spec: ModelSpec): LibraryCheck {
  const define = libraryDefine(spec.library);
  const ptr = typeof spec.library === 'string' ? pointer('library') : pointer('library', 'define');
  if (define === undefined || define.trim() === '') return { ptr, findings: [] };
  let compiled: jsonata.Expression;
  try {
    compiled = compileExpression(define, 'library');
  } catch (e) {
    return { ptr, findings: [compileFinding(e, ptr)] };
  }
  const errors: Finding[] = [];
  const ast = compiled.ast() as JNode;
  for (const r of documentRefs(ast)) {
    errors.push({
      code: 'LIBRARY_READS_DOCUMENT',
      message: `the library refers to the document (\`${r.what}\`); a library computes only from its arguments and $const`,
      pointer: ptr,
      position: r.position,
    });
  }
  for (const c of expressionCalls(ast)) {
    if (c.local) continue;
    if (NONDETERMINISTIC.has(c.name)) {
      errors.push({
        code: 'LIBRARY_NONDETERMINISTIC',
        message: `the library calls $${c.name}, which gives a different value on each run`,
        pointer: ptr,
        position: c.position,
      });
    } else if (!JSONATA_BUILTINS.has(c.name) && c.name !== 'const') {
      errors.push({
        code: 'UNRESOLVED_FUNCTION',
        message: `$${c.name} is not a JSONata built-in nor defined in the library`,
        pointer: ptr,
        position: c.position,
      });
    }
  }
  return { ptr, compiled, findings: errors };
}

function staticExports(ast: JNode): string[] {
  const last = ast.type === 'block' ? ast.expressions?.[ast.expressions.length - 1] : undefined;
  if (last?.type !== 'unary' || last.value !== '[') return [];
  const items = (last.expressions ?? []) as JNode[];
  return items.every((x) => x.type === 'string') ? items.map((x) => String(x.value)) : [];
}

/** In this thread, without limits: the sandbox task. Never throws on user input. */
export async function validateSpecInProcess(spec: unknown): Promise<ValidationReport> {
  const structure = structureFindings(spec);
  if (structure.length > 0) return { valid: false, errors: structure, warnings: [] };
  const s = spec as ModelSpec;
  const lib = checkLibrary(s);
  const exports = await libraryExports(s, lib);
  const expressions = checkExpressions(s, exports.names);
  const errors = [
    ...documentSchemaFindings(s),
    ...lib.findings,
    ...exports.findings,
    ...expressions.findings,
    ...readFindings(s, expressions.compiled),
    ...pathFindings(s),
    ...duplicateFindings(s),
    ...cycleFindings(s, expressions.compiled),
    ...testFindings(s),
  ];
  // An expression that does not compile hides its uses: no follow-on warnings after it.
  const parsed = expressions.findings.every((f) => f.code !== 'EXPRESSION_INVALID');
  const warnings = parsed ? unusedExports(lib, exports.names, expressions.used) : [];
  return { valid: errors.length === 0, errors, warnings };
}

/** The spec against the ModelSpec JSON Schema; the other checks read its fields, so run only when clean. */
function structureFindings(spec: unknown): Finding[] {
  const structure = modelSpecValidator();
  if (structure(spec)) return [];
  return (structure.errors ?? []).map((e) => {
    if (e.keyword !== 'additionalProperties')
      return { code: 'SPEC_SCHEMA', message: e.message ?? e.keyword, pointer: e.instancePath };
    const prop = String(e.params.additionalProperty);
    return {
      code: 'SPEC_SCHEMA',
      message: `unknown property "${prop}"`,
      pointer: `${e.instancePath}${pointer(prop)}`,
    };
  });
}

function documentSchemaFindings(s: ModelSpec): Finding[] {
  try {
    documentValidator(s.schema);
    return [];
  } catch (e) {
    return [{ code: 'SCHEMA_INVALID', message: (e as Error).message, pointer: pointer('schema') }];
  }
}

/**
 * The library's export names: by evaluating it when it compiled cleanly, else the list as written
 * (`[..., ["a", "b"]]`), so calls resolve even when the library is not evaluated.
 */
async function libraryExports(
  s: ModelSpec,
  lib: LibraryCheck,
): Promise<{ names: string[]; findings: Finding[] }> {
  if (!lib.compiled) return { names: [], findings: [] };
  let names = staticExports(lib.compiled.ast() as JNode);
  if (lib.findings.length > 0) return { names, findings: [] };
  const findings: Finding[] = [];
  try {
    names = Object.keys(await loadLibrary(s.library, s.constants ?? {}));
  } catch (e) {
    const data = e instanceof CodedError ? e.data : undefined;
    findings.push({
      code: 'LIBRARY_INVALID',
      message: (e as Error).message,
      pointer: lib.ptr,
      position: typeof data?.position === 'number' ? data.position : undefined,
    });
  }
  for (const name of names) {
    if (!JSONATA_BUILTINS.has(name) && !RESERVED_NAMES.includes(name)) continue;
    const what = RESERVED_NAMES.includes(name) ? 'a reserved name' : 'a JSONata built-in';
    findings.push({
      code: 'LIBRARY_RESERVED_NAME',
      message: `the library exports "${name}", which is ${what}`,
      pointer: lib.ptr,
    });
  }
  return { names, findings };
}

interface ExpressionCheck {
  findings: Finding[];
  /** Each site that compiled, with its expression. */
  compiled: Map<ExprSite, jsonata.Expression>;
  /** Library exports read by some expression. */
  used: Set<string>;
}

/** Every expression compiles and calls only built-ins, exports and bindings. */
function checkExpressions(s: ModelSpec, exports: readonly string[]): ExpressionCheck {
  const check: ExpressionCheck = { findings: [], compiled: new Map(), used: new Set() };
  for (const site of expressionSites(s)) {
    let compiled: jsonata.Expression;
    try {
      compiled = compileExpression(site.expr, site.pointer);
    } catch (e) {
      check.findings.push(compileFinding(e, site.pointer));
      continue;
    }
    check.compiled.set(site, compiled);
    const ast = compiled.ast() as JNode;
    for (const v of variableNames(ast)) if (exports.includes(v)) check.used.add(v);
    check.findings.push(...unresolvedCalls(site, ast, exports));
  }
  return check;
}

function unresolvedCalls(site: ExprSite, ast: JNode, exports: readonly string[]): Finding[] {
  const bound = (name: string) =>
    JSONATA_BUILTINS.has(name) ||
    exports.includes(name) ||
    name === 'const' ||
    (name === 'parent' && site.parent);
  return expressionCalls(ast)
    .filter((c) => !c.local && !bound(c.name))
    .map((c) => ({
      code: 'UNRESOLVED_FUNCTION',
      message: `$${c.name} is not a JSONata built-in, a library export or a binding`,
      pointer: site.pointer,
      position: c.position,
    }));
}

/** Library exports no expression and no other export uses. */
function unusedExports(lib: LibraryCheck, exports: readonly string[], used: ReadonlySet<string>): Finding[] {
  if (!lib.compiled) return [];
  const inLib = variableUses(lib.compiled.ast() as JNode);
  return exports
    .filter((name) => !used.has(name) && !inLib.has(name))
    .map((name) => ({
      code: 'UNUSED_EXPORT',
      message: `library export "${name}" is not used by any expression`,
      pointer: lib.ptr,
    }));
}

/** The segments `$parent` stands for in an expression at `path` (up to its last `[*]`), or undefined. */
function ownerSegments(path: string | undefined): PathSegment[] | undefined {
  if (path === undefined) return undefined;
  try {
    const segs = parsePath(path);
    let star = -1;
    segs.forEach((seg, i) => {
      if ('all' in seg) star = i;
    });
    return star < 0 ? undefined : segs.slice(0, star + 1);
  } catch {
    return undefined;
  }
}

/**
 * Where the `i`-th key of a read ends in the expression text (JSONata's convention for a name's position): the
 * keys are found in order inside the read's span; the span's end when they cannot be.
 */
function keyEnd(
  text: string,
  keys: readonly string[],
  i: number,
  start?: number,
  end?: number,
): number | undefined {
  if (start === undefined || end === undefined) return end;
  let at = start;
  for (let k = 0; k <= i; k++) {
    const found = text.indexOf(keys[k]!, at);
    if (found < 0 || found >= end) return end;
    at = found + keys[k]!.length;
  }
  return at;
}

/** Fields an expression reads (`$parent.x`, `$$.a.b`, a bare `a`) that the schema does not declare. */
function readFindings(s: ModelSpec, compiled: ReadonlyMap<ExprSite, jsonata.Expression>): Finding[] {
  const out = new Map<string, Finding>();
  for (const [site, expr] of compiled) {
    const owner = ownerSegments(site.path);
    for (const { read, start, end } of expressionReadSites(expr.ast() as JNode, site.expr)) {
      const base = read.base === 'root' ? [] : read.base === 'parent' ? owner : undefined;
      if (base === undefined) continue;
      const i = undeclaredKey(s.schema, base, read.keys);
      if (i < 0) continue;
      const path = formatPath([...base, ...read.keys.slice(0, i + 1).map((key) => ({ key }))]);
      const position = keyEnd(site.expr, read.keys, i, start, end);
      out.set(`${site.pointer} ${position}`, {
        code: 'READ_NOT_IN_SCHEMA',
        message: `reads "${path}", which the schema does not declare`,
        pointer: site.pointer,
        position,
      });
    }
  }
  return [...out.values()];
}

/** `path` when it is canonical (`$.a.b`, `$.items[*].x`, `$.items[0].x`), else undefined. */
function canonical(path: string): string | undefined {
  try {
    const f = formatPath(parsePath(path));
    return f === path ? f : undefined;
  } catch {
    return undefined;
  }
}

/** Every target path is canonical and declared by the schema. */
function pathFindings(s: ModelSpec): Finding[] {
  const targets = [
    ...(s.derivations ?? []).map((d, i) => ({ path: d.path, ptr: pointer('derivations', i, 'path') })),
    ...(s.metaDerivations ?? []).map((d, i) => ({
      path: d.path,
      ptr: pointer('metaDerivations', i, 'path'),
    })),
    ...(s.constraints ?? []).flatMap((d, i) =>
      d.path === undefined ? [] : [{ path: d.path, ptr: pointer('constraints', i, 'path') }],
    ),
    ...(s.defaultValues ?? []).flatMap((d, i) =>
      d.path === '$' ? [] : [{ path: d.path, ptr: pointer('defaultValues', i, 'path') }],
    ),
  ];
  return targets.flatMap(({ path, ptr }): Finding[] => {
    if (canonical(path) === undefined) {
      const message = `"${path}" is not a canonical path (write $.a.b, $.items[*].x, $.items[0].x)`;
      return [{ code: 'NON_CANONICAL_PATH', message, pointer: ptr }];
    }
    if (!schemaHasPath(s.schema, path))
      return [
        { code: 'PATH_NOT_IN_SCHEMA', message: `"${path}" is not declared in the schema`, pointer: ptr },
      ];
    return [];
  });
}

function duplicateFindings(s: ModelSpec): Finding[] {
  const seen = new Map<string, number>();
  return (s.derivations ?? []).flatMap((d, i): Finding[] => {
    const first = seen.get(d.path);
    if (first === undefined) {
      seen.set(d.path, i);
      return [];
    }
    const message = `"${d.path}" is already derived by derivations/${first}`;
    return [{ code: 'DUPLICATE_DERIVATION', message, pointer: pointer('derivations', i, 'path') }];
  });
}

/** A derivation cycle, checked when every derivation compiled and has a canonical path. */
function cycleFindings(s: ModelSpec, compiled: ReadonlyMap<ExprSite, jsonata.Expression>): Finding[] {
  const ds = s.derivations ?? [];
  const byPointer = new Map([...compiled].map(([site, expr]) => [site.pointer, expr]));
  const exprs = ds.map((_, i) => byPointer.get(pointer('derivations', i, 'expr')));
  if (!ds.every((d, i) => exprs[i] && canonical(d.path))) return [];
  const cycle = derivationCycle(ds, exprs as jsonata.Expression[]);
  if (!cycle) return [];
  const position = cycle.edges[0]?.span?.start;
  return [
    {
      code: 'DERIVATION_CYCLE',
      message: cycle.message,
      pointer: pointer('derivations', cycle.indexes[0]!),
      ...(position === undefined ? {} : { position }),
    },
  ];
}

/** Tests set and expect only canonical paths the schema declares. */
function testFindings(s: ModelSpec): Finding[] {
  return (s.tests ?? []).flatMap((t, i) =>
    (['given', 'expect'] as const).flatMap((part) =>
      Object.keys(t[part]).flatMap((key): Finding[] => {
        if (key === '$') return [];
        const ptr = pointer('tests', i, part, key);
        if (canonical(key) === undefined)
          return [{ code: 'NON_CANONICAL_PATH', message: `"${key}" is not a canonical path`, pointer: ptr }];
        if (!schemaHasPath(s.schema, key))
          return [
            { code: 'TEST_UNKNOWN_PATH', message: `"${key}" is not declared in the schema`, pointer: ptr },
          ];
        return [];
      }),
    ),
  );
}
