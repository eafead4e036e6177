/**
 * convert_spreadsheet: an .xlsx (base64) → the conversion result (`{valid: true, spec, rejectedColumns,
 * verification, warnings}` or `{valid: false, reason, error}`). The spec is returned for review, not kept.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { mcpOptionShape, type ReportModel, renderReport } from '../../pipeline/light.js';
import { convert } from '../library.js';
import { settle } from '../outcome.js';
import { failureFields, registerDefinedTool, type ToolDefinition, type ToolTable } from '../tool.js';

const inputSchema = z.strictObject({
  data: z
    .string()
    .describe('The .xlsx file, base64-encoded (standard or URL-safe alphabet; whitespace ignored).'),
  filename: z
    .string()
    .min(1)
    .max(255)
    .describe('File name, e.g. "prices.xlsx"; used for the default spec id and in messages.'),
  // The conversion options, declared once in src/pipeline/options.ts.
  ...mcpOptionShape(z),
});

const outputSchema = z.looseObject(
  failureFields(
    {
      valid: z.boolean().optional().describe('true: spec produced; false: the workbook was refused.'),
      spec: z.record(z.string(), z.unknown()).optional().describe('The ModelSpec (when valid).'),
      rejectedColumns: z
        .array(z.looseObject({ header: z.string(), column: z.string(), reason: z.string() }))
        .optional()
        .describe(
          'Computed columns left out of the spec, each with a refusal code, the cell and the formula.',
        ),
      verification: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('Oracle and cached-value agreement, overall and per column.'),
      warnings: z.array(z.record(z.string(), z.unknown())).optional(),
      reason: z.string().optional().describe('Failure code when the workbook was refused, e.g. NO_TABLE.'),
      draft: z
        .looseObject({
          stubs: z.record(z.string(), z.unknown()),
          fields: z.array(z.looseObject({ column: z.string(), field: z.string() })),
          refused: z.array(z.looseObject({ field: z.string(), formula: z.string() })),
        })
        .optional()
        .describe(
          'When columns were refused (valid or not): the scaffold to finish. `stubs` (field → schema property ' +
            'of each refused column), `fields` (column → field map), `refused` (per column: formula in A1 and ' +
            'R1C1, every reason, and `test`: its saved values as a ready test), and `spec` when the workbook ' +
            'was refused (the compiled part with the stubs; beside a valid result it is `spec` plus `stubs`).',
        ),
    },
    z,
  ),
);

/** Default seed budget for MCP answers: keeps a typical result under the 50 KB result limit. */
const MCP_SEED_BUDGET = 20_000;

const BASE64 = /^[A-Za-z0-9+/\-_\s]*={0,2}\s*$/;

export const convertSpreadsheetTool: ToolDefinition<typeof inputSchema> = {
  name: 'convert_spreadsheet',
  title: 'Convert spreadsheet to ModelSpec',
  description:
    'Compile the header-row table of an Excel workbook (.xlsx, base64 in `data`) into a ModelSpec: each ' +
    'computed column becomes a JSONata derivation, verified cell by cell against HyperFormula and the values ' +
    'Excel saved. Returns {valid: true, spec, rejectedColumns, verification, warnings}; columns that cannot be ' +
    'expressed exactly are listed in rejectedColumns with a reason code instead of being guessed. A refused ' +
    'workbook returns isError with {valid: false, reason, error} (codes such as FILE_TOO_LARGE, NO_TABLE, ' +
    'SHEET_NOT_FOUND, RESOURCE_LIMIT). When columns are refused, valid or not, `draft` is the scaffold to ' +
    'finish: pass it to translate_formula (column mode) for each refused formula, add the derivation, then ' +
    "validate_spec and test_spec with the refused columns' `test`s. The spec is returned for review only; " +
    'nothing is stored. Next: test_spec on the spec, list_functions for refusal codes. With `report: true`, the verification report ' +
    '(HTML) follows as an embedded resource.',
  inputSchema,
  outputSchema,
  tooLargeHint:
    'Call again with a smaller seedBudget (e.g. 5000) to embed fewer tests, or run `sheetspec convert` on the ' +
    'command line to write the full spec to a file.',
  async handler(args, ctx) {
    const { maxFileBytes } = ctx.limits;
    // Refused before decoding: 4 base64 characters carry 3 bytes; allow some whitespace (line breaks).
    const maxChars = Math.ceil(maxFileBytes / 3) * 4;
    if (args.data.length > maxChars + Math.ceil(maxChars / 64) * 2 + 16) {
      return tooLarge(args.data.length, maxFileBytes, 'base64 characters');
    }
    if (!BASE64.test(args.data)) {
      return {
        ok: false,
        value: { valid: false, reason: 'UNSUPPORTED_FORMAT', error: '`data` is not valid base64' },
      };
    }
    const bytes = new Uint8Array(Buffer.from(args.data, 'base64'));
    if (bytes.byteLength > maxFileBytes) return tooLarge(bytes.byteLength, maxFileBytes, 'bytes');
    const started = Date.now();
    const outcome = await settle(
      () =>
        convert(
          bytes,
          {
            filename: args.filename,
            modelId: args.modelId,
            sheet: args.sheet,
            ...(args.parameters ? { parameters: args.parameters } : {}),
            ...(args.table !== undefined ? { table: args.table } : {}),
            seedBudget: args.seedBudget ?? MCP_SEED_BUDGET,
            maxFileBytes,
            ...(args.report ? { report: true } : {}),
          },
          ctx.signal,
          ctx.converter,
        ),
      (v) => v.valid === true,
    );
    if (!outcome.ok && outcome.value.valid === undefined) {
      // A coded error from the sandbox (RESOURCE_LIMIT...) in the conversion-failure shape.
      const { code, error, ...rest } = outcome.value;
      outcome.value = { valid: false, reason: code, error, ...rest };
    }
    const report = outcome.value.report as ReportModel | undefined;
    delete outcome.value.report;
    if (report) outcome.extra = [reportResource(args.filename, report)];
    ctx.log('debug', {
      tool: 'convert_spreadsheet',
      filename: args.filename,
      valid: outcome.ok,
      reason: outcome.value.reason,
      ms: Date.now() - started,
    });
    return outcome;
  },
};

/** The report as an embedded resource (text/html), outside the JSON answer and its size limit. */
function reportResource(filename: string, report: ReportModel) {
  return {
    type: 'resource' as const,
    resource: {
      uri: `sheetspec://report/${encodeURIComponent(filename)}.html`,
      mimeType: 'text/html',
      text: renderReport(report),
    },
  };
}

function tooLarge(size: number, limit: number, unit: string) {
  return {
    ok: false,
    value: {
      valid: false,
      reason: 'FILE_TOO_LARGE',
      error: `The workbook is too large: ${size} ${unit}; the limit is ${limit} bytes.`,
    },
  };
}

export function registerConvertSpreadsheetTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, convertSpreadsheetTool);
}
