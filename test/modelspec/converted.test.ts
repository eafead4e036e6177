import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ModelSpec } from '../../src/modelspec/index.js';
import { testSpec, validateSpec } from '../../src/authoring/index.js';

// The compiler's committed golden specs (fixtures/*.spec.json): each must validate and pass its own tests.
const dir = new URL('../../fixtures/', import.meta.url);
const specs = readdirSync(dir).filter((f) => f.endsWith('.spec.json'));

describe('converted fixture specs', () => {
  it('there are some', () => {
    expect(specs.length).toBeGreaterThan(0);
  });
  it.each(specs)('%s validates and passes its tests', async (f) => {
    const spec = JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as ModelSpec;
    const v = await validateSpec(spec, { inProcess: true });
    expect(v.errors).toEqual([]);
    const t = await testSpec(spec, undefined, { inProcess: true });
    expect(t.results.flatMap((r) => r.failures)).toEqual([]);
    expect(t.failed).toBe(0);
  });
});
