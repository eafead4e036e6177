import { describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';
import { functionEntry } from '../../src/compiler/lower/functions/index.js';
import { WITHHELD_FUNCTIONS } from '../../src/compiler/lower/functions/withheld.js';

describe('functions withheld on purpose', () => {
  it.each(Object.entries(WITHHELD_FUNCTIONS))(
    '%s: not in the function table, refused with its reason',
    async (name, why) => {
      expect(functionEntry(name)).toBeUndefined();
      const r = await translateFormula(`=${name}(12,-100,1000)`, {});
      expect('error' in r && r.error.code).toBe('UNSUPPORTED_FUNCTION');
      expect('error' in r && r.error.message).toBe(`function ${name} is not supported: ${why}`);
    },
  );

  it('a function nobody studied says only that it is not supported', async () => {
    const r = await translateFormula('=XIRR(A1:A2,B1:B2)', {});
    expect('error' in r && r.error.message).toBe('function XIRR is not supported');
  });
});
