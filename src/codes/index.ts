/**
 * The public codes and the one coded error class. A leaf: imports nothing from the rest of sheetspec.
 * Every code is declared once, in registry.ts; the unions below are derived from it.
 */
import { type Budget, CODES, type Code, type CodesOfKind } from './registry.js';

export {
  type Budget,
  CODES,
  type Code,
  type CodeEntry,
  type CodeKind,
  type CodesOfKind,
  codeEntry,
  codeMessage,
  codesOfKind,
  formatMessage,
  isCode,
} from './registry.js';
export { STAGES, type Stage } from './stages.js';

/** Why one column was refused. */
export type RefusalCode = CodesOfKind<'refusal'>;

/** Why a whole workbook was refused: its own reasons, or the first column refusal when every column was. */
export type FailureCode = CodesOfKind<'failure'> | RefusalCode;

export type WarningCode = CodesOfKind<'warning'>;

/** A code `validateSpec` reports. */
export type FindingCode = CodesOfKind<'finding'>;

/** A formula diagnostic's code. */
export type DiagnosticCode = CodesOfKind<'diagnostic'>;

export interface Warning {
  code: WarningCode;
  message: string;
  cell?: string;
}

/** A coded error's structured data: `budget` names the budget that ran out, for the limit codes. */
export interface CodedData {
  budget?: Budget;
  [key: string]: unknown;
}

/**
 * The one coded error: a stable `code` from the registry, a human message, and structured `data`. A code the
 * registry ties to one budget (`TIMEOUT` → `time`) carries it in `data.budget` without the thrower naming it.
 */
export class CodedError<C extends Code = Code> extends Error {
  readonly data?: CodedData;
  constructor(
    readonly code: C,
    message: string,
    data?: CodedData,
  ) {
    super(message);
    this.name = 'CodedError';
    const budget = (CODES[code] as { budget?: Budget }).budget;
    const withBudget = budget !== undefined && data?.budget === undefined ? { ...data, budget } : data;
    if (withBudget !== undefined) this.data = withBudget;
  }
}
