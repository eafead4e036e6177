/** The operator's budget for authoring calls (`serve --eval-timeout`): it reaches the sandbox, within a cap. */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createServer, DEFAULT_LIMITS, MAX_EVAL_TIMEOUT_MS } from '../../src/mcp/index.js';
import { sandboxCall } from '../../src/mcp/tool.js';
import { structured, tinySpec } from './helpers.js';

async function connect(evalTimeoutMs: number) {
  const server = await createServer({ limits: { evalTimeoutMs } });
  const client = new Client({ name: 'test', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  await client.connect(b);
  return client;
}

describe('the authoring budget', () => {
  it('is the sandbox time limit of test_spec: 1 ms cannot even start one', async () => {
    const client = await connect(1);
    try {
      const r = await client.callTool({ name: 'test_spec', arguments: { spec: tinySpec() } });
      expect(r.isError).toBe(true);
      expect(structured(r as never)).toMatchObject({ code: 'TIMEOUT' });
    } finally {
      await client.close();
    }
  });

  it('defaults to the sandbox default and never exceeds the cap', () => {
    expect(DEFAULT_LIMITS.evalTimeoutMs).toBe(2_000);
    const ctx = {
      signal: new AbortController().signal,
      limits: { ...DEFAULT_LIMITS, evalTimeoutMs: 10 ** 9 },
      log() {},
    };
    expect(sandboxCall(ctx).timeoutMs).toBe(MAX_EVAL_TIMEOUT_MS);
  });
});
