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
 * `NON_CANONICAL_PATH`, `PATH_NOT_IN_SCHEMA`, `DUPLICATE_DERIVATION`, `DERIVATION_CYCLE`, `TEST_UNKNOWN_PATH`;
 * warning `UNUSED_EXPORT`.
 */
import type jsonata from 'jsonata';
import {
  documentRefs,
  expressionCalls,
  JSONATA_BUILTINS,
  type JNode,
  variableNames,
  variableUses,
} from './analyze.js';
import { compileExpression, libraryDefine, loadLibrary, SpecError } from './bind.js';
import { derivationDependencies, findCycle } from './order.js';
import { formatPath, type PathSegment, parsePath } from './paths.js';
import { documentValidator, modelSpecValidator } from './schema.js';
import { type ModelSpec, RESERVED_NAMES } from './types.js';

export interface Finding {
  code: string;
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

type Schema = Record<string, unknown>;

function resolveRef(root: Schema, s: Schema): Schema {
  let cur = s;
  for (let n = 0; n < 32 && typeof cur.$ref === 'string' && cur.$ref.startsWith('#'); n++) {
    let target: unknown = root;
    for (const raw of cur.$ref.slice(2).split('/').filter(Boolean)) {
      const k = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = typeof target === 'object' && target !== null ? (target as Schema)[k] : undefined;
    }
    if (typeof target !== 'object' || target === null) return cur;
    cur = target as Schema;
  }
  return cur;
}

/** The subschemas a path designates: declared `properties`, `additionalProperties` schemas, `items`. */
function schemaAt(root: Schema, segs: readonly PathSegment[]): Schema[] {
  let cur: Schema[] = [root];
  for (const seg of segs) {
    const next: Schema[] = [];
    const visit = (raw: Schema, depth: number) => {
      const s = resolveRef(root, raw);
      for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
        if (Array.isArray(s[k]) && depth < 8)
          for (const b of s[k] as Schema[]) if (b && typeof b === 'object') visit(b, depth + 1);
      }
      if ('key' in seg) {
        const props = s.properties as Record<string, Schema> | undefined;
        if (props && Object.hasOwn(props, seg.key) && typeof props[seg.key] === 'object')
          next.push(props[seg.key]);
        const pp = s.patternProperties as Record<string, Schema> | undefined;
        if (pp) {
          for (const [re, sub] of Object.entries(pp)) {
            try {
              if (new RegExp(re, 'u').test(seg.key)) next.push(sub);
            } catch {
              // An invalid pattern is the schema compile's finding.
            }
          }
        }
        if (typeof s.additionalProperties === 'object' && s.additionalProperties !== null) {
          next.push(s.additionalProperties as Schema);
        }
      } else {
        if (typeof s.items === 'object' && s.items !== null) next.push(s.items as Schema);
        if ('index' in seg && Array.isArray(s.prefixItems) && s.prefixItems[seg.index])
          next.push(s.prefixItems[seg.index]);
      }
    };
    for (const s of cur) visit(s, 0);
    cur = next;
    if (cur.length === 0) return [];
  }
  return cur;
}

/** Does the document schema declare the path? */
export function schemaHasPath(schema: Schema, path: string): boolean {
  try {
    return schemaAt(schema, parsePath(path)).length > 0;
  } catch {
    return false;
  }
}

interface ExprSite {
  pointer: string;
  expr: string;
  /** `$parent` is bound (a `[*]` path). */
  parent: boolean;
}

function expressionSites(spec: ModelSpec): ExprSite[] {
  const out: ExprSite[] = [];
  const star = (p: string | undefined) => typeof p === 'string' && p.includes('[*]');
  (spec.defaultValues ?? []).forEach((d, i) => {
    out.push({ pointer: pointer('defaultValues', i, 'expr'), expr: d.expr, parent: star(d.path) });
  });
  (spec.derivations ?? []).forEach((d, i) => {
    out.push({ pointer: pointer('derivations', i, 'expr'), expr: d.expr, parent: star(d.path) });
  });
  (spec.metaDerivations ?? []).forEach((d, i) => {
    out.push({ pointer: pointer('metaDerivations', i, 'expr'), expr: d.expr, parent: star(d.path) });
  });
  (spec.constraints ?? []).forEach((d, i) => {
    out.push({ pointer: pointer('constraints', i, 'expr'), expr: d.expr, parent: star(d.path) });
  });
  return out;
}

function compileFinding(e: unknown, ptr: string): Finding {
  const data = e instanceof SpecError ? e.data : undefined;
  return {
    code: 'EXPRESSION_INVALID',
    message: e instanceof Error ? e.message : String(e),
    pointer: ptr,
    position: typeof data?.position === 'number' ? data.position : undefined,
    jsonataCode: typeof data?.jsonataCode === 'string' ? data.jsonataCode : undefined,
  };
}

function checkLibrary(spec: ModelSpec, errors: Finding[]): { ptr: string; compiled?: jsonata.Expression } {
  const define = libraryDefine(spec.library);
  const ptr = typeof spec.library === 'string' ? pointer('library') : pointer('library', 'define');
  if (define === undefined || define.trim() === '') return { ptr };
  let compiled: jsonata.Expression;
  try {
    compiled = compileExpression(define, 'library');
  } catch (e) {
    errors.push(compileFinding(e, ptr));
    return { ptr };
  }
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
  return { ptr, compiled };
}

function staticExports(ast: JNode): string[] {
  const last = ast.type === 'block' ? ast.expressions?.[ast.expressions.length - 1] : undefined;
  if (last?.type !== 'unary' || last.value !== '[') return [];
  const items = (last.expressions ?? []) as JNode[];
  return items.every((x) => x.type === 'string') ? items.map((x) => String(x.value)) : [];
}

/** In this thread, without limits: the sandbox task. Never throws on user input. */
export async function validateSpecInProcess(spec: unknown): Promise<ValidationReport> {
  const errors: Finding[] = [];
  const warnings: Finding[] = [];
  const structure = modelSpecValidator();
  if (!structure(spec)) {
    for (const e of structure.errors ?? []) {
      if (e.keyword === 'additionalProperties') {
        const prop = String(e.params.additionalProperty);
        errors.push({
          code: 'SPEC_SCHEMA',
          message: `unknown property "${prop}"`,
          pointer: `${e.instancePath}${pointer(prop)}`,
        });
      } else errors.push({ code: 'SPEC_SCHEMA', message: e.message ?? e.keyword, pointer: e.instancePath });
    }
    return { valid: false, errors, warnings };
  }
  const s = spec as ModelSpec;

  try {
    documentValidator(s.schema);
  } catch (e) {
    errors.push({ code: 'SCHEMA_INVALID', message: (e as Error).message, pointer: pointer('schema') });
  }

  // Library: compile, rules, exports.
  const lib = checkLibrary(s, errors);
  // The export list as written (`[..., ["a", "b"]]`), so calls resolve even when the library is not evaluated.
  let exports: string[] = lib.compiled ? staticExports(lib.compiled.ast() as JNode) : [];
  if (lib.compiled && !errors.some((f) => f.pointer === lib.ptr)) {
    try {
      exports = Object.keys(await loadLibrary(s.library, s.constants ?? {}));
    } catch (e) {
      const data = e instanceof SpecError ? e.data : undefined;
      errors.push({
        code: 'LIBRARY_INVALID',
        message: (e as Error).message,
        pointer: lib.ptr,
        position: typeof data?.position === 'number' ? data.position : undefined,
      });
    }
    for (const name of exports) {
      if (JSONATA_BUILTINS.has(name) || RESERVED_NAMES.includes(name)) {
        errors.push({
          code: 'LIBRARY_RESERVED_NAME',
          message: `the library exports "${name}", which is ${RESERVED_NAMES.includes(name) ? 'a reserved name' : 'a JSONata built-in'}`,
          pointer: lib.ptr,
        });
      }
    }
  }

  // Expressions: compile, calls resolve.
  const used = new Set<string>();
  const compiledAt = new Map<string, jsonata.Expression>();
  for (const site of expressionSites(s)) {
    let compiled: jsonata.Expression;
    try {
      compiled = compileExpression(site.expr, site.pointer);
    } catch (e) {
      errors.push(compileFinding(e, site.pointer));
      continue;
    }
    compiledAt.set(site.pointer, compiled);
    const ast = compiled.ast() as JNode;
    for (const v of variableNames(ast)) if (exports.includes(v)) used.add(v);
    for (const c of expressionCalls(ast)) {
      if (c.local || JSONATA_BUILTINS.has(c.name) || exports.includes(c.name) || c.name === 'const') continue;
      if (c.name === 'parent' && site.parent) continue;
      errors.push({
        code: 'UNRESOLVED_FUNCTION',
        message: `$${c.name} is not a JSONata built-in, a library export or a binding`,
        pointer: site.pointer,
        position: c.position,
      });
    }
  }
  if (lib.compiled) {
    // Exports used by other exports count as used.
    const inLib = variableUses(lib.compiled.ast() as JNode);
    for (const name of exports) {
      if (!used.has(name) && !inLib.has(name)) {
        warnings.push({
          code: 'UNUSED_EXPORT',
          message: `library export "${name}" is not used by any expression`,
          pointer: lib.ptr,
        });
      }
    }
  }

  // Paths.
  const pathChecks: { path: string; ptr: string; needsSchema: boolean }[] = [];
  (s.derivations ?? []).forEach((d, i) => {
    pathChecks.push({ path: d.path, ptr: pointer('derivations', i, 'path'), needsSchema: true });
  });
  (s.metaDerivations ?? []).forEach((d, i) => {
    pathChecks.push({ path: d.path, ptr: pointer('metaDerivations', i, 'path'), needsSchema: true });
  });
  (s.constraints ?? []).forEach((d, i) => {
    if (d.path !== undefined)
      pathChecks.push({ path: d.path, ptr: pointer('constraints', i, 'path'), needsSchema: true });
  });
  (s.defaultValues ?? []).forEach((d, i) => {
    if (d.path !== '$')
      pathChecks.push({ path: d.path, ptr: pointer('defaultValues', i, 'path'), needsSchema: true });
  });
  const canonical = (path: string): string | undefined => {
    try {
      const f = formatPath(parsePath(path));
      return f === path ? f : undefined;
    } catch {
      return undefined;
    }
  };
  for (const c of pathChecks) {
    if (canonical(c.path) === undefined) {
      errors.push({
        code: 'NON_CANONICAL_PATH',
        message: `"${c.path}" is not a canonical path (write $.a.b, $.items[*].x, $.items[0].x)`,
        pointer: c.ptr,
      });
    } else if (c.needsSchema && !schemaHasPath(s.schema, c.path)) {
      errors.push({
        code: 'PATH_NOT_IN_SCHEMA',
        message: `"${c.path}" is not declared in the schema`,
        pointer: c.ptr,
      });
    }
  }
  const seen = new Map<string, number>();
  (s.derivations ?? []).forEach((d, i) => {
    const first = seen.get(d.path);
    if (first !== undefined) {
      errors.push({
        code: 'DUPLICATE_DERIVATION',
        message: `"${d.path}" is already derived by derivations/${first}`,
        pointer: pointer('derivations', i, 'path'),
      });
    } else seen.set(d.path, i);
  });

  // Cycles, when every derivation compiled and has a canonical path.
  const ds = s.derivations ?? [];
  const dsCompiled = ds.map((_, i) => compiledAt.get(pointer('derivations', i, 'expr')));
  if (ds.every((d, i) => dsCompiled[i] && canonical(d.path))) {
    const cycle = findCycle(derivationDependencies(ds, dsCompiled as jsonata.Expression[]));
    if (cycle) {
      const paths = cycle.map((i) => ds[i].path);
      errors.push({
        code: 'DERIVATION_CYCLE',
        message: `derivation cycle: ${paths.join(' → ')}`,
        pointer: pointer('derivations', cycle[0]),
      });
    }
  }

  // Tests reference known paths.
  (s.tests ?? []).forEach((t, i) => {
    for (const part of ['given', 'expect'] as const) {
      for (const key of Object.keys(t[part])) {
        const ptr = pointer('tests', i, part, key);
        if (key === '$') continue;
        if (canonical(key) === undefined) {
          errors.push({
            code: 'NON_CANONICAL_PATH',
            message: `"${key}" is not a canonical path`,
            pointer: ptr,
          });
        } else if (!schemaHasPath(s.schema, key)) {
          errors.push({
            code: 'TEST_UNKNOWN_PATH',
            message: `"${key}" is not declared in the schema`,
            pointer: ptr,
          });
        }
      }
    }
  });

  return { valid: errors.length === 0, errors, warnings };
}
