/**
 * The agent's loop end to end over a real SDK client, on stdio (a child process) and Streamable HTTP:
 * convert a workbook with a refused column, read the draft, translate the refused formulas in column mode,
 * add them, validate, and pass test_spec on the draft's expectations. The calls are counted: the loop takes
 * LOOP_CALLS tool calls (docs/mcp.md, "The agent's loop").
 */
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { startHttpServer } from '../../src/mcp/index.js';
import { jobsBook, structured } from './helpers.js';

/** The number of tool calls the loop takes on the jobs workbook. */
const LOOP_CALLS = 5;

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = [
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  "const { run } = await import('./src/cli/main.ts'); process.exitCode = await run(process.argv.slice(1));",
  'serve',
];

/** Runs the loop as an agent would and returns what it saw, counting the tool calls. */
async function runLoop(client: Client) {
  let calls = 0;
  const call = async (name: string, args: Record<string, unknown>) => {
    calls++;
    const r = await client.callTool({ name, arguments: args });
    return { isError: r.isError === true, value: structured(r) as any };
  };
  // 1. Convert: C (FLOOR.PRECISE) is refused, D reads it; the draft says so and keeps the saved values.
  const converted = await call('convert_spreadsheet', { data: await jobsBook(), filename: 'jobs.xlsx' });
  expect(converted.isError).toBe(false);
  const { spec, draft } = converted.value;
  expect(draft.refused.map((r: any) => [r.column, r.reasons.map((x: any) => x.code)])).toEqual([
    ['C', ['UNSUPPORTED_FUNCTION']],
    ['D', ['DEPENDS_ON_REJECTED_COLUMN']],
  ]);
  // 2. FLOOR.PRECISE is unsupported; for these positive numbers TRUNC(A2/B2) is the same: translate it for C.
  const boxes = await call('translate_formula', {
    draft,
    column: 'C',
    formula: '=TRUNC(A2/B2)',
    library: spec.library,
  });
  expect(boxes.isError).toBe(false);
  expect(boxes.value.derivation.path).toBe('$.items[*].boxes');
  expect(boxes.value.derivation.expr).toContain('$parent.qty');
  // 3. D's own formula, as refused, now that C exists; merged into the library of step 2.
  const cost = await call('translate_formula', { draft, column: 'D', library: boxes.value.library });
  expect(cost.isError).toBe(false);
  expect(cost.value.reads).toEqual(['boxes', 'per']);
  const library = cost.value.library;
  expect(library.define.match(/\$xlDiv :=/g)).toHaveLength(1);
  // 4. The finished spec: stubs, derivations, the merged library, the draft's expectations as tests.
  const finished = structuredClone(spec);
  Object.assign(finished.schema.properties.items.items.properties, draft.stubs);
  finished.derivations.push(boxes.value.derivation, cost.value.derivation);
  finished.library = library;
  finished.tests = [...(finished.tests ?? []), ...draft.refused.map((r: any) => r.test)];
  const validated = await call('validate_spec', { spec: finished });
  expect(validated.value.errors).toEqual([]);
  expect(validated.value.valid).toBe(true);
  // 5. The tests pass: the compiled columns' and the refused columns' saved values.
  const tested = await call('test_spec', { spec: finished });
  expect(tested.value.failed).toBe(0);
  expect(tested.value.passed).toBe(finished.tests.length);
  return { calls };
}

describe("the agent's loop", () => {
  it('over Streamable HTTP takes LOOP_CALLS calls', async () => {
    const srv = await startHttpServer({ port: 0, diagnostics: () => {} });
    const client = new Client({ name: 'loop-test', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(srv.url)));
      expect((await runLoop(client)).calls).toBe(LOOP_CALLS);
    } finally {
      await client.close();
      await srv.close();
    }
  }, 60_000);

  it('over stdio takes LOOP_CALLS calls', async () => {
    const client = new Client({ name: 'loop-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({ command: process.execPath, args: ENTRY, cwd: ROOT, stderr: 'ignore' }),
    );
    try {
      expect((await runLoop(client)).calls).toBe(LOOP_CALLS);
    } finally {
      await client.close();
    }
  }, 60_000);
});
