/** list_functions: the catalogue of supported Excel functions and constructs, and the refusal codes. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { listFunctions, lookupFunction, searchCatalogue, searchRefusals } from '../library.js';
import { settle } from '../outcome.js';
import { failureFields, registerDefinedTool, type ToolDefinition, type ToolTable } from '../tool.js';

const inputSchema = z.strictObject({
  name: z
    .string()
    .max(200)
    .optional()
    .describe(
      'One function by name (e.g. "TRUNC", "=round()"): that entry exactly, or the nearest names, ranked.',
    ),
  query: z
    .string()
    .max(200)
    .optional()
    .describe(
      'Search: words that are part of a name or whole words of a summary or notes (e.g. "lookup", "blank"), ' +
        'best first; refusal codes the query names come in `refusals`.',
    ),
  refusals: z
    .boolean()
    .optional()
    .describe('true: only the refusal codes with what each means (no functions).'),
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
      nearest: z
        .array(z.string())
        .optional()
        .describe('With `name` that is not supported: the nearest supported names, best first.'),
      refusals: z
        .array(z.looseObject({ code: z.string(), meaning: z.string().optional() }))
        .optional()
        .describe('Refusal codes with what each means.'),
      more: z
        .string()
        .optional()
        .describe(
          'Without arguments: the entries are an index (name, kind, summary); how to get a whole entry.',
        ),
    },
    z,
  ),
);

export const listFunctionsTool: ToolDefinition<typeof inputSchema> = {
  name: 'list_functions',
  title: 'List supported Excel functions',
  description:
    'The catalogue of Excel functions and constructs sheetspec can compile, each with its JSONata lowering and ' +
    'semantics notes (blanks, errors, rounding). `name`: that one function exactly, or the nearest supported ' +
    'names (an unsupported one answers entries: [] and `nearest`). `query`: a ranked search of names and ' +
    'summaries. `refusals: true`: the refusal codes with what each means. No argument: an index of every ' +
    'function and construct (name, kind, one-line summary) and every refusal code; pass `name` for a whole entry.',
  inputSchema,
  outputSchema,
  tooLargeHint: 'Pass a `query` (a function name or part of one) to narrow the list.',
  async handler(args) {
    return settle(
      async () => answer(args),
      () => true,
      'entries',
    );
  },
};

function answer(args: z.infer<typeof inputSchema>): Record<string, unknown> {
  if (args.name !== undefined) {
    const { entry, nearest } = lookupFunction(args.name);
    return entry ? { entries: [entry] } : { entries: [], nearest };
  }
  if (args.refusals === true) return { refusals: searchRefusals(args.query) };
  if (args.query === undefined || args.query.trim() === '') return catalogueIndex();
  const refusals = searchRefusals(args.query);
  return { entries: searchCatalogue(args.query), ...(refusals.length > 0 ? { refusals } : {}) };
}

/**
 * Everything, as an index that fits the result budget: each entry's name, kind and summary (an operator's
 * lowering stands for its summary), and the refusal codes. The whole entries are one `name` away.
 */
function catalogueIndex(): Record<string, unknown> {
  const { entries, refusals } = listFunctions();
  return {
    entries: entries.map((e) => ({ name: e.name, kind: e.kind, summary: e.summary ?? e.lowering })),
    refusals,
    more: 'Pass `name` (e.g. "ROUND") for one entry whole: its lowering, notes, helpers, example and evidence; `query` to search.',
  };
}

export function registerListFunctionsTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, listFunctionsTool);
}
