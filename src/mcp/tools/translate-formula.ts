/**
 * translate_formula: one Excel formula → JSONata, the library it needs, and its value. Three modes:
 * - cells only: the formula with the given cell values inlined, evaluated (a quick check of one lowering);
 * - column mode (`draft` or `columns` + `row`): the general derivation of a table column over
 *   `$parent.<field>`, type-robust, with a library merged into the draft's (src/authoring/column-formula.ts);
 * - `helpers` alone: the library defining those helpers.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ColumnModeInput } from '../../authoring/light.js';
import type { CellValue } from '../../pipeline/light.js';
import { helperLibrary, translateColumnFormula, translateFormula } from '../library.js';
import { settle } from '../outcome.js';
import type { ToolOutcome } from '../tool.js';
import {
  failureFields,
  registerDefinedTool,
  sandboxCall,
  type ToolDefinition,
  type ToolTable,
} from '../tool.js';

const cellValue = z.union([
  z.null(),
  z.number(),
  z.string(),
  z.boolean(),
  z.strictObject({ error: z.string().describe('An Excel error literal, e.g. "#DIV/0!".') }),
]);

const library = z.union([
  z.string(),
  z.looseObject({ define: z.string(), description: z.string().optional() }),
]);

const draft = z
  .looseObject({
    fields: z.array(z.looseObject({ column: z.string(), field: z.string() })),
    firstRow: z.number().int().min(1),
    lastRow: z.number().int().min(1).optional(),
    refused: z
      .array(z.looseObject({ column: z.string(), field: z.string(), formula: z.string() }))
      .optional(),
    spec: z.looseObject({ library: library.optional() }).optional(),
  })
  .describe('The `draft` convert_spreadsheet returned: its column → field map, rows and library are used.');

const inputSchema = z.strictObject({
  formula: z
    .string()
    .max(8_192)
    .optional()
    .describe(
      'An Excel formula, e.g. "=ROUND(B2*C2, 2)". In column mode with `column`, default: that refused column\'s formula.',
    ),
  cells: z
    .record(z.string(), cellValue)
    .optional()
    .describe(
      'Cell address → value, e.g. {"B2": 3, "C2": 1.25}; blank = null. Without column mode, the cells the ' +
        'formula reads (inlined). In column mode, optional: sample values of the row to evaluate the derivation ' +
        'on, and cells outside the table the formula reads (constants, lookup ranges).',
    ),
  draft: draft.optional(),
  column: z
    .string()
    .max(3)
    .optional()
    .describe('Column mode: the column letter the derivation is for (its field names the derivation path).'),
  columns: z
    .record(z.string(), z.string())
    .optional()
    .describe('Column mode without a draft: column letter → field, e.g. {"A": "qty", "B": "price"}.'),
  row: z.number().int().min(1).optional().describe('Column mode: the 1-based row the formula is written in.'),
  lastRow: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Column mode: the last data row; a range over a column from `row` to it is the whole column.'),
  library: library
    .optional()
    .describe(
      "Column mode: the library to merge into (default: the draft spec's; beside a valid result pass its spec.library).",
    ),
  helpers: z
    .array(z.string().max(64))
    .max(200)
    .optional()
    .describe(
      'Alone: return the library defining these helpers (e.g. ["xlRound", "xlDiv"]) and what they call.',
    ),
});

const outputSchema = z.looseObject(
  failureFields(
    {
      jsonata: z.string().optional().describe('The JSONata expression.'),
      derivation: z
        .looseObject({ path: z.string(), expr: z.string() })
        .optional()
        .describe('Column mode with a column or field: the derivation to add to the spec.'),
      library: z
        .unknown()
        .optional()
        .describe('The helper library the expression needs ($xl... functions), merged with the given one.'),
      value: z.unknown().optional().describe('The value of the formula for the given cells.'),
      notEstablished: z
        .string()
        .optional()
        .describe(
          'Instead of `value`: the given cells meet a case whose Excel answer is not established (the reason); the spec gives the value {"notEstablished": reason} there, no Excel answer.',
        ),
      reads: z.array(z.string()).optional().describe('Column mode: the fields the derivation reads.'),
      code: z.string().optional().describe('Refusal or parse error code.'),
      kinds: z.array(z.string()).optional().describe('The value kinds the expression can produce.'),
      span: z
        .looseObject({ start: z.number(), end: z.number() })
        .optional()
        .describe('Where in the formula the error is (UTF-16 offsets).'),
    },
    z,
  ),
);

type Args = z.infer<typeof inputSchema>;

export const translateFormulaTool: ToolDefinition<typeof inputSchema> = {
  name: 'translate_formula',
  title: 'Translate an Excel formula to JSONata',
  description:
    'Translate one Excel formula into JSONata with Excel semantics, plus the helper library it needs. ' +
    'Column mode (pass the `draft` from convert_spreadsheet and a `column`, or `columns` + `row`): the ' +
    'general derivation of a table column over $parent.<field>, type-robust, ready to add (`derivation`), ' +
    "with a library merged into the draft's (one define, each helper once). Without column mode the given " +
    '`cells` are inlined and the value returned. `helpers` alone returns the library for those helpers. A ' +
    'formula that cannot be expressed exactly (unsupported function, volatile, cross-sheet...) is an isError ' +
    'result with its refusal code and position; rewrite it with supported functions (list_functions).',
  inputSchema,
  outputSchema,
  tooLargeHint: 'Translate a smaller part of the formula at a time.',
  async handler(args, ctx) {
    if (args.formula === undefined && args.column === undefined) {
      if (args.helpers === undefined) return usage('Give `formula`, `column` (with `draft`) or `helpers`.');
      return settle(
        () => helperLibrary(args.helpers!, sandboxCall(ctx)),
        (v) => v.error === undefined,
      ).then((o) => (o.ok ? o : { ok: false, value: { code: 'INPUT_INVALID', error: o.value.error } }));
    }
    const column = columnMode(args);
    if (typeof column === 'string') return usage(column);
    const outcome = column
      ? await settle(
          () => translateColumnFormula(column.formula, column.input, sandboxCall(ctx)),
          (v) => v.error === undefined,
        )
      : await settle(
          () =>
            translateFormula(
              args.formula!,
              args.cells as Record<string, CellValue> | undefined,
              sandboxCall(ctx),
            ),
          (v) => v.error === undefined,
        );
    // The library reports {formula, error: {code, message, span}}; tools report `error` as text.
    const err = outcome.value.error;
    if (err !== null && typeof err === 'object') {
      const { code, message, ...where } = err as Record<string, unknown>;
      outcome.value = { formula: outcome.value.formula, code, error: message, ...where };
    }
    return outcome;
  },
};

function usage(error: string): ToolOutcome {
  return { ok: false, value: { code: 'INPUT_INVALID', error } };
}

/** The column-mode request, undefined outside column mode, or what is missing. */
function columnMode(args: Args): { formula: string; input: ColumnModeInput } | undefined | string {
  const d = args.draft;
  if (!d && args.columns === undefined) {
    if (args.column !== undefined || args.row !== undefined)
      return '`column` and `row` need `draft` or `columns`.';
    return undefined;
  }
  const columns: Record<string, string> = { ...(args.columns ?? {}) };
  if (d) for (const f of d.fields) columns[f.column.toUpperCase()] ??= f.field;
  const row = args.row ?? d?.firstRow;
  if (row === undefined) return 'Column mode needs `row` (the 1-based row the formula is written in).';
  const letter = args.column?.toUpperCase();
  const formula = args.formula ?? d?.refused?.find((r) => r.column.toUpperCase() === letter)?.formula;
  if (formula === undefined)
    return `No formula: give \`formula\`, or a refused column of the draft as \`column\`.`;
  const field = letter === undefined ? undefined : columns[letter];
  if (letter !== undefined && field === undefined) return `Column ${letter} is not in the column map.`;
  const input: ColumnModeInput = { columns, row };
  const lastRow = args.lastRow ?? d?.lastRow;
  if (lastRow !== undefined) input.lastRow = lastRow;
  if (field !== undefined) input.field = field;
  const lib = args.library ?? d?.spec?.library;
  if (lib !== undefined) input.library = lib as ColumnModeInput['library'];
  if (args.cells) input.cells = args.cells as Record<string, CellValue>;
  return { formula, input };
}

export function registerTranslateFormulaTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, translateFormulaTool);
}
