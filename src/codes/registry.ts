/**
 * The code registry: every public code sheetspec answers with, declared once with its kinds, its meaning (what
 * a user reads in the docs and in `list_functions`) and, where the message has one fixed shape, its template
 * (`{{key}}` placeholders filled from the error's `data`). The code unions (`RefusalCode`, `WarningCode`...)
 * are derived from this table, so a code that is not here does not compile; the README's and docs' code tables
 * are rendered from it (scripts/docs/codes.ts), and test/codes.test.ts checks that every code in src/ is here
 * and every code here is used.
 *
 * A code may have more than one kind: `RESOURCE_LIMIT` is both a whole-workbook reason and a sandbox limit,
 * `DERIVATION_CYCLE` both a validation finding and a runtime error. `budget` names the one budget a limit
 * code always means; a `CodedError` with that code carries it in `data.budget` without the thrower saying so.
 * Codes are stable API: rename none, and add new ones here first.
 */

/** What a code answers. */
export type CodeKind =
  /** Why a whole workbook was refused: `{valid: false, reason, error}`. */
  | 'failure'
  /** Why one column was refused: `rejectedColumns[].reason`. */
  | 'refusal'
  /** Something a conversion reports without refusing: `warnings[].code`. */
  | 'warning'
  /** A problem `validateSpec` finds in a spec: `errors[].code`, `warnings[].code`. */
  | 'finding'
  /** A coded error from the spec runtime and the authoring tools. */
  | 'spec'
  /** A limit of the sandbox the tools run in, or a sandbox failure. */
  | 'limit'
  /** A formula diagnostic from the parser: `Diagnostic.code`. */
  | 'diagnostic'
  /** A code only the MCP server answers with. */
  | 'mcp'
  /** Why a file of a batch conversion produced no spec, beyond the compiler's failure codes. */
  | 'batch'
  /** A code only the CLI answers with. */
  | 'cli'
  /** Passed between our own modules, never shown to a user as such. */
  | 'internal';

/** Which budget ran out, in `CodedError.data.budget`. */
export type Budget = 'time' | 'heap' | 'stack' | 'result' | 'input' | 'crash';

export interface CodeEntry {
  kinds: readonly CodeKind[];
  meaning: string;
  /** The message, when it has one fixed shape: `{{key}}` placeholders from `data`. */
  message?: string;
  /** The budget this code always means. */
  budget?: Budget;
}

export const CODES = {
  // Whole-workbook failures.
  UNSUPPORTED_FORMAT: {
    kinds: ['failure'],
    meaning:
      'not an `.xlsx`/`.xlsm` (`.xls`, `.ods`, CSV, random bytes, encrypted), or XML with DOCTYPE/entities',
  },
  EMPTY_WORKBOOK: { kinds: ['failure'], meaning: 'an empty file' },
  FILE_TOO_LARGE: { kinds: ['failure'], meaning: 'over the file-size limit (default 25 MiB)' },
  TOO_MANY_ROWS: { kinds: ['failure'], meaning: 'over the data-row limit (default 100,000)' },
  TOO_MANY_COLUMNS: { kinds: ['failure'], meaning: 'over the column limit (default 200)' },
  PARSE_FAILED: {
    kinds: ['failure'],
    meaning:
      'the reader could not parse the workbook (its reason is given); an unexpected internal error is reported as `PARSE_FAILED` with "Internal error" in the message',
  },
  RESOURCE_LIMIT: {
    kinds: ['failure', 'limit'],
    meaning:
      'a budget was hit: in the reader zip entries, uncompressed size, compression ratio, cells, shared strings or merged ranges (`data.limit`); in a worker time, heap or stack (`data.budget` on a thrown `CodedError`); the message names it',
  },
  SHEET_NOT_FOUND: { kinds: ['failure'], meaning: '`--sheet` (or the `sheet` option) names no sheet' },
  NO_TABLE: { kinds: ['failure'], meaning: 'no header row with data below it' },
  // Excel Tables (ListObjects) and the `table` option (t15a).
  TABLE_NOT_FOUND: {
    kinds: ['failure'],
    meaning:
      '`--table` (or the `table` option) names no Excel Table of the workbook and is not an A1 range (`B2:F40`, `Sheet2!B2:F40`)',
  },
  OTHER_TABLES: {
    kinds: ['warning'],
    meaning:
      'the workbook holds more than one table (Excel Tables, header-row blocks on the sheet, formula tables on other sheets); the one compiled is named, the others listed as `--table` takes them, `--table` chooses',
  },
  TABLE_PART_IGNORED: {
    kinds: ['warning'],
    meaning:
      'a table part (`xl/tables/*.xml`) is missing or malformed and was left out; the sheet is read by its layout',
  },

  // Column refusals (also a whole-workbook reason when every formula column is refused: the first one).
  UNSUPPORTED_FUNCTION: {
    kinds: ['refusal'],
    meaning: 'a function outside the supported set (named in the detail)',
  },
  VOLATILE_FUNCTION: {
    kinds: ['refusal'],
    meaning:
      'RAND, RANDBETWEEN, OFFSET or INDIRECT: recomputed by Excel on every change; TODAY and NOW too where no input field stands for them (a summary cell, one formula translated alone): in a table column they read one',
  },
  NO_EVALUATION_DATE: {
    kinds: ['refusal'],
    meaning:
      'reads TODAY() or NOW(), and no single date reproduces the values the workbook saved in the columns that read it (the dates tried and a cell each fails are named), or none could be found',
  },
  CROSS_SHEET_REFERENCE: {
    kinds: ['refusal'],
    meaning:
      "reads another sheet's rows (a reference to another sheet that moves with the row), a 3-D reference (`Jan:Dec!B2`), or a sheet the workbook lacks; a locked parameter cell or lookup table on another sheet compiles",
  },
  EXTERNAL_REFERENCE: { kinds: ['refusal'], meaning: 'reads another workbook' },
  CROSS_ROW_REFERENCE: {
    kinds: ['refusal'],
    meaning:
      'reads another row of the table than its own or the one above (a fixed row `$B$5`, a row below, an expanding range other than SUM/COUNT/COUNTA/MAX/MIN/AVERAGE of it alone from the first data row); the row above and `SUM($A$2:A2)` compile as an ordered scan, except in a table with blank rows inside',
  },
  UNSUPPORTED_RANGE_SHAPE: {
    kinds: ['refusal'],
    meaning:
      'a range that is neither same-row, one whole table column, nor a locked table outside the data (whole columns `A:A`, two table columns, ...), a whole table column over blank rows that are not items, or a range where a single value is needed',
  },
  UNRESOLVED_REFERENCE: {
    kinds: ['refusal'],
    meaning:
      'a cell outside the table that is not a labelled numeric parameter, a relative reference outside the table, or a header/summary cell',
  },
  UNSUPPORTED_LOOKUP_MODE: {
    kinds: ['refusal'],
    meaning:
      'a lookup mode outside the supported set: an approximate match (VLOOKUP/HLOOKUP TRUE or omitted, MATCH 1/-1) over a table whose keys are not numbers in strictly ascending (MATCH -1: descending) order, or with a key that may be blank; XLOOKUP match_mode -1/1 or binary search_mode; a mode that is not a literal',
  },
  UNSUPPORTED_DATE_MODE: {
    kinds: ['refusal'],
    meaning:
      'a date function argument whose Excel rule is not established exactly (DATEDIF units "MD"/"YD" or a unit not written as text, an optional argument left empty), or a date function in a workbook using the 1904 date system',
  },
  LOOKUP_TABLE_CONTAINS_FORMULA: { kinds: ['refusal'], meaning: 'a lookup table with a formula cell' },
  MALFORMED_FORMULA: {
    kinds: ['refusal'],
    meaning:
      'the formula does not parse (diagnostic code and position in the detail), or calls a supported function with the wrong number of arguments',
  },
  MIXED_CONTENT: { kinds: ['refusal'], meaning: 'the column holds formulas and values (or blanks)' },
  NON_UNIFORM_FORMULA: {
    kinds: ['refusal'],
    meaning:
      "a row's formula is not the first row's filled down, in R1C1 form (the cell names the first such row)",
  },
  ARRAY_FORMULA: { kinds: ['refusal'], meaning: 'a CSE or dynamic-array formula' },
  STRUCTURED_REFERENCE: {
    kinds: ['refusal'],
    meaning:
      "a structured reference the compiler does not take (named in the detail); the compiled table's `[@Qty]` (#This Row), its whole columns and its totals row's aggregates compile",
  },
  DEFINED_NAME: {
    kinds: ['refusal'],
    meaning:
      'a defined name (named in the detail) that holds a formula or text, a dynamic range (OFFSET/INDIRECT), or is not defined; a name for a cell, a range or a number compiles',
  },
  UNSUPPORTED_CONSTRUCT: {
    kinds: ['refusal'],
    meaning: 'array constants, union/intersection/range operators, `@`, LAMBDA/LET and other constructs',
  },
  CIRCULAR_REFERENCE: { kinds: ['refusal'], meaning: 'the column reads itself, or columns read each other' },
  DEPENDS_ON_REJECTED_COLUMN: { kinds: ['refusal'], meaning: 'the column reads a refused column' },
  VALUE_MISMATCH: {
    kinds: ['refusal'],
    meaning:
      'the compiled column disagrees with the reference in some row: the value Microsoft Excel saved (`source: "excel"`), or else the oracle (`source: "oracle"`); the detail names the first rows, inputs, expected and got, and `cells` their formula and three values',
  },
  NOT_ESTABLISHED: {
    kinds: ['refusal', 'finding'],
    meaning:
      'a row meets a case whose Excel answer is not established, where the spec gives the not-established value `{"notEstablished": reason}`, no Excel answer (docs/spec-format.md): conversion refuses the column when the workbook\'s rows meet it (the detail names the rows and the reason; a column whose rows never meet it compiles); in a test, an expected path holding that value (counted in `notEstablished`, not `failed`)',
  },
  ORACLE_EXCEPTION: {
    kinds: ['refusal', 'failure'],
    meaning:
      'the oracle (HyperFormula) threw on this column\'s formulas (e.g. "Function returning array cannot be vectorized"), so nothing could check it; the other columns are kept (a whole-workbook failure when it throws without any of the table\'s formula columns)',
  },

  // Conversion warnings.
  TITLE_ROWS_SKIPPED: {
    kinds: ['warning'],
    meaning:
      'rows above the header row (a title block, notes, blank rows above the row a formula table hangs from) were skipped; they are named',
  },
  SEED_OMITTED: {
    kinds: ['warning'],
    meaning:
      'the rows exceed the seed budget: `defaultValues` is left out and the tests give a sample of rows',
  },
  SUMMARY_REFUSED: {
    kinds: ['warning'],
    meaning:
      'a summary cell below the table is left out (its column was refused, or the summary cannot be lowered)',
  },
  ORACLE_EXCEL_DISAGREEMENT: {
    kinds: ['warning'],
    meaning:
      'the saved value differs from the one the oracle and the spec agree on, in a file whose saved values are not binding (saved by another application, named, or not vouched for); both values given',
  },
  EVALUATION_DATE_REQUIRED: {
    kinds: ['warning'],
    meaning:
      'the input field TODAY() or NOW() reads (named) has no default: the saved values do not decide the date (none saved, or several dates reproduce them); the spec is verified, and its tests run, at the date named',
  },
  SAVED_VALUES_UNVOUCHED: {
    kinds: ['warning'],
    meaning:
      'Excel saved the file set to manual calculation or marked for recalculation on load: its saved values are not vouched for, so the oracle decides and disagreements with them are only reported',
  },
  ORACLE_CANNOT_EVALUATE: {
    kinds: ['warning'],
    meaning:
      "the oracle (HyperFormula) gives an error for a cell; Excel's saved value is the reference there",
  },
  LOOKUP_TABLE_EMPTY: {
    kinds: ['warning'],
    meaning:
      'a lookup table a formula reads is empty or every cell of it is blank (the range and the columns reading it named), so check the range; the spec carries it as data (`constants.tables`) to fill in',
  },
  // Typed-over cells and the table's extent.
  TYPED_OVER_CELLS: {
    kinds: ['warning'],
    meaning:
      'cells of a formula column hold typed values instead of the formula (named in the message); each is kept as an input override field (`totalOverride`) the derivation takes where present',
  },
  ROWS_LEFT_OUT: {
    kinds: ['warning'],
    meaning:
      'the table ends above rows that hold data in its columns but do not continue them (a note, another block, rows under the summary row): those rows are named and the reason given',
  },
  SHEET_CHOSEN: {
    kinds: ['warning'],
    meaning:
      'the first visible sheet has no formula table, so the sheet whose table has the most formula columns was compiled: the sheet, its range and why the first was not taken are named; `--sheet` or `--table` chooses another',
  },
  TABLE_DOUBTFUL: {
    kinds: ['warning'],
    meaning:
      'the table compiled may not be the one meant: its header row may be a title block (no formula column hangs from it; one column wide, or a header ending with a colon), another sheet holds an equally good formula table, or the table has no formula column while other sheets hold formulas; each named, `--sheet`/`--table` chooses',
  },

  // Spec validation findings.
  SPEC_SCHEMA: { kinds: ['finding'], meaning: 'the spec does not have the ModelSpec structure' },
  SCHEMA_INVALID: { kinds: ['finding', 'spec'], meaning: "the spec's `schema` does not compile" },
  EXPRESSION_INVALID: {
    kinds: ['finding'],
    meaning: 'an expression does not compile (with `jsonataCode` and `position`)',
  },
  LIBRARY_INVALID: {
    kinds: ['finding', 'spec'],
    meaning: 'the library define does not compile, or is not a block `( ...; [names] )` binding every export',
  },
  LIBRARY_READS_DOCUMENT: {
    kinds: ['finding'],
    meaning: 'the library refers to the document; a library computes only from its arguments and `$const`',
  },
  LIBRARY_RESERVED_NAME: {
    kinds: ['finding'],
    meaning: 'the library exports a reserved name or a JSONata built-in',
  },
  LIBRARY_NONDETERMINISTIC: {
    kinds: ['finding'],
    meaning: 'the library calls a function that gives a different value on each run (`$now`, `$random`, ...)',
  },
  UNRESOLVED_FUNCTION: {
    kinds: ['finding'],
    meaning: 'a `$function` that is not a JSONata built-in, a library export or a binding',
  },
  NON_CANONICAL_PATH: {
    kinds: ['finding'],
    meaning: 'a path not in canonical form (`$.a.b`, `$.items[*].x`)',
  },
  PATH_NOT_IN_SCHEMA: { kinds: ['finding'], meaning: 'a path the schema does not declare' },
  READ_NOT_IN_SCHEMA: {
    kinds: ['finding'],
    meaning:
      'an expression reads a field (`$parent.x`, `$$.a.b` or a bare `a`) the schema does not declare; `position` is that read',
  },
  DUPLICATE_DERIVATION: { kinds: ['finding'], meaning: 'two derivations write the same path' },
  DERIVATION_CYCLE: {
    kinds: ['finding', 'spec'],
    meaning: 'derivations read each other (the cycle is named)',
  },
  TEST_UNKNOWN_PATH: {
    kinds: ['finding'],
    meaning: 'an embedded test names a path the schema does not declare',
  },
  DERIVED_SCHEMA_VIOLATION: {
    kinds: ['finding'],
    meaning:
      'a test failure: a derived value the schema does not allow (the path, keyword, expected and actual named)',
  },
  UNUSED_EXPORT: {
    kinds: ['finding'],
    meaning: 'a library export no expression uses (a warning; not given when an expression does not compile)',
  },

  // Spec runtime and tool errors.
  JSONATA_ERROR: {
    kinds: ['spec'],
    meaning: 'JSONata rejected an expression (data: `jsonataCode`, `position`, `token`)',
  },
  EVALUATION_ERROR: {
    kinds: ['spec'],
    meaning:
      'an expression failed without a JSONata code of its own (the `jsonataCode` or `code` given then)',
  },
  INVALID_PATH: { kinds: ['spec'], meaning: 'a path that does not parse or cannot be set' },
  INVALID_MUTATION: { kinds: ['spec'], meaning: 'a mutation of `$` that is not an object' },
  INVALID_SEED: { kinds: ['spec'], meaning: 'the `$` default value does not evaluate to an object' },
  INVALID_STATE: { kinds: ['spec'], meaning: 'the state given to a run is not an object' },
  UNKNOWN_TOPIC: {
    kinds: ['spec'],
    meaning: 'a guidance topic that does not exist (the available ones are listed)',
  },
  TOPICS_FILE_INVALID: {
    kinds: ['spec'],
    meaning: 'a guidance topics file that is malformed (file and problem named)',
  },
  INPUT_UNREADABLE: { kinds: ['spec'], meaning: 'an input file that cannot be read' },

  // Sandbox limits.
  TIMEOUT: { kinds: ['limit'], meaning: 'over the wall-clock limit', budget: 'time' },
  RESULT_TOO_LARGE: {
    kinds: ['limit'],
    meaning: 'a result over the result limit (characters of JSON)',
    message: 'result of {{size}} characters is over the limit of {{limit}}',
    budget: 'result',
  },
  INPUT_TOO_LARGE: {
    kinds: ['limit'],
    meaning: 'an input over the input limit (characters of JSON)',
    budget: 'input',
  },
  INPUT_INVALID: {
    kinds: ['limit', 'spec'],
    meaning: 'malformed JSON input (names the source, line and column), or input of the wrong shape',
  },
  CANCELLED: {
    kinds: ['limit'],
    meaning:
      'the caller cancelled the work (an abort signal, a client disconnect or `notifications/cancelled`); the worker was ended',
  },
  WORKER_FAILED: {
    kinds: ['limit'],
    meaning: 'the sandbox process did not start or ended without answering',
  },
  UNKNOWN_TASK: {
    kinds: ['limit'],
    meaning: 'a sandbox task name that does not exist',
    message: 'unknown sandbox task "{{task}}"',
  },
  TASK_FAILED: { kinds: ['limit'], meaning: 'a sandbox task threw an error without a code of its own' },

  // Formula diagnostics.
  FORMULA_EMPTY: {
    kinds: ['diagnostic'],
    meaning: 'nothing but `=` or blanks',
    message: 'The formula is empty',
  },
  FORMULA_TOO_LONG: {
    kinds: ['diagnostic'],
    meaning: 'longer than `maxLength` (`data.length`, `data.limit`)',
    message: 'The formula is {{length}} characters long; the limit is {{limit}}',
  },
  FORMULA_TOO_DEEP: {
    kinds: ['diagnostic'],
    meaning: 'nests deeper than `maxDepth`; the span marks where',
    message: 'The formula nests more than {{limit}} levels deep (at offset {{offset}})',
  },
  UNTERMINATED_STRING: {
    kinds: ['diagnostic'],
    meaning: 'a `"` with no closing quote; the span runs to the end',
    message: 'The text starting at offset {{offset}} has no closing double quote',
  },
  UNEXPECTED_TOKEN: {
    kinds: ['diagnostic'],
    meaning:
      "a token that cannot appear there (`SUM(1))`, `1*/2`, a stray `'`, a control character); the span is that token",
    message: 'Unexpected {{token}} at offset {{offset}}',
  },
  UNEXPECTED_END: {
    kinds: ['diagnostic'],
    meaning: 'the formula stops too soon (`1+`, `SUM(1,2`); the span is empty, at the end',
    message: 'The formula ends unexpectedly (something is missing after offset {{offset}})',
  },
  PARSE_ERROR: {
    kinds: ['diagnostic'],
    meaning: 'anything else the parser rejects; `data.detail` says what',
    message: 'The formula cannot be parsed: {{detail}}',
  },

  // Front ends.
  INTERNAL: {
    kinds: ['mcp'],
    meaning: 'a tool failed unexpectedly or produced a shape its output schema does not allow (a bug)',
  },
  ADDRESS_IN_USE: {
    kinds: ['mcp'],
    meaning: '`serve --http`: the port is taken by another process (exit 1)',
  },
  ADDRESS_UNAVAILABLE: {
    kinds: ['mcp'],
    meaning:
      '`serve --http`: the host is not an address of this machine, or binding it is not permitted (exit 1)',
  },
  BUSY: {
    kinds: ['mcp'],
    meaning:
      'the server is at its budget (calls in flight or their heap); retry later (HTTP 503 with Retry-After)',
  },
  READ_FAILED: { kinds: ['batch'], meaning: 'the file could not be read (permissions, vanished)' },
  WRITE_FAILED: { kinds: ['batch'], meaning: 'the spec could not be written' },
  INTERNAL_ERROR: {
    kinds: ['batch'],
    meaning: 'the converter threw: a bug in sheetspec, please report it with the workbook',
  },
  NO_TESTS: {
    kinds: ['cli'],
    meaning:
      '`sheetspec test`: the spec has no embedded tests and no `--cases` (exit 1; `--allow-empty` accepts it)',
  },
  SCHEMA_VIOLATION: {
    kinds: ['cli'],
    meaning: "`sheetspec dry-run`: the recomputed document breaks the spec's schema (the path is named)",
  },
  CONSTRAINT_VIOLATION: {
    kinds: ['cli'],
    meaning: '`sheetspec dry-run`: a constraint of the spec is false after the mutations (its name is given)',
  },
  USAGE: { kinds: ['cli'], meaning: 'the command line is wrong (exit code 2)' },

  // Between our own modules.
  EXIT: {
    kinds: ['internal'],
    meaning: 'a CLI action ends the run with an exit code it has already explained',
  },
  ORACLE_FAILED: { kinds: ['internal'], meaning: 'the oracle thread threw (reported by the conversion)' },
  ABORTED: { kinds: ['internal'], meaning: 'the oracle thread was cancelled' },
} as const satisfies Record<string, CodeEntry>;

/** Every registered code. */
export type Code = keyof typeof CODES;

/** The codes of one kind. */
export type CodesOfKind<K extends CodeKind> = {
  [C in Code]: K extends (typeof CODES)[C]['kinds'][number] ? C : never;
}[Code];

const ALL = CODES as Readonly<Record<Code, CodeEntry>>;

export function isCode(value: unknown): value is Code {
  return typeof value === 'string' && Object.hasOwn(CODES, value);
}

export function codeEntry(code: Code): CodeEntry {
  return ALL[code];
}

/** The codes of one kind, in registry order. */
export function codesOfKind<K extends CodeKind>(kind: K): CodesOfKind<K>[] {
  return (Object.keys(CODES) as Code[]).filter((c) => ALL[c].kinds.includes(kind)) as CodesOfKind<K>[];
}

/** Fill a `{{key}}` template from `data`; an absent key renders as `?`. */
export function formatMessage(template: string, data: Record<string, unknown> = {}): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const v = data[key];
    return v === undefined ? '?' : String(v);
  });
}

/** A code's message from its template (the code itself when it has none). */
export function codeMessage(code: Code, data: Record<string, unknown> = {}): string {
  const template = ALL[code].message;
  return template === undefined ? code : formatMessage(template, data);
}
