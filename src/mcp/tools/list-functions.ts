/** list_functions: the catalogue of supported Excel functions and constructs, and the refusal codes. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { listFunctions } from '../library.js';
import { settle } from '../outcome.js';
import { failureFields, registerDefinedTool, type ToolDefinition, type ToolTable } from '../tool.js';

const inputSchema = z.strictObject({
  query: z
    .string()
    .max(200)
    .optional()
    .describe('Filter: a function name (e.g. "VLOOKUP"), part of one, a construct, or a refusal code.'),
});

const outputSchema = z.looseObject(
  failureFields(
    {
      entries: z
        .array(z.looseObject({ name: z.string(), kind: z.string().optional() }))
        .optional()
        .describe(
          'Supported functions and constructs: name, kind, JSONata lowering and semantics notes; for a function ' +
            'also its signature, arity, the $xl helpers it may call, an example, its evidence and how the ' +
            'oracle evaluates it (HyperFormula as is, or a named correction).',
        ),
      refusals: z
        .array(z.looseObject({ code: z.string(), meaning: z.string().optional() }))
        .optional()
        .describe('Refusal codes with what each means.'),
    },
    z,
  ),
);

export const listFunctionsTool: ToolDefinition<typeof inputSchema> = {
  name: 'list_functions',
  title: 'List supported Excel functions',
  description:
    'Search the catalogue of Excel functions and constructs sheetspec can compile, each with its JSONata ' +
    'lowering and semantics notes (blanks, errors, rounding), and the refusal codes with what each means. Pass ' +
    'a query (a function name, part of one, or a code such as VOLATILE_FUNCTION) to narrow it.',
  inputSchema,
  outputSchema,
  tooLargeHint: 'Pass a `query` (a function name or part of one) to narrow the list.',
  async handler(args) {
    return settle(
      async () => listFunctions(args.query),
      () => true,
      'entries',
    );
  },
};

export function registerListFunctionsTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, listFunctionsTool);
}
