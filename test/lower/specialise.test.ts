/**
 * Call-site specialisation: the lowering picks $xlRoundTo, $xlVlookupAt and $xlMulBy only where a literal
 * argument makes their skipped checks impossible, and the general helper everywhere else. Each case checks the
 * emitted text and its value; test/lower/fast-paths.test.ts proves the specialised helpers equal the general
 * ones on random inputs.
 */
import { describe, expect, it } from 'vitest';
import { translateFormula } from '../../src/authoring/formula-command.js';
import type { CellValue } from '../../src/workbook/values.js';

const table: Record<string, CellValue> = { A1: 'a', B1: 1, A2: 'B', B2: 2 };
const wildTable: Record<string, CellValue> = { A1: 'a*', B1: 1, A2: 'ab', B2: 2 };

const cases: [string, Record<string, CellValue>, string, CellValue][] = [
  ['=ROUND(2.5,0)', {}, '$xlRoundNum(2.5, 0, 1)', 3],
  ['=ROUND(1.005,2)', {}, '$xlRoundNum(1.005, 2, 100)', 1.01],
  ['=ROUND(1.55,1.9)', {}, '$xlRoundNum(1.55, 1, 10)', 1.6],
  ['=ROUND(1.5,-0.5)', {}, '$xlRoundNum(1.5, 0, 1)', 2],
  ['=ROUND(1,22)', {}, '$xlRoundNum(1, 22, 1e+22)', 1],
  ['=ROUND(1,23)', {}, '$xlRound(1, 23)', 1],
  ['=ROUND(15,-1)', {}, '$xlRound(15, -1)', 20],
  ['=ROUND(1.25,"1")', {}, '$xlRound(1.25, "1")', 1.3],
  ['=ROUND(1.25,LEN("a"))', {}, '$xlRound(1.25, $count($split("a", "")))', 1.3],
  ['=ROUND(C1,2)', { C1: 'x' }, '$xlRoundTo("x", 2, 100)', { error: '#VALUE!' }],
  ['=VLOOKUP("b",A1:B2,2,FALSE)', table, '$xlVlookupAt("b", $xlTableA1B2, 2)', 2],
  ['=VLOOKUP("b",A1:B2,2.9,FALSE)', table, '$xlVlookupAt("b", $xlTableA1B2, 2)', 2],
  ['=VLOOKUP("z",A1:B2,1,FALSE)', table, '$xlVlookupAt("z", $xlTableA1B2, 1)', { error: '#N/A' }],
  ['=VLOOKUP("b",A1:B2,3,FALSE)', table, '$xlVlookup("b", $xlTableA1B2, 3)', { error: '#REF!' }],
  ['=VLOOKUP("b",A1:B2,0,FALSE)', table, '$xlVlookup("b", $xlTableA1B2, 0)', { error: '#VALUE!' }],
  ['=VLOOKUP("b",A1:B2,"2",FALSE)', table, '$xlVlookup("b", $xlTableA1B2, "2")', 2],
  ['=VLOOKUP("a*",A1:B2,2,FALSE)', wildTable, '$xlVlookup("a*", $xlTableA1B2, 2)', 1],
  ['=VLOOKUP("a~*",A1:B2,2,FALSE)', wildTable, '$xlVlookup("a~*", $xlTableA1B2, 2)', 1],
  ['=C1*0.9', { C1: '10' }, '$xlMulBy("10", 0.9)', 9],
  ['=0.5*C1', { C1: { error: '#N/A' } }, '$xlMulBy({"error":"#N/A"}, 0.5)', { error: '#N/A' }],
  ['=C1*-1', { C1: true }, '$xlMulBy(true, -1)', -1],
  ['=C1*2', { C1: '10' }, '$xlMul("10", 2)', 20],
];

describe('call-site specialisation', () => {
  for (const [formula, cells, jsonata, value] of cases) {
    it(`${formula} ${JSON.stringify(cells)}`, async () => {
      const r = await translateFormula(formula, cells);
      expect(r).toMatchObject({ jsonata, value });
    });
  }
});
