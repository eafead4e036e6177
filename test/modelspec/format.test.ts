import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { modelIdProblem, modelSpecValidator } from '../../src/modelspec/index.js';
import { validateSpec } from '../../src/authoring/index.js';

const read = (p: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/specs/${p}`, import.meta.url), 'utf8'));

describe('ModelSpec JSON Schema', () => {
  const v = modelSpecValidator();
  it('accepts ids with a namespace and semver versions, rejects others', () => {
    expect(v({ id: 'ns/my-model_1', version: '1.2.3-beta.1', schema: {} })).toBe(true);
    expect(v({ id: 'a b', version: '1.0.0', schema: {} })).toBe(false);
    expect(v({ id: 'a', version: '1.0', schema: {} })).toBe(false);
    expect(
      v({ id: 'a', version: '1.0.0', schema: {}, library: { define: '[]' }, viewDefinition: { any: 1 } }),
    ).toBe(true);
    expect(
      v({
        id: 'a',
        version: '1.0.0',
        schema: {},
        derivations: [{ path: '$.x', expr: '1', evaluation: 'soon' }],
      }),
    ).toBe(false);
    expect(
      v({
        id: 'a',
        version: '1.0.0',
        schema: {},
        metaDerivations: [{ path: '$.x', property: 'color', expr: '1' }],
      }),
    ).toBe(false);
    expect(
      v({
        id: 'a',
        version: '1.0.0',
        schema: {},
        constraints: [{ id: 'c', expr: '1', message: 'm', policy: 'warn' }],
      }),
    ).toBe(false);
  });
});

describe('modelIdProblem', () => {
  it('accepts what the schema accepts as an id and explains the rest', () => {
    expect(modelIdProblem('ns/my-model_1')).toBeUndefined();
    expect(modelIdProblem('orders')).toBeUndefined();
    expect(modelIdProblem('bad id!')).toMatch(/letters, digits/);
    expect(modelIdProblem('a/b/c')).toBeDefined();
    expect(modelIdProblem('x'.repeat(201))).toMatch(/200/);
  });
});

describe('fixtures/specs', () => {
  it.each(readdirSync(new URL('../../fixtures/specs/valid', import.meta.url)))(
    'valid/%s validates',
    async (f) => {
      const r = await validateSpec(read(`valid/${f}`), { inProcess: true });
      expect(r.errors).toEqual([]);
      expect(r.valid).toBe(true);
    },
  );

  const broken: [string, string, string, boolean?][] = [
    ['bad-structure', 'SPEC_SCHEMA', '/extra'],
    ['bad-schema', 'SCHEMA_INVALID', '/schema'],
    ['bad-expression', 'EXPRESSION_INVALID', '/derivations/0/expr', true],
    ['library-reads-document', 'LIBRARY_READS_DOCUMENT', '/library', true],
    ['reserved-export', 'LIBRARY_RESERVED_NAME', '/library'],
    ['nondeterministic-library', 'LIBRARY_NONDETERMINISTIC', '/library', true],
    ['unresolved-function', 'UNRESOLVED_FUNCTION', '/derivations/0/expr', true],
    ['non-canonical-path', 'NON_CANONICAL_PATH', '/derivations/0/path'],
    ['path-not-in-schema', 'PATH_NOT_IN_SCHEMA', '/derivations/0/path'],
    ['cycle', 'DERIVATION_CYCLE', '/derivations/0'],
    ['test-unknown-path', 'TEST_UNKNOWN_PATH', '/tests/0/expect/$.nope'],
    ['read-not-in-schema', 'READ_NOT_IN_SCHEMA', '/derivations/0/expr', true],
  ];
  it.each(broken)('broken/%s gives %s at %s', async (name, code, ptr, hasPosition) => {
    const r = await validateSpec(read(`broken/${name}.spec.json`), { inProcess: true });
    expect(r.valid).toBe(false);
    const f = r.errors.find((e) => e.code === code);
    expect(f).toMatchObject({ code, pointer: ptr });
    if (hasPosition) expect(typeof f?.position).toBe('number');
  });

  it('positions point into the expression', async () => {
    const r = await validateSpec(read('broken/unresolved-function.spec.json'), { inProcess: true });
    // `$xlRound(a * 2, 0)`: JSONata reports the position at the end of the name token.
    expect(r.errors[0].position).toBe(8);
    const lib = await validateSpec(read('broken/library-reads-document.spec.json'), { inProcess: true });
    expect(lib.errors[0].position).toBe('( $f := function($x) { $x + $'.length);
  });

  it('a read of a field the schema does not define is an error at the field, in row and root derivations', async () => {
    const r = await validateSpec(read('broken/read-not-in-schema.spec.json'), { inProcess: true });
    // `$parent.nett * 2`: JSONata's position is the end of the name token.
    expect(r.errors).toEqual([
      expect.objectContaining({ code: 'READ_NOT_IN_SCHEMA', pointer: '/derivations/0/expr', position: 12 }),
    ]);
    expect(r.errors[0].message).toContain('$.items[*].nett');
    const spec = read('valid/minimal.spec.json');
    spec.derivations = [{ path: '$.b', expr: 'a + $$.c.d + $sum($$.a)' }];
    const root = await validateSpec(spec, { inProcess: true });
    expect(root.errors.map((e) => [e.code, e.position])).toEqual([['READ_NOT_IN_SCHEMA', 8]]);
  });

  it('reads through arrays, declared fields and open schemas are not findings', async () => {
    const spec = read('broken/read-not-in-schema.spec.json');
    spec.derivations = [
      { path: '$.items[*].total', expr: '$parent.net * 2 + $sum($$.items.net) + $count($$.items[net > 0])' },
    ];
    expect((await validateSpec(spec, { inProcess: true })).errors).toEqual([]);
    spec.schema.properties.items.items.additionalProperties = { type: 'number' };
    spec.derivations = [{ path: '$.items[*].total', expr: '$parent.nett * 2' }];
    expect((await validateSpec(spec, { inProcess: true })).errors).toEqual([]);
  });

  it('no follow-on warnings after a parse error', async () => {
    const spec = read('broken/unused-export.spec.json');
    spec.library = '( $twice := function($x) { $x * 2 }; ["twice"] )';
    spec.derivations = [{ path: '$.b', expr: '$twice(a) +' }];
    const r = await validateSpec(spec, { inProcess: true });
    expect(r.errors.map((e) => e.code)).toEqual(['EXPRESSION_INVALID']);
    expect(r.warnings).toEqual([]);
  });

  it('an unused export is a warning, not an error', async () => {
    const r = await validateSpec(read('broken/unused-export.spec.json'), { inProcess: true });
    expect(r.valid).toBe(true);
    expect(r.warnings).toEqual([expect.objectContaining({ code: 'UNUSED_EXPORT', pointer: '/library' })]);
    expect(r.warnings[0].message).toContain('unused');
  });

  it('reserved names and built-ins are both refused as exports', async () => {
    const r = await validateSpec(read('broken/reserved-export.spec.json'), { inProcess: true });
    expect(
      r.errors.filter((e) => e.code === 'LIBRARY_RESERVED_NAME').map((e) => e.message.match(/"(\w+)"/)?.[1]),
    ).toEqual(['sum', 'now']);
  });

  it('validates in the sandbox by default', async () => {
    const r = await validateSpec(read('broken/cycle.spec.json'));
    expect(r.errors.map((e) => e.code)).toEqual(['DERIVATION_CYCLE']);
  });
});
