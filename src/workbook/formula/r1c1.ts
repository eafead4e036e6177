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
 * `prepareShift` splits the work so a master with many children is tokenized and parsed once.
 */
import { parseA1Ref, type RangeA1, stringifyA1Ref, tokenize, translateFormulaToR1C1 } from '@borgar/fx';
import { detached } from '../xml-scan.js';

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

/** A shifted copy of one prepared master formula: the master's text as Excel fills it into (row, col). */
export type ShiftedFormula = (row: number, col: number) => string;

/**
 * Shifts a shared formula's master text (at 0-based masterRow, masterCol) to the cell (row, col), as Excel
 * does for the children of `<f t="shared">`: relative parts of each reference move by the offset, `$` parts
 * stay, a reference moved off the grid becomes `#REF!`. Never throws: on failure the master text is returned.
 * To shift one master to many cells, `prepareShift` it once instead.
 */
export function shiftFormula(
  masterFormula: string,
  masterRow: number,
  masterCol: number,
  row: number,
  col: number,
): string {
  if (row === masterRow && col === masterCol) return masterFormula;
  return prepareShift(masterFormula, masterRow, masterCol)(row, col);
}

/** A reference token of a prepared master, parsed once: the sheet prefix as written and the range. */
interface PreparedRef {
  prefix: string;
  range: RangeA1;
  /**
   * Set when the range is one cell (`B7`, `$B$7`): the cell's column part as printed when moved by `dc`, for
   * the last `dc` asked (filling down asks for one). Undefined for every other range.
   */
  cell?: { dc: number; text: string };
  /**
   * The shape of the reference's text (`shape`) as the master writes it, when printing the master's range gives
   * that shape; else '' (`A2:A2` prints as `A2`: no moved print has the master's shape).
   */
  shape: string;
}

/** A range's text with every run of letters written `A` and every run of digits `1`: `$B2:C$10` → `$A1:A$1`. */
function shape(text: string): string {
  return text.replace(/[A-Za-z]+/g, 'A').replace(/[0-9]+/g, '1');
}

/**
 * Told by a `StrictShift` call: whether every reference of the moved text has the form it has in the master
 * (none became `#REF!`, no range prints in another shape, as `A1:A1048576` moved sideways prints `B:B`). The
 * oracle's parser relies on it (src/oracle/engine/hf-parse.ts).
 */
export interface ShiftForm {
  same: boolean;
}

/**
 * `shiftFormula` for one master, done in two parts so a shared formula with many children is tokenized and
 * its references parsed once, not once per child (on a 100,000-row sheet that was most of the read time).
 * The master becomes a template of literal text (every token other than a reference, copied byte for byte,
 * adjacent ones joined) and parsed references; each call only moves the references and joins the pieces.
 * The result of every call is exactly `shiftFormula`'s, including the master text back when tokenizing fails.
 */
export function prepareShift(masterFormula: string, masterRow: number, masterCol: number): ShiftedFormula {
  const strict = prepareStrictShift(masterFormula, masterRow, masterCol);
  return (row, col) => strict(row, col) ?? masterFormula;
}

/**
 * A prepared formula moved to (row, col), or undefined when it cannot be; `form`, when given, is told whether
 * every reference kept its form.
 */
export type StrictShift = (row: number, col: number, form?: ShiftForm) => string | undefined;

/**
 * `prepareShift` without the fallback, for callers that must know when a text could not be moved (the
 * oracle's templates, the analyser's fill-down check): undefined when the formula does not tokenize or a
 * reference cannot be printed. The master's own cell is always its text. A moved text is a flat string of its
 * own (joined, not a tree of its pieces nor a view into the master: see `detached`), so the reader keeps it
 * as it comes and comparing it costs no flattening.
 */
export function prepareStrictShift(masterFormula: string, masterRow: number, masterCol: number): StrictShift {
  let pieces: Array<string | PreparedRef> | undefined;
  try {
    pieces = prepareTemplate(masterFormula);
  } catch {
    pieces = undefined;
  }
  return (row, col, form) => {
    const dr = row - masterRow;
    const dc = col - masterCol;
    if (form !== undefined) form.same = true;
    if (dr === 0 && dc === 0) return masterFormula;
    if (pieces === undefined) return undefined;
    try {
      const out = pieces.map((piece) => (typeof piece === 'string' ? piece : shiftRef(piece, dr, dc, form)));
      // Why join: with two pieces or more it builds one flat string; a lone piece may be a view or a tree.
      return out.length === 1 ? detached(out[0]!) : out.join('');
    } catch {
      return undefined;
    }
  };
}

/**
 * The master's tokens as template pieces. A reference token fx cannot read as a range (a name, say) is
 * literal text: it never changes under a shift.
 */
function prepareTemplate(masterFormula: string): Array<string | PreparedRef> {
  const pieces: Array<string | PreparedRef> = [];
  let literal = '';
  for (const token of tokenize(masterFormula, { mergeRefs: true, allowTernary: false })) {
    const ref = token.type === 'range' || token.type === 'range_beam' ? prepareRef(token.value) : undefined;
    if (ref) {
      if (literal !== '') pieces.push(literal);
      literal = '';
      pieces.push(ref);
    } else {
      literal += token.value;
    }
  }
  if (literal !== '') pieces.push(literal);
  return pieces;
}

/** Parses one A1 reference token (`Sheet2!$A1:B$2`, `A:A`, `3:5`), or undefined when it has no range. */
function prepareRef(text: string): PreparedRef | undefined {
  const parsed = parseA1Ref(text, { allowTernary: false });
  if (!parsed || !('range' in parsed) || !parsed.range) return undefined;
  const bang = text.lastIndexOf('!');
  // The prefix (`'My Sheet'!`, `[1]Sheet1!`) is kept exactly as written; only the range part is rebuilt.
  const prepared: PreparedRef = {
    prefix: bang >= 0 ? text.slice(0, bang + 1) : '',
    range: parsed.range,
    shape: '',
  };
  if (isOneCell(parsed.range)) prepared.cell = { dc: Number.NaN, text: '' };
  const written = shape(text.slice(prepared.prefix.length));
  prepared.shape = shape(stringifyA1Ref({ range: parsed.range })) === written ? written : '';
  return prepared;
}

/**
 * Whether stringifyA1Ref prints the range, wherever it moves on the grid, as its top-left cell alone (its last
 * case: every coordinate present, top = bottom, left = right, the `$` flags alike, no trimming). Moving keeps
 * all of that, so the printing is the column part and the row part, and the column part only changes with dc.
 */
function isOneCell(r: RangeA1): boolean {
  return (
    typeof r.top === 'number' &&
    typeof r.left === 'number' &&
    r.top === r.bottom &&
    r.left === r.right &&
    r.$top === r.$bottom &&
    r.$left === r.$right &&
    !r.trim
  );
}

/** A prepared reference moved by (dr, dc): relative parts move, `$` parts stay, off the grid is `#REF!`. */
function shiftRef(ref: PreparedRef, dr: number, dc: number, form?: ShiftForm): string {
  const r = ref.range;
  const top = move(r.top, r.$top, dr);
  const bottom = move(r.bottom, r.$bottom, dr);
  const left = move(r.left, r.$left, dc);
  const right = move(r.right, r.$right, dc);
  // Excel shows a reference filled off the sheet as #REF! (the whole reference, sheet prefix included).
  if (off(top, MAX_ROW) || off(bottom, MAX_ROW) || off(left, MAX_COL) || off(right, MAX_COL)) {
    if (form !== undefined) form.same = false;
    return '#REF!';
  }
  const cell = ref.cell;
  if (cell !== undefined) {
    // A one cell prints as one cell wherever it moves: its shape is the master's printed one.
    if (form !== undefined && ref.shape === '') form.same = false;
    // One cell: stringifyA1Ref's column part (printed by it at row 1, the `1` cut off) and its row part.
    if (cell.dc !== dc) {
      const at1 = stringifyA1Ref({
        range: { ...r, top: 0, bottom: 0, $top: false, $bottom: false, left, right },
      });
      cell.text = ref.prefix + at1.slice(0, -1);
      cell.dc = dc;
    }
    return `${cell.text}${r.$top ? '$' : ''}${top! + 1}`;
  }
  // stringifyA1Ref, not our own printing: it also decides when a range reads as `A:A` or `1:1`.
  const printed = stringifyA1Ref({ range: { ...r, top, bottom, left, right } });
  if (form !== undefined && shape(printed) !== ref.shape) form.same = false;
  return ref.prefix + printed;
}

/** One coordinate moved by `by` unless locked; an absent one (a whole column's rows) stays absent. */
function move(v: number | null | undefined, locked: boolean | null | undefined, by: number): number | null {
  if (v === null || v === undefined) return null;
  return locked ? v : v + by;
}

/** Whether a moved coordinate has left the grid (0..max); an absent one never has. */
function off(v: number | null, max: number): boolean {
  return v !== null && (v < 0 || v > max);
}
