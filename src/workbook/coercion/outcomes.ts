/**
 * The coercion table's vocabulary, shared by the files of its rows: a parameter's class, how a value is given,
 * what Excel does with it and the evidence that shows it, and the short forms the rows are written in.
 * src/workbook/coercion.ts assembles the table from the rows (numeric.ts, scalar.ts, lists.ts).
 */
import type { ExcelErrorCode } from '../formula/ast.js';
import type { ValueKindName } from '../value-kinds.js';
import type { CellValue } from '../values.js';

export type ArgClass =
  | 'number'
  | 'strict-number'
  | 'date'
  | 'digits'
  | 'text'
  | 'logical'
  | 'numbers'
  | 'counted'
  | 'logicals'
  | 'texts'
  | 'criterion'
  | 'range'
  | 'any';

export type How = 'direct' | 'reference';

/** What Excel does with the value. */
export type Outcome =
  /** The function sees this value (for the kind's representative value, `REPRESENTATIVE`). */
  | { becomes: CellValue }
  /** The argument gives this error (for the error kind: the representative error itself). */
  | { error: ExcelErrorCode }
  /** The value is left out, as if it were not given (an aggregate's reference). */
  | { ignored: true }
  | 'not established';

export type Evidence =
  | { file: string; cell: string; formula: string; saved: CellValue; note?: string }
  | { page: string; sentence: string };

/** One established entry of a class: the kind, how it is given, the outcome, then its evidence. */
export type Row = [ValueKindName, How, Outcome, ...Evidence[]];

/** The established rows of some classes; every class × kind × direct/reference not in them is not established. */
export type ClassRows = Readonly<Partial<Record<ArgClass, readonly Row[]>>>;

/** 2024-01-10 (the date-text kind's representative) as a serial (1900 system). */
export const DATE_SERIAL = 45301;

/** The two folders most cells are cited from. */
export const IC = 'excel/ironcalc/';
export const ET = 'excel/poi/FormulaEvalTestData_Copy.xlsx';

/** A saved cell as evidence. */
export const cell = (file: string, at: string, formula: string, saved: CellValue, note?: string): Evidence =>
  note === undefined ? { file, cell: at, formula, saved } : { file, cell: at, formula, saved, note };
export const NA: Outcome = { error: '#N/A' };
export const VALUE: Outcome = { error: '#VALUE!' };
export const IGNORED: Outcome = { ignored: true };
export const becomes = (v: CellValue): Outcome => ({ becomes: v });
