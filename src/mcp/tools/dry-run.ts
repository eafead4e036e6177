/** dry_run: applies mutations to a spec's document and returns the recomputed state, changes and violations. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ModelSpec } from '../../modelspec/index.js';
import { dryRun } from '../library.js';
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
  spec: specArgument('The ModelSpec to run.'),
  mutations: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Canonical path → new value, e.g. {"$.items[0].qty": 3}; applied in order.'),
  state: z
    .record(z.string(), z.unknown())
    .optional()
    .describe("Starting document; default the spec's seeded default value."),
  paths: z
    .array(z.string().max(1_000))
    .max(100)
    .optional()
    .describe(
      'Bound the answer: only changes at or under these canonical paths ("$.items[*].total", "$.sumTotal"), ' +
        'their values in `values`, and no `state`. The run still computes the whole document.',
    ),
  changesOnly: z
    .boolean()
    .optional()
    .describe('Leave the resulting `state` out; the changes are the answer.'),
});

const outputSchema = z.looseObject(
  failureFields(
    {
      ok: z.boolean().optional().describe('false when a mutation broke the schema or a rollback constraint.'),
      state: z.unknown().optional().describe('The document after the mutations and recomputation.'),
      changes: z
        .array(z.record(z.string(), z.unknown()))
        .optional()
        .describe(
          'Each leaf that changed: {path, before, after} (at most 1000; changesOmitted counts the rest).',
        ),
      values: z
        .record(z.string(), z.unknown())
        .optional()
        .describe('With `paths`: each path → its values after the run (one per row for a `[*]` path).'),
      flaggedConstraints: z.unknown().optional().describe('Constraints with policy "flag" that failed.'),
      notEstablished: z
        .record(z.string(), z.unknown())
        .optional()
        .describe(
          'When the result holds values {"notEstablished": reason} (a row meets a case whose Excel answer is not established; no Excel answer): {count, at: [{path, reason}]} (the first 100).',
        ),
      violations: z
        .unknown()
        .optional()
        .describe('Schema or rollback-constraint violations (when ok is false).'),
      code: z.string().optional().describe('Error code when the spec could not be run.'),
    },
    z,
  ),
);

export const dryRunTool: ToolDefinition<typeof inputSchema> = {
  name: 'dry_run',
  title: 'Dry-run edits on a ModelSpec',
  description:
    "Seed a ModelSpec's document (or use `state`), apply `mutations` (canonical path → value) and recompute " +
    'every derivation, meta derivation and constraint. Returns the resulting state, what changed and any ' +
    'constraint violations; nothing is stored. `changes` compare with the starting state already computed, so ' +
    'they name what the mutations changed. On a large sheet pass `paths` (or `changesOnly`) to bound the answer. ' +
    'A spec that cannot run is an isError result with {code, error}. Use it to see how derived fields react ' +
    'to an edit.',
  inputSchema,
  outputSchema,
  tooLargeHint:
    'Pass `paths` (the fields you want to see, e.g. ["$.items[*].total"]) or `changesOnly: true`; fewer rows in ' +
    '`state` would change what whole-column formulas compute.',
  async handler(args, ctx) {
    return settle(
      () =>
        dryRun(
          args.spec as unknown as ModelSpec,
          {
            mutations: args.mutations,
            state: args.state,
            ...(args.paths ? { paths: args.paths } : {}),
            ...(args.changesOnly ? { changesOnly: true } : {}),
          },
          sandboxCall(ctx),
        ),
      (v) => v.ok === true,
    );
  },
};

export function registerDryRunTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, dryRunTool);
}
