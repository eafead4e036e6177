/** translate_formula: one Excel formula (+ cell values) → JSONata, the library it needs, and its value. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { CellValue } from '../../workbook/index.js';
import { translateFormula } from '../library.js';
import { settle } from '../outcome.js';
import { failureFields, registerDefinedTool, type ToolDefinition, type ToolTable } from '../tool.js';

const cellValue = z.union([
  z.null(),
  z.number(),
  z.string(),
  z.boolean(),
  z.strictObject({ error: z.string().describe('An Excel error literal, e.g. "#DIV/0!".') }),
]);

const inputSchema = z.strictObject({
  formula: z.string().max(8_192).describe('An Excel formula, e.g. "=ROUND(B2*C2, 2)".'),
  cells: z
    .record(z.string(), cellValue)
    .optional()
    .describe(
      'Cell address → value for the cells the formula reads, e.g. {"B2": 3, "C2": 1.25}; blank = null.',
    ),
});

const outputSchema = z.looseObject(
  failureFields(
    {
      jsonata: z.string().optional().describe('The JSONata expression.'),
      library: z.unknown().optional().describe('The helper library the expression needs ($xl... functions).'),
      value: z.unknown().optional().describe('The value of the formula for the given cells.'),
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

export const translateFormulaTool: ToolDefinition<typeof inputSchema> = {
  name: 'translate_formula',
  title: 'Translate an Excel formula to JSONata',
  description:
    'Translate one Excel formula into JSONata with Excel semantics, plus the helper library it needs and its ' +
    'value for the given cell values. A formula that cannot be expressed exactly (unsupported function, ' +
    'volatile, cross-sheet...) is an isError result with its refusal code and position. Use it to write the ' +
    'derivation of a column convert_spreadsheet refused; the cells named become fields of the row.',
  inputSchema,
  outputSchema,
  tooLargeHint: 'Translate a smaller part of the formula at a time.',
  async handler(args, ctx) {
    const outcome = await settle(
      () => translateFormula(args.formula, args.cells as Record<string, CellValue> | undefined, ctx.signal),
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

export function registerTranslateFormulaTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, translateFormulaTool);
}
