/**
 * The parse limits, declared once: the defaults `parseFormula` judges a formula by (the codes
 * `FORMULA_TOO_LONG` and `FORMULA_TOO_DEEP`, the reader's `maxFormulaLength`), and the bounds for reading a
 * workbook's formulas as they were saved. A module of its own so the reader's limits load without fx.
 */

/** Excel allows 64 levels of function nesting; this leaves headroom while keeping fx's recursion shallow. */
export const DEFAULT_MAX_DEPTH = 100;

/** Excel's limit on the length of a formula's text. */
export const DEFAULT_MAX_LENGTH = 8192;

/**
 * Deep and long enough for any formula fx itself can parse: for code that reads what a workbook holds (the
 * oracle rewriting its formulas, the structured references a formula names) rather than judging it.
 */
export const AS_SAVED_PARSE_LIMITS = { maxDepth: 100_000, maxLength: Number.POSITIVE_INFINITY } as const;
