/**
 * One formula, translated and evaluated: how a person (or an agent tool) checks a single lowering.
 *
 * Each referenced cell (an A1 address on the formula's own sheet) is bound to the given value, written into
 * the JSONata as an inline literal so the emitted text is a valid standalone spec expression; an absent cell
 * is blank. A range over given cells becomes a constant table (row-major), usable by aggregates, VLOOKUP and
 * SUMPRODUCT; a row-invariant aggregate is not hoisted (there is only one evaluation).
 *
 * A cell of another sheet is given as `Sheet!A1` (`'My Sheet'!A1`); a reference to a sheet no given cell names
 * is refused (CROSS_SHEET_REFERENCE), never read as blank. With `options.names` (a workbook's defined names)
 * and `options.sheet` (the formula's sheet), a name stands for its cell, range or number (src/compiler/names.ts).
 */
import { isErrorValue, isNotEstablished } from '../workbook/values.js';
import type { CellValue } from '../workbook/values.js';
import { a1, type CellNode, type RangeNode, type Span } from '../workbook/formula/ast.js';
import { parseFormula } from '../workbook/formula/parser.js';
import {
  boundedRange,
  buildLibrary,
  isRefusal,
  isWhole,
  type LowerContext,
  lowerFormula,
  type Operand,
  type RangeOperand,
  refuse,
  resolveName,
  substituteNames,
  type ValueKind,
} from '../compiler/index.js';
import type { DefinedName } from '../workbook/model.js';
import { compileExpression, evaluateExpression, specBindings } from '../modelspec/bind.js';
import type { LibraryObject } from '../modelspec/types.js';

/**
 * What an example evaluates to: Excel's value, or, where the example meets a case whose Excel answer is not
 * established (the not-established value, src/workbook/values.ts), no value and the reason.
 */
export type Evaluated =
  | { value: CellValue; notEstablished?: never }
  | { value?: never; notEstablished: string };

export type TranslateResult =
  | ({ formula: string; jsonata: string; library?: LibraryObject; kinds: ValueKind[] } & Evaluated)
  | { formula: string; error: { code: string; message: string; span?: Span } };

/** Largest range a formula command expands into literal cells. */
const MAX_RANGE_CELLS = 10_000;

export function literal(v: CellValue): Operand {
  if (v === null) return { expr: 'null', kinds: ['blank'] };
  if (isErrorValue(v)) return { expr: JSON.stringify(v), kinds: ['error'], atom: false, ne: false };
  if (typeof v === 'number') {
    const expr = Object.is(v, -0) ? '0' : String(v);
    // A sign (`-5`, `1e+21`) needs parentheses as an operand.
    const atom = !expr.includes('-') && !expr.includes('+');
    return { expr, kinds: ['number'], atom, literal: Number.isFinite(v) ? Number(expr) : undefined };
  }
  if (typeof v === 'string') return { expr: JSON.stringify(v), kinds: ['string'], atom: false };
  return { expr: String(v), kinds: ['boolean'] };
}

/** A given cell's key: `B2`, or `SHEET!B2` for another sheet's (quotes and `$` dropped, upper-cased). */
function cellKey(k: string): string {
  const bang = k.lastIndexOf('!');
  const address = k
    .slice(bang + 1)
    .replace(/\$/g, '')
    .toUpperCase();
  if (bang < 0) return address;
  const sheet = k
    .slice(0, bang)
    .replace(/^'(.*)'$/, '$1')
    .replace(/''/g, "'");
  return `${sheet.toUpperCase()}!${address}`;
}

/** An evaluated JSONata value as an Excel value (undefined → blank, -0 → 0). */
export function toCellValue(v: unknown): CellValue {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number') return Object.is(v, -0) ? 0 : v;
  if (typeof v === 'string' || typeof v === 'boolean') return v;
  if (isErrorValue(v)) return { error: v.error };
  throw new Error(`the expression returned a non-Excel value: ${JSON.stringify(v)}`);
}

/** An evaluated JSONata value as an example's answer: an Excel value, or the reason it is not established. */
export function evaluated(v: unknown): Evaluated {
  return isNotEstablished(v) ? { notEstablished: v.notEstablished } : { value: toCellValue(v) };
}

/** A formula that does not parse, as the translators answer it: its first error, coded. */
export function parseFailure(
  formula: string,
  diagnostics: ReturnType<typeof parseFormula>['diagnostics'],
): { formula: string; error: { code: string; message: string; span?: { start: number; end: number } } } {
  const d = diagnostics.find((x) => x.severity === 'error') ?? diagnostics[0];
  return {
    formula,
    error: { code: d?.code ?? 'MALFORMED_FORMULA', message: d?.message ?? 'cannot parse', span: d?.span },
  };
}

/**
 * Lowers one formula with the given cell values and evaluates it with the spec binding convention.
 * Never throws on user input: a parse failure or a refusal comes back as `{formula, error}`.
 */
export async function translateFormula(
  formula: string,
  cells: Record<string, CellValue> = {},
  /**
   * `row`: the formula's own sheet row (0-based), when known: ROW() is then that row's number; `date1904`:
   * the workbook counts dates from 1904 (what reads a calendar refuses then, as in a conversion).
   */
  options: { names?: readonly DefinedName[]; sheet?: string; row?: number; date1904?: boolean } = {},
): Promise<TranslateResult> {
  const parsed = parseFormula(formula);
  if (!parsed.ast) return parseFailure(formula, parsed.diagnostics);
  const upper: Record<string, CellValue> = {};
  const sheets = new Set<string>();
  for (const [k, v] of Object.entries(cells)) {
    const key = cellKey(k);
    upper[key] = v;
    if (key.includes('!')) sheets.add(key.slice(0, key.lastIndexOf('!')));
  }
  const own = options.sheet?.toUpperCase();
  const prefix = (sheet: string | undefined) =>
    sheet === undefined || sheet.toUpperCase() === own ? '' : `${sheet.toUpperCase()}!`;
  const cellValueAt = (node: CellNode | RangeNode, row: number, col: number): CellValue =>
    upper[`${prefix(node.sheet)}${a1(row, col)}`] ?? null;
  const values: Record<string, unknown> = {};
  const scope = (node: CellNode | RangeNode) => {
    if (node.workbook !== undefined)
      return refuse('EXTERNAL_REFERENCE', 'a reference to another workbook', node.span);
    const reading = prefix(node.sheet);
    if (reading !== '' && !sheets.has(reading.slice(0, -1))) {
      return refuse('CROSS_SHEET_REFERENCE', `a reference to sheet ${node.sheet}`, node.span);
    }
    return undefined;
  };
  const ctx: LowerContext = {
    cell: (node) => scope(node) ?? literal(cellValueAt(node, node.row, node.col)),
    constantText: (node) => {
      const v = scope(node) ? undefined : cellValueAt(node, node.row, node.col);
      return typeof v === 'string' ? v : undefined;
    },
    range: (given): RangeOperand | ReturnType<typeof refuse> => {
      const whole = isWhole(given);
      const node = whole ? boundedRange(given, givenExtent(upper, prefix(given.sheet))) : given;
      const bad = scope(node);
      if (bad) return bad;
      const { start, end } = node;
      if (start.row === null || end.row === null || start.col === null || end.col === null) {
        return refuse('UNSUPPORTED_RANGE_SHAPE', 'whole rows or columns', node.span);
      }
      if ((end.row - start.row + 1) * (end.col - start.col + 1) > MAX_RANGE_CELLS) {
        return refuse('UNSUPPORTED_RANGE_SHAPE', `ranges over ${MAX_RANGE_CELLS} cells`, node.span);
      }
      const rows: CellValue[][] = [];
      for (let r = start.row; r <= end.row; r++) {
        const line: CellValue[] = [];
        for (let c = start.col; c <= end.col; c++) line.push(cellValueAt(node, r, c));
        rows.push(line);
      }
      const nameHint = `${a1(start.row, start.col)}${a1(end.row, end.col)}`;
      return { kind: 'table', rows, nameHint, ...(whole ? { whole: true as const } : {}) };
    },
    hoist: (operand) => operand,
    ...(options.date1904 ? { date1904: true } : {}),
    ...(options.row === undefined ? {} : { row: (node) => literal((node?.row ?? options.row!) + 1) }),
    libraryValue: (nameHint, value) => {
      let name = `xlTable${nameHint.replace(/[^A-Za-z0-9]/g, '')}`;
      for (let i = 2; name in values && JSON.stringify(values[name]) !== JSON.stringify(value); i++) {
        name = `xlTable${nameHint.replace(/[^A-Za-z0-9]/g, '')}_${i}`;
      }
      values[name] = value;
      return name;
    },
  };
  const names = options.names ?? [];
  if (names.length > 0) {
    ctx.name = (node) => {
      const t = resolveName(names, node, options.sheet ?? '');
      if (isRefusal(t)) return t;
      if (t.kind === 'constant') return literal(t.value);
      return t.node.kind === 'cell'
        ? ctx.cell(t.node)
        : refuse('UNSUPPORTED_RANGE_SHAPE', `${t.name} is a range where a single value is needed`, node.span);
    };
  }
  const lowered = lowerFormula(substituteNames(parsed.ast, names, options.sheet ?? ''), ctx);
  if (isRefusal(lowered)) {
    return { formula, error: { code: lowered.code, message: lowered.detail, span: lowered.span } };
  }
  const library = buildLibrary(lowered.helpers, values);
  const bindings = await specBindings(library, {});
  const raw = await evaluateExpression(compileExpression(lowered.expr), {}, bindings);
  const result: TranslateResult = {
    formula,
    jsonata: lowered.expr,
    ...evaluated(raw),
    kinds: [...lowered.kinds],
  };
  if (library) result.library = library;
  return result;
}

/**
 * The last row and column of the cells given for one sheet (`prefix`: `""` for the formula's own, else
 * `SHEET!`): a whole column or row is read up to them, as a workbook's up to its used range.
 */
function givenExtent(cells: Record<string, CellValue>, prefix: string): { lastRow: number; lastCol: number } {
  let lastRow = -1;
  let lastCol = -1;
  for (const key of Object.keys(cells)) {
    const bang = key.lastIndexOf('!');
    if ((bang < 0 ? '' : key.slice(0, bang + 1)) !== prefix) continue;
    const m = /^([A-Z]+)(\d+)$/.exec(key.slice(bang + 1));
    if (!m) continue;
    let col = 0;
    for (const ch of m[1]!) col = col * 26 + (ch.charCodeAt(0) - 64);
    lastRow = Math.max(lastRow, Number(m[2]) - 1);
    lastCol = Math.max(lastCol, col - 1);
  }
  return { lastRow, lastCol };
}
