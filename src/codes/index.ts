/**
 * The public codes and the one coded error class. A leaf: imports nothing from the rest of sheetspec.
 * (Issue 13 grows this into the registry every code is declared in.)
 */

/** Why a whole workbook was refused. */
export type FailureCode =
  | 'UNSUPPORTED_FORMAT'
  | 'EMPTY_WORKBOOK'
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_ROWS'
  | 'TOO_MANY_COLUMNS'
  | 'PARSE_FAILED'
  | 'NO_TABLE'
  | 'SHEET_NOT_FOUND'
  | 'RESOURCE_LIMIT'
  | RefusalCode;

/** Why one column was refused. */
export type RefusalCode =
  | 'UNSUPPORTED_FUNCTION'
  | 'CROSS_SHEET_REFERENCE'
  | 'EXTERNAL_REFERENCE'
  | 'UNSUPPORTED_RANGE_SHAPE'
  | 'MALFORMED_FORMULA'
  | 'MIXED_CONTENT'
  | 'NON_UNIFORM_FORMULA'
  | 'CROSS_ROW_REFERENCE'
  | 'ARRAY_FORMULA'
  | 'STRUCTURED_REFERENCE'
  | 'DEFINED_NAME'
  | 'VOLATILE_FUNCTION'
  | 'UNRESOLVED_REFERENCE'
  | 'UNSUPPORTED_LOOKUP_MODE'
  | 'LOOKUP_TABLE_CONTAINS_FORMULA'
  | 'CIRCULAR_REFERENCE'
  | 'DEPENDS_ON_REJECTED_COLUMN'
  | 'UNSUPPORTED_CONSTRUCT'
  | 'VALUE_MISMATCH';

export interface Warning {
  code: string;
  message: string;
  cell?: string;
}

/** The one coded error: a stable `code` from the registry, a human message, and structured `data`. */
export class CodedError<C extends string = string> extends Error {
  constructor(
    readonly code: C,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CodedError';
  }
}
