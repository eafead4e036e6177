/**
 * The ModelSpec JSON Schema as an object (schemas/modelspec.schema.json, read from the package: two levels up
 * from both src/modelspec and dist/modelspec) and the spec id rule read from it, without ajv (schema.ts builds
 * the validators), so a front end's main thread can check an id without loading a validator (light.ts).
 */
import { readFileSync } from 'node:fs';

let cached: Record<string, unknown> | undefined;

/** The ModelSpec JSON Schema (2020-12) as an object. */
export function modelSpecSchema(): Record<string, unknown> {
  // Reading once is a cache of an immutable file, not shared mutable state.
  cached ??= JSON.parse(
    readFileSync(new URL('../../schemas/modelspec.schema.json', import.meta.url), 'utf8'),
  );
  return structuredClone(cached) as Record<string, unknown>;
}

/**
 * Why `id` is not a valid spec id (`[namespace/]name` of letters, digits, `-` and `_`), or undefined. The rule
 * is the schema's own `id` property, so the check and the format cannot disagree.
 */
export function modelIdProblem(id: string): string | undefined {
  const rule = (modelSpecSchema().properties as Record<string, { pattern: string; maxLength: number }>).id;
  if (id.length > rule.maxLength) return `is longer than ${rule.maxLength} characters`;
  if (!new RegExp(rule.pattern, 'u').test(id))
    return 'is not [namespace/]name of letters, digits, "-" and "_"';
  return undefined;
}
