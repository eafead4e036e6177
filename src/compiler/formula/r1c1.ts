/**
 * R1C1 forms and shared-formula shifting.
 *
 * `toR1C1` gives a formula's position-independent form, so the workbook compiler can tell whether every row
 * of a column holds "the same" formula (Excel's own notion: `=B2*C2` in row 2 and `=B3*C3` in row 3 are both
 * `RC[-2]*RC[-1]`). It wraps @borgar/fx's `translateFormulaToR1C1`.
 *
 * `shiftFormula` moves a shared formula's master text to another cell the way Excel fills it. It works on
 * tokens rather than by a round trip through R1C1 text, for two reasons: a name that happens to read as an
 * R1C1 reference (`R1C1`, `RC`) would be reinterpreted as a cell on the way back, and a range that moves off
 * the grid must become `#REF!` rather than wrap around the sheet edge. Only range tokens change: string
 * literals, names, numbers, functions and structured references are copied byte for byte (exceljs shifts
 * text inside string literals, `"A1"&A1` → `"A2"&A2`; that is the fault this fixes). Whole-column ranges
 * (`A:A`) have no rows, so they move only horizontally; whole-row ranges (`1:1`) only vertically.
 */
import { parseA1Ref, stringifyA1Ref, tokenize, translateFormulaToR1C1 } from '@borgar/fx';

/** Largest 0-based row and column indexes on an Excel sheet. */
const MAX_ROW = 1_048_575;
const MAX_COL = 16_383;

/** The 0-based (row, col) cell as an A1 id (`B3`). */
export function cellId(row: number, col: number): string {
  let n = col + 1;
  let letters = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    letters = String.fromCharCode(65 + r) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return `${letters}${row + 1}`;
}

/**
 * The R1C1 form of an A1 formula (no leading `=`) anchored at the 0-based cell (row, col). Never throws: a
 * formula fx cannot translate comes back unchanged.
 */
export function toR1C1(formula: string, row: number, col: number): string {
  try {
    return translateFormulaToR1C1(formula, cellId(row, col), { allowTernary: false });
  } catch {
    return formula;
  }
}

/**
 * Shifts a shared formula's master text (at 0-based masterRow, masterCol) to the cell (row, col), as Excel
 * does for the children of `<f t="shared">`: relative parts of each reference move by the offset, `$` parts
 * stay, a reference moved off the grid becomes `#REF!`. Never throws: on failure the master text is returned.
 */
export function shiftFormula(
  masterFormula: string,
  masterRow: number,
  masterCol: number,
  row: number,
  col: number,
): string {
  const dr = row - masterRow;
  const dc = col - masterCol;
  if (dr === 0 && dc === 0) return masterFormula;
  try {
    const tokens = tokenize(masterFormula, { mergeRefs: true, allowTernary: false });
    let out = '';
    for (const token of tokens) {
      out +=
        token.type === 'range' || token.type === 'range_beam' ? shiftRef(token.value, dr, dc) : token.value;
    }
    return out;
  } catch {
    return masterFormula;
  }
}

/** Shifts one A1 reference token (`Sheet2!$A1:B$2`, `A:A`, `3:5`), keeping its sheet prefix as written. */
function shiftRef(text: string, dr: number, dc: number): string {
  const parsed = parseA1Ref(text, { allowTernary: false });
  if (!parsed || !('range' in parsed) || !parsed.range) return text;
  const bang = text.lastIndexOf('!');
  // The prefix (`'My Sheet'!`, `[1]Sheet1!`) is kept exactly as written; only the range part is rebuilt.
  const prefix = bang >= 0 ? text.slice(0, bang + 1) : '';
  const r = { ...parsed.range };
  const move = (
    v: number | null | undefined,
    locked: boolean | null | undefined,
    by: number,
  ): number | null => {
    if (v === null || v === undefined) return null;
    return locked ? v : v + by;
  };
  const top = move(r.top, r.$top, dr);
  const bottom = move(r.bottom, r.$bottom, dr);
  const left = move(r.left, r.$left, dc);
  const right = move(r.right, r.$right, dc);
  const off = (v: number | null, max: number) => v !== null && (v < 0 || v > max);
  // Excel shows a reference filled off the sheet as #REF! (the whole reference, sheet prefix included).
  if (off(top, MAX_ROW) || off(bottom, MAX_ROW) || off(left, MAX_COL) || off(right, MAX_COL)) return '#REF!';
  const range = { ...r, top, bottom, left, right };
  return prefix + stringifyA1Ref({ range } as Parameters<typeof stringifyA1Ref>[0]);
}
