/**
 * TODAY() and NOW() at a given evaluation date. HyperFormula reads the clock, which is the day of the check,
 * not the day the workbook was calculated; the pipeline decides the date a table's TODAY()/NOW() read (the
 * spec's input field, its default solved from the saved values) and hands it over here, so the oracle computes
 * with the same date. Each call is replaced in the formula's text by the serial, as a literal: the rest of
 * the formula is evaluated as written. A saved "as of" cell (`=TODAY()` alone) is left to the oracle's own
 * reading of it (its saved value, hyperformula.ts).
 */
import { AS_SAVED_PARSE_LIMITS, type Node, parseFormula, walk } from '../../workbook/formula/index.js';
import {
  type CellModel,
  type EvaluationDates,
  savedVolatile,
  type SheetModel,
  type WorkbookModel,
} from '../../workbook/index.js';

const DATE_CALL = /\b(?:TODAY|NOW)\s*\(/i;

/** A copy of `wb` whose formulas read `dates` for TODAY() and NOW(); `wb` itself when no formula calls one. */
export function datedWorkbook(wb: WorkbookModel, dates: EvaluationDates): WorkbookModel {
  if (dates.TODAY === undefined && dates.NOW === undefined) return wb;
  let changed = false;
  const sheets = wb.sheets.map((s) => {
    const rows = datedRows(s, dates);
    if (rows === undefined) return s;
    changed = true;
    return { ...s, rows };
  });
  return changed ? { ...wb, sheets } : wb;
}

function datedRows(s: SheetModel, dates: EvaluationDates): SheetModel['rows'] | undefined {
  let rows: SheetModel['rows'] | undefined;
  for (const [r, row] of s.rows)
    for (const [c, cell] of row) {
      const formula = datedFormula(cell, dates);
      if (formula === undefined) continue;
      rows ??= new Map([...s.rows].map(([k, v]) => [k, new Map(v)]));
      rows.get(r)!.set(c, { ...cell, formula });
    }
  return rows;
}

/** The cell's formula with each TODAY()/NOW() of `dates` as its serial; undefined when nothing changes. */
export function datedFormula(cell: CellModel, dates: EvaluationDates): string | undefined {
  const text = cell.formula;
  if (text === undefined || !DATE_CALL.test(text) || savedVolatile(cell) !== undefined) return undefined;
  const { ast } = parseFormula(text, AS_SAVED_PARSE_LIMITS);
  if (ast === undefined) return undefined;
  const spans: Array<{ start: number; end: number; value: number }> = [];
  walk(ast, (n: Node) => {
    if (n.kind !== 'call' || n.args.length !== 0) return;
    const value = n.name === 'TODAY' ? dates.TODAY : n.name === 'NOW' ? dates.NOW : undefined;
    if (value !== undefined) spans.push({ start: n.span.start, end: n.span.end, value });
  });
  if (spans.length === 0) return undefined;
  let out = text;
  // From the last, so the earlier spans still index the text.
  for (const s of spans.sort((a, b) => b.start - a.start))
    out = `${out.slice(0, s.start)}(${literal(s.value)})${out.slice(s.end)}`;
  return out;
}

/** A serial as a formula literal: the shortest text that reads back as the same double. */
function literal(x: number): string {
  return String(x).toLowerCase();
}
