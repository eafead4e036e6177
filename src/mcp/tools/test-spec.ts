/** test_spec: runs a ModelSpec's tests (or the given cases) and reports each result. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ModelSpec } from '../../modelspec/index.js';
import { testSpec } from '../library.js';
import { settle } from '../outcome.js';
import { specArgument } from '../spec-schema.js';
import {
  failureFields,
  registerDefinedTool,
  sandboxCall,
  type ToolDefinition,
  type ToolTable,
} from '../tool.js';

const testCase = z.strictObject({
  description: z.string().optional(),
  given: z.record(z.string(), z.unknown()).describe('Canonical path → value applied before the check.'),
  expect: z
    .record(z.string(), z.unknown())
    .describe('Canonical path → expected value (or {"$meta": {...}}).'),
  compare: z
    .enum(['exact', 'excel15'])
    .optional()
    .describe('"excel15": numbers equal at 15 significant digits, as Excel stores them (default exact).'),
});

const inputSchema = z.strictObject({
  spec: specArgument('The ModelSpec whose tests to run.'),
  cases: z
    .array(testCase)
    .max(1000)
    .optional()
    .describe("Test cases to run instead of the spec's own `tests`."),
});

const outputSchema = z.looseObject(
  failureFields(
    {
      passed: z.number().optional().describe('Number of passing tests.'),
      failed: z.number().optional().describe('Number of failing tests.'),
      notEstablished: z
        .number()
        .optional()
        .describe(
          'Number of tests that did not pass only because an expected path holds the not-established value {"notEstablished": reason}: no Excel answer, not a failure of the spec.',
        ),
      results: z
        .array(z.record(z.string(), z.unknown()))
        .optional()
        .describe('Per test: pass/fail and, for a failure, each path with expected and actual values.'),
      code: z.string().optional().describe('Error code when the spec could not be run.'),
    },
    z,
  ),
);

export const testSpecTool: ToolDefinition<typeof inputSchema> = {
  name: 'test_spec',
  title: 'Run a ModelSpec’s tests',
  description:
    "Run a ModelSpec's embedded tests (or the `cases` given): each applies `given` to the seeded document, " +
    'recomputes the derivations and compares `expect`. Returns {passed, failed, notEstablished, results}; any ' +
    'failing or not-established test makes it an isError result whose results show expected vs actual per path ' +
    '(a value {"notEstablished": reason} is no Excel answer: the case meets a rule whose Excel answer is unknown). Run it after convert_spreadsheet ' +
    'and after each hand edit.',
  inputSchema,
  outputSchema,
  tooLargeHint: 'Pass fewer tests in `cases` (e.g. the first 20) to see their results in full.',
  async handler(args, ctx) {
    return settle(
      () => testSpec(args.spec as unknown as ModelSpec, args.cases, sandboxCall(ctx)),
      (v) =>
        v.code === undefined &&
        v.valid !== false &&
        !(typeof v.failed === 'number' && v.failed > 0) &&
        !(typeof v.notEstablished === 'number' && v.notEstablished > 0),
    );
  },
};

export function registerTestSpecTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, testSpecTool);
}
