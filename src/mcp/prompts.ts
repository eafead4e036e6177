/**
 * The prompt template: walks an agent through convert → review the refusals → test → fix by hand, naming the
 * tools to call at each step.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export const CONVERT_AND_REVIEW_PROMPT = 'convert-and-review';

const argsShape = {
  filename: z.string().optional().describe('Name of the workbook to convert, e.g. prices.xlsx.'),
  sheet: z.string().optional().describe('Worksheet to read; default the first visible one.'),
};

export function registerPrompts(server: McpServer): void {
  const prompt = server.registerPrompt(
    CONVERT_AND_REVIEW_PROMPT,
    {
      title: 'Convert a workbook and review the result',
      description:
        'Step-by-step plan: convert an .xlsx with convert_spreadsheet, review refused columns, run the tests, and fix refused columns by hand.',
      argsSchema: argsShape,
    },
    async ({ filename, sheet }) => ({
      description: 'Convert a workbook to a verified ModelSpec and review it',
      messages: [{ role: 'user', content: { type: 'text', text: promptText(filename, sheet) } }],
    }),
  );
  // The SDK builds a stripping object from the shape: unknown arguments would be dropped silently. Strict, like
  // the tools' input schemas, they are -32602.
  prompt.argsSchema = z.strictObject(argsShape) as unknown as typeof prompt.argsSchema;
}

function promptText(filename: string | undefined, sheet: string | undefined): string {
  const file = filename ? `the workbook "${filename}"` : 'the workbook';
  const sheetArg = sheet ? `, sheet: "${sheet}"` : '';
  return [
    `Convert ${file} into a ModelSpec with sheetspec, then review and complete it.`,
    '',
    `1. Convert. Call convert_spreadsheet with {data: <the .xlsx as base64>, filename${sheetArg}}. If valid is false`,
    '   and there is no `draft`, report `reason` and `error` to the user and stop: no table was found.',
    '2. Review the refusals. `draft.refused` gives each refused column its formula, every reason and a `test`',
    '   of the values the workbook saved; list_functions {name} says whether a function is supported. Check',
    '   `verification`: every column should have disagreements = 0.',
    '3. Test. Call test_spec with the returned spec; every embedded test should pass. Use dry_run with',
    '   mutations (e.g. {"$.items[0].qty": 3}) and `paths` to see how derived fields react to an edit.',
    '4. Finish the draft. For each refused column call translate_formula with {draft, column, library} (and',
    '   `formula` when you rewrite an unsupported function with supported ones); it returns the `derivation` and',
    '   the merged library. Add `draft.stubs` to the row schema, the derivations, the last library and the',
    "   refused columns' tests; then validate_spec and test_spec. Read sheetspec://docs/semantics,",
    '   sheetspec://docs/dates and sheetspec://docs/jsonata-gotchas before writing JSONata by hand.',
    '5. Report what was converted automatically, what you wrote by hand, and any column you could not express.',
  ].join('\n');
}
