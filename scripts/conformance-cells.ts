/**
 * What `npm run conformance` (scripts/conformance.ts) binds for one formula cell, and how it scores the answer.
 *
 * `boundCells`: the cell values a formula reads, or why it cannot be tried. A formula cell it reads is bound to
 * the value Excel saved for it (a constant for the lowering), so the tried cell's own lowering is tested exactly
 * on the inputs Excel computed with; IronCalc's function tests read their arguments from formula cells
 * (`=CHAR(A5)` with `A5` `=2^7`), and 9,303 of their cells were skipped before. Still skipped: a formula cell
 * with no saved value, a reference that holds the cell itself, in a workbook that computes circular references
 * by iteration (`<calcPr iterate="1">`) a formula cell that reads the tried cell back, directly or through
 * others (`reachesCell`; without iteration Excel refuses a cycle, so none is searched), and SUBTOTAL over a SUBTOTAL cell
 * (Excel's SUBTOTAL leaves such cells out, which a saved value cannot say).
 *
 * `outcomeOf`: exact, equal at 15 significant digits, mismatch, or *not established*: a lowered value that is an
 * object with a `notEstablished` key (the run-time value for a case whose Excel answer is not established) is a
 * refusal, never compared with the saved value.
 */
import type { Node } from '../src/workbook/formula/ast.js';
import { a1 } from '../src/workbook/formula/ast.js';
import { parseFormula } from '../src/workbook/formula/parser.js';
import { someNode, walk } from '../src/workbook/formula/walk.js';
import { isRefusal } from '../src/compiler/lower/contract.js';
import { resolveName } from '../src/compiler/recognise/names.js';
import { SUPPORTED_FUNCTIONS } from '../src/compiler/lower/functions/index.js';
import { same15 } from '../src/workbook/precision.js';
import type { CellValue } from '../src/workbook/values.js';
import { getCell, type SheetModel, type WorkbookModel } from '../src/workbook/model.js';

/** Where the tried formula stands, and what binding it needed (filled in by `boundCells`). */
export interface Reading {
  sheet: SheetModel;
  row: number;
  col: number;
  /** The functions (and `&`, `^`, `comparison`) the formula uses. */
  fns: Set<string>;
  /** Set when a formula cell was bound to its saved value. */
  readsSaved: boolean;
  /** Set when such a cell lies in a row above on the same sheet (the running/cross-row case). */
  readsSavedAbove: boolean;
}

export function reading(sheet: SheetModel, row: number, col: number): Reading {
  return { sheet, row, col, fns: new Set(), readsSaved: false, readsSavedAbove: false };
}

/** Why a formula cannot be tried, or the cell values it reads (own sheet by address, another as `Sheet!A1`). */
export function boundCells(ast: Node, wb: WorkbookModel, at: Reading): string | Record<string, CellValue> {
  const cells: Record<string, CellValue> = {};
  const { sheet, fns } = at;
  let on = sheet;
  const bind = (row: number, col: number): string | undefined => {
    const c = getCell(on, row, col);
    if (c?.formula !== undefined) {
      if (on === sheet && row === at.row && col === at.col) return 'reads itself';
      if (c.cached === undefined) return 'reads a formula cell without a saved value';
      if (wb.calc?.iterate && reachesCell(wb, on, row, col, at))
        return 'reads a cycle (or a chain too long to check)';
      if (fns.has('SUBTOTAL') && callsSubtotal(c.formula)) return 'SUBTOTAL reads a SUBTOTAL cell';
      at.readsSaved = true;
      if (on === sheet && row < at.row) at.readsSavedAbove = true;
    }
    cells[on === sheet ? a1(row, col) : `${on.name}!${a1(row, col)}`] = c
      ? c.formula !== undefined
        ? c.cached!
        : c.value
      : null;
    return undefined;
  };
  /** Points `on` at the sheet a reference reads, or says why it cannot be tried. */
  const scope = (n: { sheet?: string; workbook?: string }): string | undefined => {
    if (n.workbook !== undefined || n.sheet?.includes(':')) return 'sheet-qualified reference';
    const target =
      n.sheet === undefined ? sheet : wb.sheets.find((s) => s.name.toLowerCase() === n.sheet?.toLowerCase());
    if (!target) return 'sheet-qualified reference';
    on = target;
    return undefined;
  };
  const walk = (n: Node): string | undefined => {
    switch (n.kind) {
      case 'call':
        fns.add(n.name);
        if (!SUPPORTED_FUNCTIONS.includes(n.name)) return `unsupported function ${n.name}`;
        for (const a of n.args) {
          const r = walk(a);
          if (r) return r;
        }
        return undefined;
      case 'binary': {
        if (n.op === '&') fns.add('&');
        else if (!['+', '-', '*', '/', '^', ':', ',', ' '].includes(n.op)) fns.add('comparison');
        else if (n.op === '^') fns.add('^');
        return walk(n.left) ?? walk(n.right);
      }
      case 'unary':
      case 'percent':
        return walk(n.operand);
      case 'cell':
        return scope(n) ?? bind(n.row, n.col);
      case 'range': {
        const why = scope(n);
        if (why) return why;
        const { start, end } = n;
        // A whole column or row: the cells the sheet holds in it (the lowering reads it up to them).
        if (start.row === null || end.row === null || start.col === null || end.col === null) {
          for (const [r, row] of on.rows) {
            for (const c of row.keys()) {
              const inside =
                start.row === null || end.row === null
                  ? c >= (start.col ?? 0) && c <= (end.col ?? 0)
                  : r >= start.row && r <= end.row;
              const why = inside ? bind(r, c) : undefined;
              if (why) return why;
            }
          }
          return undefined;
        }
        if ((end.row - start.row + 1) * (end.col - start.col + 1) > 10_000) return 'range too large';
        for (let r = start.row; r <= end.row; r++) {
          for (let c = start.col; c <= end.col; c++) {
            const why = bind(r, c);
            if (why) return why;
          }
        }
        return undefined;
      }
      case 'name': {
        const t = resolveName(wb.definedNames, n, sheet.name);
        if (isRefusal(t)) return 'defined name';
        return t.kind === 'constant' ? undefined : walk(t.node);
      }
      case 'structured':
        return 'structured reference';
      case 'array':
      case 'other':
        return 'unsupported construct';
      default:
        return undefined;
    }
  };
  return walk(ast) ?? cells;
}

/**
 * The formula cells a chain may visit (and 20 times as many cells looked at) before `reachesCell` gives up
 * and calls it a cycle.
 */
const CHAIN_LIMIT = 5_000;

/**
 * Does the formula cell at (`sheet`, row, col) read the tried cell, directly or through other formula cells?
 * Then the two are a cycle (poi/57535.xlsx `E5 = 0.1*(E4+E6)`, `E6 = E4+E5`, saved after Excel's iterations),
 * and a saved value read from it is not an input Excel computed the tried cell from. A chain past CHAIN_LIMIT
 * counts as a cycle: not tried rather than guessed.
 */
function reachesCell(
  wb: WorkbookModel,
  sheet: SheetModel,
  row: number,
  col: number,
  target: Reading,
): boolean {
  const seen = new Set<string>();
  const stack: Array<[SheetModel, number, number]> = [[sheet, row, col]];
  let work = 0;
  while (stack.length > 0) {
    const [s, r, c] = stack.pop()!;
    const key = `${s.name}!${r},${c}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (seen.size > CHAIN_LIMIT || work > CHAIN_LIMIT * 20) return true;
    const formula = getCell(s, r, c)?.formula;
    if (formula === undefined) continue;
    const ast = parsed(formula);
    if (!ast) continue;
    let hit = false;
    const visit = (n: Node): void => {
      if (hit) return;
      if (n.kind === 'name') {
        const t = resolveName(wb.definedNames, n, s.name);
        if (!isRefusal(t) && t.kind !== 'constant') walk(t.node, visit);
        return;
      }
      if (n.kind !== 'cell' && n.kind !== 'range') return;
      const on =
        n.sheet === undefined ? s : wb.sheets.find((x) => x.name.toLowerCase() === n.sheet?.toLowerCase());
      if (!on || n.workbook !== undefined) return;
      const box =
        n.kind === 'cell'
          ? { r0: n.row, r1: n.row, c0: n.col, c1: n.col }
          : {
              r0: n.start.row ?? 0,
              r1: n.end.row ?? on.maxRow,
              c0: n.start.col ?? 0,
              c1: n.end.col ?? on.maxCol,
            };
      const inBox = (r: number, c: number) => box.r0 <= r && r <= box.r1 && box.c0 <= c && c <= box.c1;
      if (on === target.sheet && inBox(target.row, target.col)) {
        hit = true;
        return;
      }
      for (let rr = box.r0; rr <= Math.min(box.r1, on.maxRow); rr++) {
        const line = on.rows.get(rr);
        if (line === undefined) continue;
        work += line.size;
        for (const [cc, cell] of line)
          if (inBox(rr, cc) && cell.formula !== undefined) stack.push([on, rr, cc]);
      }
    };
    walk(ast, visit);
    if (hit) return true;
  }
  return false;
}

const asts = new Map<string, Node | undefined>();
/** A formula's AST, parsed once per text. */
function parsed(formula: string): Node | undefined {
  if (!asts.has(formula)) asts.set(formula, parseFormula(formula).ast);
  return asts.get(formula);
}

function callsSubtotal(formula: string): boolean {
  const { ast } = parseFormula(formula);
  return ast !== undefined && someNode(ast, (n) => n.kind === 'call' && n.name === 'SUBTOTAL');
}

export type Outcome = 'exact' | 'match15' | 'mismatch' | 'notEstablished';

/** Is the lowered value the run-time "not established" value (an object with a `notEstablished` key)? */
export function isNotEstablished(v: unknown): boolean {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && 'notEstablished' in v;
}

/** How the lowered value `got` compares with the saved `want` (numbers as doubles, then at 15 digits). */
export function outcomeOf(want: CellValue, got: unknown): Outcome {
  if (isNotEstablished(got)) return 'notEstablished';
  if (typeof want === 'number' && typeof got === 'number')
    return want === got ? 'exact' : same15(want, got) ? 'match15' : 'mismatch';
  return JSON.stringify(want) === JSON.stringify(got) ? 'exact' : 'mismatch';
}

/** The IronCalc category folder of a corpus file (`DATE_AND_TIME`, `TEXT`...), `(top level)`, or undefined. */
export function ironcalcCategory(file: string): string | undefined {
  const m = /^excel\/ironcalc\/(?:([^/]+)\/)?[^/]+$/.exec(file);
  return m ? (m[1] ?? '(top level)') : undefined;
}
