/**
 * `translate_formula` in column mode: one formula of a table column lowered to the general derivation of
 * that column, as the compiler would write it, for an agent finishing a draft (docs/mcp.md, "The agent's
 * loop").
 *
 * - A reference to the formula's own row in a mapped column is that row's field, `$parent.<field>`, of
 *   unknown type: the lowering is the type-robust one (blank, text, error all handled as Excel does), never
 *   specialised to sample values.
 * - A single-column range over a mapped column's data rows (`C$2:C$40`) is the whole column, `$$.items.<field>`.
 * - Any other cell or range must be given in `cells`: it is then a constant (a lookup table for a range).
 * - The library is merged with `library` (the draft's): one define, each helper once (library-merge.ts).
 * - With sample `cells` for the row's fields, the derivation is also evaluated on that one row.
 */
import { a1, colName, type CellNode, type RangeNode } from '../workbook/formula/ast.js';
import { parseFormula } from '../workbook/formula/parser.js';
import type { CellValue } from '../workbook/values.js';
import { compileExpression, evaluateExpression, specBindings } from '../modelspec/bind.js';
import type { Derivation, LibraryObject } from '../modelspec/types.js';
import {
  isRefusal,
  KIND_ORDER,
  type LowerContext,
  lowerFormula,
  type Operand,
  type RangeOperand,
  type Refusal,
  refuse,
  type ValueKind,
} from '../compiler/index.js';
import { type Evaluated, evaluated, literal, parseFailure } from './formula-command.js';
import { mergeLibrary } from './library-merge.js';

export interface ColumnModeInput {
  /** Column letter → field of the table (a draft's `fields`). */
  columns: Record<string, string>;
  /** The 1-based row the formula is written in (a draft's `firstRow`). */
  row: number;
  /** The last data row, 1-based: with it a range over a column's data rows is the whole column. */
  lastRow?: number;
  /** The field the derivation computes (its path `$.items[*].<field>`). */
  field?: string;
  /** The library to merge into (a draft's spec library). */
  library?: LibraryObject | string;
  /** Sample values by address: the row's cells to evaluate on, and any other cell the formula reads. */
  cells?: Record<string, CellValue>;
}

export type ColumnTranslation =
  | {
      formula: string;
      jsonata: string;
      derivation?: Derivation;
      library?: LibraryObject;
      kinds: ValueKind[];
      /** The fields of the row the derivation reads. */
      reads: string[];
      /** Its value on the sample row, when `cells` gave one. */
      value?: CellValue;
      /** Instead of `value`: the sample row meets a case whose Excel answer is not established (the reason). */
      notEstablished?: string;
    }
  | { formula: string; error: { code: string; message: string; span?: { start: number; end: number } } };

/** Lowers a column's formula to its derivation (see the header). Never throws on user input. */
export async function translateColumnFormula(
  formula: string,
  input: ColumnModeInput,
): Promise<ColumnTranslation> {
  const parsed = parseFormula(formula);
  if (!parsed.ast) return parseFailure(formula, parsed.diagnostics);
  const columns = upperKeys(input.columns);
  const cells = upperKeys(input.cells ?? {});
  const reads = new Set<string>();
  const values: Record<string, unknown> = {};
  const ctx = columnContext(input, columns, cells, reads, values);
  const lowered = lowerFormula(parsed.ast, ctx);
  if (isRefusal(lowered)) {
    return { formula, error: { code: lowered.code, message: lowered.detail, span: lowered.span } };
  }
  const merged = mergeLibrary(input.library, lowered.helpers, values);
  if ('error' in merged) return { formula, error: { code: 'LIBRARY_INVALID', message: merged.error } };
  const out: Extract<ColumnTranslation, { jsonata: string }> = {
    formula,
    jsonata: lowered.expr,
    kinds: [...lowered.kinds],
    reads: [...reads],
  };
  if (input.field !== undefined) {
    out.derivation = {
      path: `$.items[*].${input.field}`,
      expr: lowered.expr,
      description: `=${formula.replace(/^=/, '')} (row ${input.row})`,
    };
  }
  if (merged.library) out.library = merged.library;
  const sample = sampleRow(input, columns, cells);
  if (sample) Object.assign(out, await evaluateOnRow(lowered.expr, merged.library, sample));
  return out;
}

function upperKeys<T>(o: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(o)) out[k.replace(/\$/g, '').toUpperCase()] = v;
  return out;
}

function columnContext(
  input: ColumnModeInput,
  columns: Record<string, string>,
  cells: Record<string, CellValue>,
  reads: Set<string>,
  values: Record<string, unknown>,
): LowerContext {
  const row = input.row - 1;
  const fieldAt = (r: number | null, c: number | null) =>
    r === row && c !== null ? columns[colName(c)] : undefined;
  const scope = (node: CellNode | RangeNode): Refusal | undefined =>
    node.workbook !== undefined
      ? refuse('EXTERNAL_REFERENCE', 'a reference to another workbook', node.span)
      : node.sheet !== undefined
        ? refuse('CROSS_SHEET_REFERENCE', `a reference to sheet ${node.sheet}`, node.span)
        : undefined;
  const field = (f: string): Operand => {
    reads.add(f);
    return { expr: `$parent.${f}`, kinds: KIND_ORDER };
  };
  return {
    cell(node) {
      const bad = scope(node);
      if (bad) return bad;
      const f = fieldAt(node.row, node.col);
      if (f !== undefined) return field(f);
      const at = a1(node.row, node.col);
      if (Object.hasOwn(cells, at)) return literal(cells[at]!);
      return refuse(
        'UNRESOLVED_REFERENCE',
        `${at} is neither in row ${input.row} of a mapped column nor given in \`cells\``,
        node.span,
      );
    },
    range(node): RangeOperand | Refusal {
      const bad = scope(node);
      if (bad) return bad;
      return rangeOperand(node, input, columns, cells, field);
    },
    hoist: (operand) => operand,
    libraryValue: (nameHint, value) => {
      const base = `xlTable${nameHint.replace(/[^A-Za-z0-9]/g, '')}`;
      let name = base;
      for (let i = 2; name in values && JSON.stringify(values[name]) !== JSON.stringify(value); i++)
        name = `${base}_${i}`;
      values[name] = value;
      return name;
    },
  };
}

/** A same-row range of fields, a whole mapped column, or a range of given cells (a constant table). */
function rangeOperand(
  node: RangeNode,
  input: ColumnModeInput,
  columns: Record<string, string>,
  cells: Record<string, CellValue>,
  field: (f: string) => Operand,
): RangeOperand | Refusal {
  const { start, end } = node;
  if (start.row === null || end.row === null || start.col === null || end.col === null)
    return refuse('UNSUPPORTED_RANGE_SHAPE', 'whole rows or columns', node.span);
  const row = input.row - 1;
  const mapped = (c: number) => columns[colName(c)];
  if (start.row === row && end.row === row) {
    const fields: Operand[] = [];
    for (let c = start.col; c <= end.col; c++) {
      const f = mapped(c);
      if (f === undefined) break;
      fields.push(field(f));
    }
    if (fields.length === end.col - start.col + 1) return { kind: 'cells', cells: fields };
  }
  const whole =
    start.col === end.col &&
    mapped(start.col) !== undefined &&
    start.row === row &&
    input.lastRow !== undefined &&
    end.row === input.lastRow - 1;
  if (whole) {
    const f = mapped(start.col)!;
    field(f);
    return { kind: 'column', expr: `$$.items.${f}`, kinds: KIND_ORDER, field: f, items: '$$.items' };
  }
  const rows: CellValue[][] = [];
  for (let r = start.row; r <= end.row; r++) {
    const line: CellValue[] = [];
    for (let c = start.col; c <= end.col; c++) {
      const at = a1(r, c);
      if (!Object.hasOwn(cells, at))
        return refuse(
          'UNSUPPORTED_RANGE_SHAPE',
          `the range is neither the row's fields, a mapped column's data rows (rows ${input.row}-${input.lastRow ?? '?'}), nor given in \`cells\` (${at} is missing)`,
          node.span,
        );
      line.push(cells[at]!);
    }
    rows.push(line);
  }
  return { kind: 'table', rows, nameHint: `${a1(start.row, start.col)}${a1(end.row, end.col)}` };
}

/** The sample row from `cells` (the row's mapped cells), when any was given. */
function sampleRow(
  input: ColumnModeInput,
  columns: Record<string, string>,
  cells: Record<string, CellValue>,
): Record<string, CellValue> | undefined {
  const item: Record<string, CellValue> = {};
  let any = false;
  for (const [letter, f] of Object.entries(columns)) {
    const at = `${letter}${input.row}`;
    if (Object.hasOwn(cells, at)) {
      item[f] = cells[at]!;
      any = true;
    }
  }
  return any ? item : undefined;
}

/** The derivation on one row: the document `{"items": [row]}` with `$parent` the row. */
async function evaluateOnRow(
  expr: string,
  library: LibraryObject | undefined,
  item: Record<string, CellValue>,
): Promise<Evaluated> {
  const bindings = await specBindings(library, {});
  const raw = await evaluateExpression(
    compileExpression(expr),
    { items: [item] },
    { ...bindings, parent: item },
  );
  return evaluated(raw);
}
