/**
 * Seeded, bounded fuzzing of the input layers (the properties live in scripts/hostile/properties.ts;
 * `npm run fuzz:input -- --cases N` runs them long with a fresh seed).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  baseWorkbook,
  convertProperty,
  mcpClient,
  mcpProperty,
  parserProperty,
  readProperty,
} from '../../scripts/hostile/properties.js';
import { propertyRuns } from '../support/property-runs.js';

const SEED = 20_240_508;
let base: Uint8Array;

beforeAll(async () => {
  base = await baseWorkbook();
});

describe('fuzz: workbook input', () => {
  it('pre-flight and read of mutated workbooks end in a model or a coded WorkbookError', async () => {
    await fc.assert(readProperty(base), { seed: SEED, numRuns: propertyRuns(150) });
  });

  it('convert of mutated workbooks always resolves to a coded result', async () => {
    await fc.assert(convertProperty(base), { seed: SEED, numRuns: 25 });
  });
});

describe('fuzz: formula parser', () => {
  it('never throws on token soup; diagnostics are coded and positioned', () => {
    fc.assert(parserProperty, { seed: SEED, numRuns: propertyRuns(2000) });
  });
});

describe('fuzz: MCP input layer', () => {
  it('random arguments to every tool give a result or a JSON-RPC error', async () => {
    const client = await mcpClient();
    expect(client, 'src/mcp/server.ts must exist').toBeDefined();
    const tools = await client!.listTools();
    expect(tools.length).toBeGreaterThan(0);
    try {
      await fc.assert(mcpProperty(client!, tools), { seed: SEED, numRuns: 30 });
      // Still healthy afterwards.
      expect(await client!.listTools()).toEqual(tools);
    } finally {
      await client!.close();
    }
  });
});
