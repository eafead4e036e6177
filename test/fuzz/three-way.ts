/**
 * One case, three voices: the lowering (`translateFormula`, the formula command), the oracle (HyperFormula with
 * its corrections toward Excel) and IronCalc (the witness, ironcalc.ts). The triage command (scripts/triage.ts)
 * and the fuzzer's shrunk findings print this. The cells are given by A1 address on the formula's own sheet;
 * the formula sits at `at` (default: row 1, the column after the rightmost cell given or referenced), and the
 * lowering is told that row.
 */
import { translateFormula } from '../../src/authoring/formula-command.js';
import { evaluateWorkbook, sameValue } from '../../src/oracle/index.js';
import { parseCellRef } from '../../src/workbook/xml-scan.js';
import type { CellValue } from '../../src/workbook/values.js';
import type { CellModel, SheetModel, WorkbookModel } from '../../src/workbook/model.js';
import { ironcalcEvaluate, type WitnessSheet, type WitnessTarget } from './ironcalc.js';

const SHEET = 'Triage';

export interface ThreeWay {
  formula: string;
  cells: Record<string, CellValue>;
  /** Where the formula was evaluated (0-based). */
  at: { row: number; col: number };
  /** The lowering's value, or its refusal (code and message). */
  lowering: { value: CellValue; jsonata: string } | { refused: string };
  oracle: CellValue;
  /** The oracle threw instead of giving a value (then `oracle` is null). */
  oracleThrew?: string;
  /** undefined: IronCalc's value could not be read exactly (a subnormal number), or it crashed. */
  ironcalc: CellValue | undefined;
  /** IronCalc crashed on the case (its own bug), with its message. */
  crashed?: string;
}

/** Which voices agree, in one line: `all agree`, `lowering ≠ oracle; IronCalc sides with the oracle`, ... */
export function verdict(t: ThreeWay): string {
  const lowered = 'value' in t.lowering ? t.lowering.value : undefined;
  if (t.oracleThrew) return `the oracle threw; IronCalc ${t.ironcalc === undefined ? 'unread' : 'answered'}`;
  const undetermined = isUndetermined(t.oracle);
  const ic = t.ironcalc;
  if (lowered === undefined)
    return `lowering refused; IronCalc ${ic === undefined ? 'unread' : sides(ic, t.oracle, 'oracle')}`;
  if (undetermined)
    return `oracle undetermined; IronCalc ${ic === undefined ? 'unread' : sides(ic, lowered, 'lowering')}`;
  const lo = sameValue(lowered, t.oracle);
  if (ic === undefined)
    return lo ? 'lowering = oracle; IronCalc unread' : 'lowering ≠ oracle; IronCalc unread';
  const li = sameValue(lowered, ic);
  const oi = sameValue(t.oracle, ic);
  if (lo && li) return 'all agree';
  if (lo) return 'lowering = oracle; IronCalc differs';
  if (li) return 'lowering ≠ oracle; IronCalc sides with the lowering';
  if (oi) return 'lowering ≠ oracle; IronCalc sides with the oracle';
  return 'all three differ';
}

function sides(ic: CellValue, other: CellValue, name: string): string {
  return sameValue(ic, other) ? `agrees with the ${name}` : `differs from the ${name}`;
}

/** The oracle's "not established" (`#ERROR!`). */
export function isUndetermined(v: CellValue): boolean {
  return typeof v === 'object' && v !== null && (v.error as string) === '#ERROR!';
}

/** 0-based positions of the given cells; throws on an address that is not a plain A1 cell of this sheet. */
function positions(cells: Record<string, CellValue>): Array<{ row: number; col: number; value: CellValue }> {
  return Object.entries(cells).map(([address, value]) => {
    const p = parseCellRef(address);
    if (!p)
      throw new Error(`triage: ${address} is not a cell address like B3 (cells of the formula's own sheet)`);
    return { ...p, value };
  });
}

/** Row 1, the column after the rightmost cell given or referenced (at least F, the fuzzer's formula column). */
function defaultAt(formula: string, cells: ReadonlyArray<{ col: number }>): { row: number; col: number } {
  const refs = [...formula.matchAll(/\$?([A-Z]{1,3})\$?\d+/g)].map((m) => parseCellRef(`${m[1]}1`)?.col ?? 0);
  return { row: 0, col: Math.max(5, ...cells.map((c) => c.col + 1), ...refs.map((c) => c + 1)) };
}

function sheetOf(
  cells: ReadonlyArray<{ row: number; col: number; value: CellValue }>,
  formula: string,
  at: { row: number; col: number },
): SheetModel {
  const sheet: SheetModel = {
    name: SHEET,
    state: 'visible',
    rows: new Map(),
    maxRow: -1,
    maxCol: -1,
    merges: [],
  };
  const put = (row: number, col: number, cell: CellModel) => {
    let r = sheet.rows.get(row);
    if (!r) {
      r = new Map();
      sheet.rows.set(row, r);
    }
    r.set(col, cell);
    sheet.maxRow = Math.max(sheet.maxRow, row);
    sheet.maxCol = Math.max(sheet.maxCol, col);
  };
  for (const c of cells) if (c.value !== null) put(c.row, c.col, { row: c.row, col: c.col, value: c.value });
  put(at.row, at.col, {
    row: at.row,
    col: at.col,
    value: null,
    formula: formula.replace(/^=/, ''),
    formulaKind: 'normal',
  });
  return sheet;
}

/** Evaluates one case three ways. */
export async function threeWay(
  formula: string,
  cells: Record<string, CellValue>,
  at?: { row: number; col: number },
): Promise<ThreeWay> {
  const given = positions(cells);
  const where = at ?? defaultAt(formula, given);
  let r: Awaited<ReturnType<typeof translateFormula>>;
  try {
    r = await translateFormula(formula, cells, { row: where.row });
  } catch (e) {
    // The lowering threw (a finding of its own): shown as such, the other voices still asked.
    r = { formula, error: { code: 'THREW', message: e instanceof Error ? e.message : String(e) } };
  }
  const lowering =
    'error' in r
      ? { refused: `${r.error.code}: ${r.error.message}` }
      : r.notEstablished !== undefined
        ? { refused: `NOT_ESTABLISHED: ${r.notEstablished}` }
        : { value: r.value, jsonata: r.jsonata };
  const wb: WorkbookModel = { sheets: [sheetOf(given, formula, where)], definedNames: [], tables: [] };
  let oracle: CellValue = null;
  let oracleThrew: string | undefined;
  try {
    oracle = evaluateWorkbook(wb).get(SHEET, where.row, where.col);
  } catch (e) {
    oracleThrew = e instanceof Error ? e.message : String(e);
  }
  const witness = witnessOne(
    [
      {
        name: SHEET,
        cells: [
          ...given.map((c) => ({ row: c.row + 1, col: c.col + 1, value: c.value })),
          {
            row: where.row + 1,
            col: where.col + 1,
            formula: formula.startsWith('=') ? formula : `=${formula}`,
          },
        ],
      },
    ],
    { sheet: 0, row: where.row + 1, col: where.col + 1 },
  );
  return { formula, cells, at: where, lowering, oracle, ...(oracleThrew ? { oracleThrew } : {}), ...witness };
}

/** IronCalc's value of one target, or why there is none (it crashed: a Rust panic). */
function witnessOne(
  sheets: WitnessSheet[],
  target: WitnessTarget,
): { ironcalc: CellValue | undefined; crashed?: string } {
  try {
    return { ironcalc: ironcalcEvaluate(sheets, [target])[0] };
  } catch (e) {
    return { ironcalc: undefined, crashed: e instanceof Error ? e.message : String(e) };
  }
}

/** A three-way result as a readable block. */
export function formatThreeWay(t: ThreeWay): string {
  const show = (v: CellValue | undefined) => (v === undefined ? '(not readable)' : JSON.stringify(v));
  return [
    `  ${t.formula}`,
    `    cells:     ${JSON.stringify(t.cells)}`,
    'value' in t.lowering
      ? `    lowering:  ${show(t.lowering.value)}   jsonata: ${t.lowering.jsonata}`
      : `    lowering:  refused (${t.lowering.refused})`,
    t.oracleThrew
      ? `    oracle:    threw (${t.oracleThrew})`
      : `    oracle:    ${show(t.oracle)}${isUndetermined(t.oracle) ? ' (undetermined: not established)' : ''}`,
    `    ironcalc:  ${t.crashed ? `crashed (${t.crashed.slice(0, 80)})` : show(t.ironcalc)}`,
    `    verdict:   ${verdict(t)}`,
  ].join('\n');
}
