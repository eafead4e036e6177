/** eval_expression: evaluates one JSONata expression with the spec binding convention. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { evalExpression } from '../library.js';
import { settle } from '../outcome.js';
import {
  failureFields,
  registerDefinedTool,
  sandboxCall,
  type ToolDefinition,
  type ToolTable,
} from '../tool.js';

const inputSchema = z.strictObject({
  expr: z.string().max(100_000).describe('The JSONata expression, e.g. "$sum(items.(qty * price))".'),
  input: z.unknown().optional().describe('The document the expression reads ($ and $$); default {}.'),
  library: z
    .union([z.string(), z.strictObject({ define: z.string(), description: z.string().optional() })])
    .optional()
    .describe('A spec library: JSONata that binds functions and returns the list of exported names.'),
  constants: z.record(z.string(), z.unknown()).optional().describe('Bound as $const.'),
});

const outputSchema = z.looseObject(
  failureFields(
    {
      ok: z.boolean().optional().describe('true: evaluated; false: a parse or evaluation error.'),
      value: z.unknown().optional().describe('The result; absent when JSONata returns nothing (undefined).'),
      position: z.number().optional().describe('Character offset of the error in the expression.'),
      token: z.string().optional().describe('The token at the error.'),
      code: z.string().optional().describe('Error code when the expression failed to parse or evaluate.'),
    },
    z,
  ),
);

export const evalExpressionTool: ToolDefinition<typeof inputSchema> = {
  name: 'eval_expression',
  title: 'Evaluate a JSONata expression',
  description:
    'Evaluate one JSONata expression against an input document, with an optional spec library (exports bound ' +
    'by name, e.g. $xlRound) and constants ($const), exactly as a spec derivation would run. Returns {value}; ' +
    'a parse or evaluation error is an isError result with {code, error} and the position. Use it to try an ' +
    'expression before putting it in a derivation.',
  inputSchema,
  outputSchema,
  tooLargeHint: 'Return a smaller part of the result, e.g. one element, $count(...) or a $substring.',
  async handler(args, ctx) {
    const outcome = await settle(
      () =>
        evalExpression(
          {
            expr: args.expr,
            input: args.input,
            library: args.library,
            constants: args.constants,
          },
          sandboxCall(ctx),
        ),
      (v) => v.ok === true,
    );
    // The library reports {ok: false, error: {code, message, position, token}}; tools report `error` as text.
    const err = outcome.value.error;
    if (err !== null && typeof err === 'object') {
      const { code, message, ...where } = err as Record<string, unknown>;
      outcome.value = { ok: false, code, error: message, ...where };
    }
    return outcome;
  },
};

export function registerEvalExpressionTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, evalExpressionTool);
}
