/** validate_spec: checks a ModelSpec against the schema and the binding rules, without running it. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { validateSpec } from '../library.js';
import { settle } from '../outcome.js';
import { specArgument } from '../spec-schema.js';
import {
  failureFields,
  registerDefinedTool,
  sandboxCall,
  type ToolDefinition,
  type ToolTable,
} from '../tool.js';

const inputSchema = z.strictObject({
  spec: specArgument('The ModelSpec to check.'),
});

const outputSchema = z.looseObject(
  failureFields(
    {
      valid: z.boolean().optional().describe('true when the spec has no errors.'),
      errors: z
        .array(z.record(z.string(), z.unknown()))
        .optional()
        .describe('Problems found, each with a code, a message and where it is (path, expression).'),
      warnings: z.array(z.record(z.string(), z.unknown())).optional(),
    },
    z,
  ),
);

export const validateSpecTool: ToolDefinition<typeof inputSchema> = {
  name: 'validate_spec',
  title: 'Validate a ModelSpec',
  description:
    'Check a ModelSpec without running it: the JSON Schema, every JSONata expression parses, library exports, ' +
    'paths exist in the document schema, no derivation cycles, tests are well formed. Returns {valid, errors, ' +
    'warnings}; an invalid spec is an isError result listing each problem with its code and location. Run it ' +
    'after every hand edit, before test_spec.',
  inputSchema,
  outputSchema,
  tooLargeHint: 'Fix the first errors and validate again; the list shrinks as problems are fixed.',
  async handler(args, ctx) {
    return settle(
      () => validateSpec(args.spec, sandboxCall(ctx)),
      (v) => v.valid !== false,
    );
  },
};

export function registerValidateSpecTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, validateSpecTool);
}
