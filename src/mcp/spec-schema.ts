/**
 * The ModelSpec JSON Schema as tools advertise it. Tool input schemas are rendered as draft-07 documents of
 * their own, so the ModelSpec schema's `#/$defs/...` references would point into the wrong document: they are
 * inlined here, and the result is attached to the zod argument with `.meta()`, which zod 4 merges into the JSON
 * Schema it generates. The server itself only checks that a spec is an object; judging it against the schema
 * is validate_spec's job, which reports violations as a structured result rather than a protocol error.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** The schema file's text, read from the package (two levels up from both src/mcp and dist/mcp). */
export function modelSpecSchemaText(): string {
  return readFileSync(new URL('../../schemas/modelspec.schema.json', import.meta.url), 'utf8');
}

/** The ModelSpec schema with `$defs` inlined and without `$schema`/`$id`, fit to embed in another schema. */
export function embeddableModelSpecSchema(): Record<string, unknown> {
  const root = JSON.parse(modelSpecSchemaText()) as Record<string, unknown>;
  const defs = (root.$defs ?? {}) as Record<string, unknown>;
  const inline = (node: unknown, depth: number): unknown => {
    if (depth > 32) throw new Error('ModelSpec schema: $ref nesting too deep (recursive definition?)');
    if (Array.isArray(node)) return node.map((n) => inline(n, depth));
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    const ref = obj.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/')) {
      const target = defs[ref.slice('#/$defs/'.length)];
      if (target === undefined) throw new Error(`ModelSpec schema: unresolved ${ref}`);
      const { $ref: _ref, ...rest } = obj;
      return inline({ ...(target as Record<string, unknown>), ...rest }, depth + 1);
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(obj)) out[k] = inline(v, depth);
    return out;
  };
  const { $schema: _s, $id: _i, $defs: _d, ...body } = root;
  return inline(body, 0) as Record<string, unknown>;
}

/** A tool argument holding a ModelSpec, advertised with the full ModelSpec JSON Schema. */
export function specArgument(description: string) {
  const schema = embeddableModelSpecSchema();
  return z
    .record(z.string(), z.unknown())
    .meta({ ...schema, description: `${description} ${String(schema.description ?? '')}`.trim() });
}
