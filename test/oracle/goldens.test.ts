/**
 * Every golden case of fixtures/formulas (values taken from Excel: corpus cells, Microsoft's pages) through
 * the oracle, independently of the lowering: the oracle gives the golden value, or its own undetermined
 * (#ERROR!) for the cases listed, whose Excel answer the oracle does not claim. A refusal golden is
 * evaluated too: the oracle must not throw on a formula the compiler refuses (`SUMIF(A1:A3)`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateWorkbook } from '../../src/oracle/engine/hyperformula.js';
import { gridSheet, type WorkbookModel } from '../../src/workbook/model.js';
import type { CellValue } from '../../src/workbook/values.js';

const ROOT = 'fixtures/formulas';
const UNDETERMINED = { error: '#ERROR!' };

/**
 * Goldens whose input the oracle calls undetermined (docs/oracle.md says why for each kind), beside every
 * golden whose lowering gives the not-established value: the oracle must be undetermined there too.
 */
const ORACLE_UNDETERMINED = new Set([
  'power/negative-integer-underflow.json', // a result below the smallest double: undetermined (docs/oracle.md)
  'arith/mod-beyond-evidence.json',
  'arith/pi-compare.json',
  'arith/roundup-overflow.json',
  'arithmetic/left-to-right.json',
  'compare/fifteen-digits.json',
  'compare/literal-bounds-gt.json',
  'compare/literal-left.json',
  'criteria/countif-fifteen-digits.json',
  // fuzz seed 5: left to right 0.97/4, range by range 0.9700000000000001/4 (HyperFormula's own SUBTOTAL)
  'criteria/subtotal-average-two-ranges.json',
  'date/datevalue-not-date.json',
  // TEXT: a literal code with a `""` inside, which HyperFormula's parser cannot read (="a""b" is its #ERROR!)
  'format/date-time-literal-text.json',
  'format/elapsed-seconds-plain-ss.json',
  // TEXT date/time codes the lowering gives not established (excel-text-dates.ts: 12 o'clock on a 12-hour
  // clock, a carry into the next day or minute, a half-second tie, a time-only code below 0)
  'format/time-am-pm-midnight.json',
  'format/time-am-pm-noon.json',
  'format/time-day-carry.json',
  'format/time-h-mm-rounds-minute.json',
  'format/time-half-second-tie.json',
  'format/time-negative-hh-mm.json',
  // A boolean typed in QUOTIENT/FLOOR.MATH (excel-multiples.ts): not established; the lowering #VALUE!
  'multiples/floor-math-boolean.json',
  // FLOOR.MATH's mode read from a cell holding a boolean or a blank: not established; the lowering #VALUE!
  'multiples/floor-math-mode-blank-cell.json',
  'multiples/floor-math-mode-boolean-cell.json',
  'multiples/quotient-boolean.json',
  // A logical start date of EDATE/EOMONTH, WEEKNUM of a logical, DATEVALUE of spaced text: not established.
  'date/edate-ref-true.json',
  'date/eomonth-ref-true.json',
  'date/weeknum-ref-true.json',
  'logic/and-plain.json',
  'lookup/match-blank-key.json',
  'lookup/match-empty-text-key.json',
  // SEARCH with a pattern ending in a `~` that quotes nothing, other than "~" itself (excel-textops.ts)
  'textops/search-trailing-tilde.json',
  // CODE of a character outside the ANSI set (excel-textops.ts)
  'textops/code-outside-ansi.json',
  // TIME, HOUR/MINUTE/SECOND and TIMEVALUE cases whose Excel answer is not established (excel-times.ts)
  'time/time-negative-hour-ne.json',
  'time/time-above-32767-ne.json',
  'time/time-negative-fraction-ne.json',
  'time/second-between-ne.json',
  'time/hour-negative-ne.json',
  'time/timevalue-date-ne.json',
  'time/timevalue-number-ne.json',
  // NETWORKDAYS/WORKDAY cases whose Excel answer is not established (excel-workdays.ts)
  'workdays/networkdays-blank-ne.json',
  'workdays/networkdays-time-ne.json',
  'workdays/networkdays-holiday-text-ne.json',
  'workdays/networkdays-intl-code-8-ne.json',
  'workdays/networkdays-intl-boolean-ne.json',
  'workdays/workday-days-text-ne.json',
  'workdays/workday-intl-all-weekend-ne.json',
  // DAYS360/YEARFRAC cases whose Excel answer is not established (excel-daycount.ts)
  'daycount/days360-date-text-ne.json',
  'daycount/days360-last-second-ne.json',
  'daycount/yearfrac-feb-end-ne.json',
  'daycount/yearfrac-across-feb29-ne.json',
  'daycount/yearfrac-blank-ne.json',
]);

interface Golden {
  formula: string;
  cells?: Record<string, CellValue>;
  value?: CellValue;
  /** Excel's answer is not established: the oracle must answer undetermined too. */
  notEstablished?: string;
  code?: string;
}

function at(ref: string): { row: number; col: number } {
  const m = /^([A-Z]+)(\d+)$/.exec(ref.toUpperCase());
  if (!m) throw new Error(`bad cell ${ref}`);
  let col = 0;
  for (const ch of m[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { row: Number(m[2]) - 1, col: col - 1 };
}

const goldens = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(ROOT, d.name))
      .filter((f) => f.endsWith('.json'))
      .map((f) => ({
        name: `${d.name}/${f}`,
        g: JSON.parse(readFileSync(join(ROOT, d.name, f), 'utf8')) as Golden,
      })),
  );

/** One sheet per golden: its cells where they are, the formula far below and to the right. */
const FORMULA = { row: 199, col: 50 };
const sheets = goldens.map(({ g }, i) => {
  const grid: (CellValue | undefined)[][] = Array.from({ length: FORMULA.row + 1 }, () => []);
  for (const [ref, v] of Object.entries(g.cells ?? {})) {
    const { row, col } = at(ref);
    // A text cell starting with `=` would be read as a formula by gridSheet: not a golden's input.
    grid[row]![col] = typeof v === 'string' && v.startsWith('=') ? undefined : v;
  }
  grid[FORMULA.row]![FORMULA.col] = g.formula;
  return gridSheet(`S${i}`, grid);
});
const wb: WorkbookModel = { sheets, definedNames: [], tables: [] };
const oracle = evaluateWorkbook(wb, {});
const got = (i: number): CellValue => oracle.get(`S${i}`, FORMULA.row, FORMULA.col) ?? 0;

describe('the oracle gives the golden (Excel) value of every golden case', () => {
  it('has the goldens', () => expect(goldens.length).toBeGreaterThan(900));
  goldens.forEach(({ name, g }, i) => {
    if (g.code !== undefined) return;
    const want =
      ORACLE_UNDETERMINED.has(name) || g.notEstablished !== undefined ? UNDETERMINED : (g.value ?? 0);
    it(`${name}: ${g.formula}`, () => expect(got(i)).toEqual(want === null ? 0 : want));
  });
  it('lists only goldens that exist and are not refusals', () => {
    const values = new Set(goldens.filter(({ g }) => g.code === undefined).map(({ name }) => name));
    expect([...ORACLE_UNDETERMINED].filter((n) => !values.has(n))).toEqual([]);
  });
});
