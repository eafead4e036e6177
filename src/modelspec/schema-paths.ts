/**
 * Which document paths a spec's `schema` declares, for validation: a derivation's target must be declared
 * (`schemaHasPath`), and so must every field an expression reads (`undeclaredKey`).
 *
 * A key is declared by `properties`, a matching `patternProperties` entry or an `additionalProperties` schema;
 * `$ref` (local), `allOf`, `anyOf` and `oneOf` are followed. A schema that says nothing about a key does not
 * declare it: the same rule for targets and reads.
 */
import { type PathSegment, parsePath } from './paths.js';

export type Schema = Record<string, unknown>;

const MAX_REF_HOPS = 32;
const MAX_COMBINATOR_DEPTH = 8;
/** How many arrays a JSONata name step maps through (`$$.items.net` reads `net` of each item). */
const MAX_ARRAY_DEPTH = 4;

function resolveRef(root: Schema, s: Schema): Schema {
  let cur = s;
  for (let n = 0; n < MAX_REF_HOPS && typeof cur.$ref === 'string' && cur.$ref.startsWith('#'); n++) {
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

const isSchema = (x: unknown): x is Schema => typeof x === 'object' && x !== null;

/** The subschemas for `key` declared by `s` itself (not its combinators). */
function keySchemas(s: Schema, key: string): Schema[] {
  const out: Schema[] = [];
  const props = s.properties as Record<string, unknown> | undefined;
  if (props && Object.hasOwn(props, key) && isSchema(props[key])) out.push(props[key]);
  for (const [re, sub] of Object.entries((s.patternProperties as Record<string, Schema> | undefined) ?? {})) {
    try {
      if (new RegExp(re, 'u').test(key)) out.push(sub);
    } catch {
      // An invalid pattern is the schema compile's finding.
    }
  }
  if (isSchema(s.additionalProperties)) out.push(s.additionalProperties);
  return out;
}

/** The subschemas for an element (`[*]` or `[n]`) declared by `s` itself. */
function elementSchemas(s: Schema, seg: PathSegment): Schema[] {
  const out: Schema[] = [];
  if (isSchema(s.items)) out.push(s.items);
  if ('index' in seg && Array.isArray(s.prefixItems) && isSchema(s.prefixItems[seg.index]))
    out.push(s.prefixItems[seg.index]);
  return out;
}

/** One step down: the subschemas a segment designates under any of `schemas`. */
function step(root: Schema, schemas: readonly Schema[], seg: PathSegment): Schema[] {
  const next: Schema[] = [];
  const visit = (raw: Schema, depth: number) => {
    const s = resolveRef(root, raw);
    for (const k of ['allOf', 'anyOf', 'oneOf'] as const) {
      if (Array.isArray(s[k]) && depth < MAX_COMBINATOR_DEPTH)
        for (const b of s[k] as unknown[]) if (isSchema(b)) visit(b, depth + 1);
    }
    next.push(...('key' in seg ? keySchemas(s, seg.key) : elementSchemas(s, seg)));
  };
  for (const s of schemas) visit(s, 0);
  return next;
}

/** The subschemas a path designates. */
export function schemaAt(root: Schema, segs: readonly PathSegment[]): Schema[] {
  let cur: Schema[] = [root];
  for (const seg of segs) {
    cur = step(root, cur, seg);
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

/**
 * The index of the first of `keys`, read as a JSONata name chain from `base`, that the schema does not
 * declare, or -1. A name step maps through arrays, so each key may be a field of an element (of an element).
 */
export function undeclaredKey(root: Schema, base: readonly PathSegment[], keys: readonly string[]): number {
  let cur = schemaAt(root, base);
  if (cur.length === 0) return -1; // the base itself is the target check's finding
  for (const [i, key] of keys.entries()) {
    const next: Schema[] = [];
    let level = cur;
    for (let d = 0; d <= MAX_ARRAY_DEPTH && level.length > 0; d++) {
      next.push(...step(root, level, { key }));
      level = step(root, level, { all: true });
    }
    if (next.length === 0) return i;
    cur = next;
  }
  return -1;
}
