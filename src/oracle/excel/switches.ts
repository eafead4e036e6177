/**
 * The oracle's correction switches: each Excel function or operator the oracle does not leave to HyperFormula
 * alone is corrected under one of them (its entry in functions/ names it). Switched off, the formulas are
 * printed as they were, so each switch's gain can be measured against Excel's saved values
 * (`npm run oracle:corpus`). Listed in the order the corpus report shows them, each with a cheap text
 * pre-check when it applies only to formulas that spell something (`ROUND`, `&`, ...).
 */
/** The correction switches; each can be switched off to measure its gain (`npm run oracle:corpus`). */
export const CORRECTIONS = {
  round: { note: 'ROUND rounds the 15-digit decimal form half away from zero', precheck: /ROUND/i },
  concat: {
    note: 'numbers written as Excel writes them in `&`, CONCATENATE and CONCAT',
    precheck: /&|CONCAT/i,
  },
  int: { note: 'INT rounds down (HyperFormula truncates toward zero)', precheck: /INT/i },
  syntax: {
    note: '`1E+21` written `1e+21`; `_xlfn.`/`_xlws.` prefixes dropped; a parenthesised reference argument (`COUNTA((C1))`) printed without its parentheses, a reference as in Excel ([MS-XLS] 2.2.2.4 PtgParen; poi 61063.xlsx Tabelle1!A4 `RANK(A1,(B1,B2,B3),1)` saved 2)',
    precheck: /\dE|_xl|[(,]\s*\(/i,
  },
  arith: { note: "operators and number arguments read values with Excel's coercion" },
  text: {
    note: "text functions write a number argument as Excel writes it, and keep Excel's own rules (SUBSTITUTE, REPLACE, FIND, ...)",
  },
  logic: { note: 'IF/NOT conditions and AND/OR arguments read as Excel reads them' },
  aggregate: {
    note: 'SUM/AVERAGE/MIN/MAX/COUNT/SUMPRODUCT/COUNTBLANK read their arguments as Excel reads them',
  },
  lookup: { note: 'VLOOKUP/HLOOKUP/MATCH exact modes, XLOOKUP and INDEX match as Excel matches' },
  compare: { note: "comparisons use Excel's type order and text comparison" },
  format: {
    note: "TEXT with a number or date/time format code of excel-text.ts's sets (a literal, or read from a cell) formats as Excel",
    precheck: /TEXT/i,
  },
  date: {
    note: "date functions use Excel's 1900 calendar (serial 0, the serial range, truncation)",
    precheck: /DATE|YEAR|MONTH|DAY|WEEK|TIME|HOUR|MINUTE|SECOND/i,
  },
  math: {
    note: 'ROUNDUP/ROUNDDOWN/TRUNC/EVEN/ODD/CEILING/FLOOR on the 15-digit decimal form; MOD, POWER, PI, PRODUCT, SUMSQ, RADIANS, DEGREES, QUOTIENT, EXP, LN, LOG, LOG10, PMT, NPER, PV, FV, IPMT, PPMT, NPV as Excel',
    precheck:
      /ROUND|TRUNC|EVEN|ODD|CEILING|FLOOR|MOD|POWER|PI|PRODUCT|SUMSQ|RADIANS|DEGREES|QUOTIENT|EXP|LN|LOG|PMT|NPER|PV|FV|IPMT|PPMT|NPV/i,
  },
  criteria: {
    note: 'SUMIF/COUNTIF/AVERAGEIF and the *IFS family match criteria as Excel does (excel-criteria.ts)',
    precheck: /IFS?\(/i,
  },
  bases: {
    note: 'DEC2BIN/BIN2DEC and the other base conversions read their input as Excel does (excel-bases.ts)',
    precheck: /(BIN|OCT|DEC|HEX)2/i,
  },
} satisfies Record<string, { note: string; precheck?: RegExp }>;

export type CorrectionName = keyof typeof CORRECTIONS;
export const ALL_CORRECTIONS = Object.keys(CORRECTIONS) as readonly CorrectionName[];
