/** get_domain_guidance: authoring guidance on writing specs, by topic. */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { getDomainGuidance, topicIds } from '../library.js';
import { settle } from '../outcome.js';
import { failureFields, registerDefinedTool, type ToolDefinition, type ToolTable } from '../tool.js';

const inputSchema = z.strictObject({
  topics: z
    .array(z.enum(topicIds() as [string, ...string[]]))
    .max(50)
    .optional()
    .describe(
      'Topics to return (e.g. "derivations", "tests", "excel-semantics"); default: the list of topics.',
    ),
});

const outputSchema = z.looseObject(
  failureFields(
    { topics: z.unknown().optional().describe('Guidance per topic, or the available topics.') },
    z,
  ),
);

export const getDomainGuidanceTool: ToolDefinition<typeof inputSchema> = {
  name: 'get_domain_guidance',
  title: 'Get ModelSpec authoring guidance',
  description:
    'Vetted guidance for writing ModelSpec derivations by hand for common business patterns (percentages, ' +
    'progressive brackets, proration, compound growth, date math, weighted averages...): each topic has ' +
    'instructions and a worked, tested example spec fragment. Call without topics for every topic (the ids ' +
    'are in `available`), or with the ids you need. An unknown id is an isError result with UNKNOWN_TOPIC.',
  inputSchema,
  outputSchema,
  tooLargeHint: 'Ask for fewer topics at a time.',
  async handler(args) {
    return settle(
      () => getDomainGuidance(args.topics),
      (v) => v.code === undefined,
      'topics',
    );
  },
};

export function registerGetDomainGuidanceTool(server: McpServer, table: ToolTable): void {
  registerDefinedTool(server, table, getDomainGuidanceTool);
}
