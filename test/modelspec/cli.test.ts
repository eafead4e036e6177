import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../src/cli/main.js';

let out = '';
let err = '';
beforeEach(() => {
  out = '';
  err = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    out += String(s);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    err += String(s);
    return true;
  });
});
afterEach(() => vi.restoreAllMocks());

const f = (p: string) => new URL(`../../fixtures/specs/${p}`, import.meta.url).pathname;

describe('authoring commands', () => {
  it('validate: 0 on a valid spec, 1 with findings as JSON', async () => {
    expect(await run(['validate', f('valid/minimal.spec.json')])).toBe(0);
    expect(await run(['validate', f('broken/cycle.spec.json'), '--json'])).toBe(1);
    expect(JSON.parse(out.slice(out.indexOf('{')))).toMatchObject({
      valid: false,
      errors: [{ code: 'DERIVATION_CYCLE' }],
    });
  });

  it('validate: a read of a field the schema does not declare is a finding with pointer and position', async () => {
    expect(await run(['validate', f('broken/read-not-in-schema.spec.json'), '--json'])).toBe(1);
    expect(JSON.parse(out.slice(out.indexOf('{')))).toMatchObject({
      valid: false,
      errors: [{ code: 'READ_NOT_IN_SCHEMA', pointer: '/derivations/0/expr', position: 12 }],
      warnings: [],
    });
  });

  it('test: exit 1 on a failing case', async () => {
    expect(await run(['test', f('broken/failing-test.spec.json')])).toBe(1);
    expect(out).toContain('0 passed, 1 failed');
  });

  it('eval: the value; a coded error; a usage error', async () => {
    expect(await run(['eval', '1 + 2', '--json'])).toBe(0);
    expect(JSON.parse(out)).toEqual({ ok: true, value: 3 });
    expect(await run(['eval', '1 +'])).toBe(1);
    expect(err).toContain('S0207');
    expect(await run(['eval'])).toBe(2);
  });

  it('dry-run applies --set and guidance lists topics', async () => {
    expect(await run(['dry-run', f('valid/minimal.spec.json'), '--set', '$.a=5'])).toBe(0);
    expect(out).toContain('$.b: (missing) → 10');
    expect(await run(['guidance', '--list'])).toBe(0);
    expect(out).toContain('progressive-brackets');
    expect(await run(['guidance', 'no-such-topic'])).toBe(1);
    expect(err).toContain('UNKNOWN_TOPIC');
  });
});
