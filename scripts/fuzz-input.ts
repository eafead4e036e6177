/**
 * `npm run fuzz:input -- --cases N [--seed S]`: the input-layer fuzzing properties of
 * scripts/hostile/properties.ts run long (N cases each; the workbook `convert` property and the MCP property
 * get N/10, as each case costs a conversion or a tool call). Prints the seed; a failure prints the
 * counterexample and its replay path, to be turned into a regression test in test/hostile/.
 */
import fc from 'fast-check';
import {
  baseWorkbook,
  convertProperty,
  mcpClient,
  mcpProperty,
  parserProperty,
  readProperty,
} from './hostile/properties.js';

const args = process.argv.slice(2);
const num = (flag: string, dflt: number) =>
  args.includes(flag) ? Number(args[args.indexOf(flag) + 1]) : dflt;
const cases = num('--cases', 1000);
const seed = num('--seed', Date.now() % 2_147_483_647);
process.stdout.write(`fuzz:input seed ${seed}, ${cases} cases\n`);

let failed = 0;
async function run(name: string, go: () => Promise<void> | void): Promise<void> {
  const t0 = performance.now();
  try {
    await go();
    process.stdout.write(`ok    ${name} (${Math.round(performance.now() - t0)} ms)\n`);
  } catch (e) {
    failed++;
    process.stdout.write(`FAIL  ${name}\n${(e as Error).message}\n`);
  }
}

const base = await baseWorkbook();
await run(`formula parser, ${cases * 10} token soups`, () =>
  fc.assert(parserProperty, { seed, numRuns: cases * 10 }),
);
await run(`pre-flight + read, ${cases} mutated workbooks`, () =>
  fc.assert(readProperty(base), { seed, numRuns: cases }),
);
const few = Math.max(1, Math.floor(cases / 10));
await run(`convert, ${few} mutated workbooks`, () =>
  fc.assert(convertProperty(base), { seed, numRuns: few }),
);
const client = await mcpClient();
if (!client) process.stdout.write('skip  MCP input layer: src/mcp/server.ts is absent\n');
else {
  const tools = await client.listTools();
  await run(`MCP input layer, ${few} calls`, () =>
    fc.assert(mcpProperty(client, tools), { seed, numRuns: few }),
  );
  await client.close();
}
process.exitCode = failed > 0 ? 1 : 0;
