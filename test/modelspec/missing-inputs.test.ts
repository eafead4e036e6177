/**
 * A field missing from a row (docs/semantics.md, "A field missing from a row"): for every fixture spec, an input
 * field typed without null is `required` (the runtime refuses a row without it with a schema violation), and a
 * row added without a nullable field computes exactly what it computes with the field null (Excel's blank).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compileDerivation,
  computeDerivations,
  type ModelSpec,
  specBindings,
} from '../../src/modelspec/index.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');
const specs = readdirSync(FIXTURES)
  .filter((f) => f.endsWith('.spec.json'))
  .sort();

type Item = Record<string, unknown>;

function inputFields(spec: ModelSpec): string[] {
  const props = (spec.schema as any)?.properties?.items?.items?.properties ?? {};
  return Object.keys(props).filter((k) => props[k]?.readOnly !== true);
}

async function derive(spec: ModelSpec, items: Item[]): Promise<Item> {
  const doc: Item = { items: structuredClone(items) };
  const bindings = await specBindings(spec.library, (spec.constants ?? {}) as Record<string, unknown>);
  await computeDerivations((spec.derivations ?? []).map(compileDerivation), doc, bindings);
  return doc;
}

describe.each(specs)('%s: rows with an input absent or null', (file) => {
  const spec = JSON.parse(readFileSync(resolve(FIXTURES, file), 'utf8')) as ModelSpec;
  const base = seedItems(spec);
  const fields = inputFields(spec);
  const derived = new Set((spec.derivations ?? []).map((d) => d.path.replace(/^\$\.items\[\*\]\./, '')));
  const template: Item = Object.fromEntries(
    Object.entries(base[0] ?? {}).filter(([k]) => fields.includes(k) && !derived.has(k)),
  );

  const itemSchema = (spec.schema as any)?.properties?.items?.items ?? {};
  const required = new Set<string>(itemSchema.required ?? []);
  const nullable = (f: string) => JSON.stringify(itemSchema.properties?.[f] ?? {}).includes('"null"');

  it.each(fields)('without %s: required, or as blank as null', async (field) => {
    // A field typed without null (no blank in its column) is required: the runtime refuses a row without it.
    if (!nullable(field)) {
      expect(required.has(field), `${field} is typed without null, so it must be required`).toBe(true);
      return;
    }
    const absent = { ...template };
    delete absent[field];
    const withNull = { ...template, [field]: null };
    const a = await derive(spec, [...base, absent]);
    const n = await derive(spec, [...base, withNull]);
    expect(a).toEqual({
      ...n,
      items: (n.items as Item[]).map((it, i) => (i === base.length ? omit(it, field) : it)),
    });
  });
});

/** The seed rows: the `$` default value's items (a JSON object literal). */
function seedItems(spec: ModelSpec): Item[] {
  const seed = (spec.defaultValues ?? []).find((d) => d.path === '$');
  return seed ? ((JSON.parse(seed.expr) as Item).items as Item[]) : [];
}

function omit(item: Item, field: string): Item {
  const copy = { ...item };
  delete copy[field];
  return copy;
}

describe('a row without a required field', () => {
  it('is refused by the runtime with a schema violation naming it, not computed into an error', async () => {
    const { runModel } = await import('../../src/modelspec/runtime.js');
    const spec = JSON.parse(readFileSync(resolve(FIXTURES, 'array-formula.spec.json'), 'utf8')) as ModelSpec;
    const state = { items: [...seedItems(spec), { b: 2 }] };
    const result = await runModel(spec, { state });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBe('Schema violation');
    expect(result.violations).toContainEqual(expect.objectContaining({ keyword: 'required' }));
  });
});
