/** TIME with an argument so negative that its seconds overflow a double (the 100,000-case fuzz found it). */
import { describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';

describe('TIME of a huge negative argument', () => {
  it.each([
    ['=TIME(E1,1,1)', { E1: -4.993592041284211e304 }],
    ['=TIME(1,E1,1)', { E1: -1e307 }],
    ['=TIME(E1,A1,E1)', { A1: ' 1.5 ', E1: -4.993592041284211e304 }],
    ['=NETWORKDAYS(TIME(E1,A1,E1),A1)', { A1: ' 1.5 ', E1: -4.993592041284211e304 }],
  ])(
    '%s is #NUM!, a negative total (TIME_HOUR_MINUTE_SECOND.xlsx D11), not a thrown error',
    async (formula, cells) => {
      const r = await translateFormula(formula, cells);
      expect('error' in r ? r.error : r.value).toEqual({ error: '#NUM!' });
    },
  );
});
