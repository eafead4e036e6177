/**
 * Regression tests for findings of `npm run hostile` and the fuzzers. Each names the case that found it.
 */
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/pipeline/index.js';
import { HOSTILE_HEADERS, workbookCases } from '../../scripts/hostile/cases.js';

describe('hostile regressions', () => {
  // npm run hostile, "hostile headers": convert() answered PARSE_FAILED "Internal error while converting:
  // Cannot read properties of undefined (reading 'has')" (a bug in the compiler, not a refusal).
  it('a table with every hostile header converts without an internal error', async () => {
    const c = workbookCases().find((x) => x.name.startsWith('hostile headers'))!;
    const r = await convert(await c.build());
    expect(r.valid ? '' : r.error).not.toMatch(/Internal error/);
    expect(r.valid).toBe(true);
    expect(c.check!(r)).toBeUndefined();
    expect(HOSTILE_HEADERS).toContain('__proto__');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
