/**
 * Protocol edges over an in-memory pair: malformed params are -32602 with a short message, error messages carry
 * no "MCP error" prefix of their own (SDK clients add one), strict prompt arguments, capabilities without
 * `listChanged`, the coded size guard, the process budget's BUSY answer and the server-wide log level.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LoggingMessageNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProcessBudget } from '../../src/mcp/budget.js';
import { type CreateServerOptions, createServer } from '../../src/mcp/index.js';
import { orderBook, structured } from './helpers.js';

interface Answer {
  id?: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** A raw JSON-RPC session: send one request, get its answer (no client-side validation in the way). */
async function rawSession(options: CreateServerOptions = {}) {
  const server = await createServer(options);
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  const waiting = new Map<number, (m: Answer) => void>();
  b.onmessage = (m) => {
    const answer = m as Answer;
    if (answer.id !== undefined) waiting.get(answer.id)?.(answer);
  };
  await b.start();
  let next = 1;
  const request = (method: string, params?: unknown): Promise<Answer> => {
    const id = next++;
    const answer = new Promise<Answer>((resolve) => waiting.set(id, resolve));
    void b.send({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) } as never);
    return answer;
  };
  const init = await request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'raw', version: '1' },
  });
  await b.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
  return { request, init, close: () => server.close() };
}

describe('malformed params', () => {
  let s: Awaited<ReturnType<typeof rawSession>>;
  beforeAll(async () => {
    s = await rawSession();
  });
  afterAll(async () => {
    await s.close();
  });

  it.each([
    ['tools/call without name', 'tools/call', { arguments: {} }],
    ['tools/call with arguments "x"', 'tools/call', { name: 'eval_expression', arguments: 'x' }],
    ['logging/setLevel("verbose")', 'logging/setLevel', { level: 'verbose' }],
    ['resources/read without uri', 'resources/read', {}],
    ['prompts/get without name', 'prompts/get', {}],
  ])('%s is -32602 with a short message', async (_, method, params) => {
    const { error } = await s.request(method, params);
    expect(error?.code).toBe(-32602);
    expect(error!.message.length).toBeLessThan(300);
    expect(error!.message).not.toMatch(/^MCP error/);
    expect(error!.message).not.toContain('"code"');
  });

  it('sends unknown-tool errors without an "MCP error" prefix (SDK clients add their own, once)', async () => {
    const { error } = await s.request('tools/call', { name: 'nope', arguments: {} });
    expect(error).toMatchObject({ code: -32602, message: 'Unknown tool: nope' });
  });

  it('refuses unknown prompt arguments', async () => {
    const { error } = await s.request('prompts/get', {
      name: 'convert-and-review',
      arguments: { filename: 'a.xlsx', bogus: 'x' },
    });
    expect(error?.code).toBe(-32602);
  });

  it('advertises no listChanged: none of the lists ever changes', () => {
    const caps = s.init.result!.capabilities as Record<string, Record<string, unknown>>;
    for (const key of ['tools', 'resources', 'prompts']) {
      expect(caps[key], key).toBeDefined();
      expect(caps[key]!.listChanged ?? false, key).toBe(false);
    }
  });
});

async function connect(options: CreateServerOptions = {}) {
  const server = await createServer(options);
  const client = new Client({ name: 'edges', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  await client.connect(b);
  return client;
}

describe('coded answers', () => {
  it('SDK clients see the message with one prefix', async () => {
    const client = await connect();
    const e = await client.callTool({ name: 'nope', arguments: {} }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(McpError);
    expect((e as McpError).message).toBe('MCP error -32602: Unknown tool: nope');
    await client.close();
  });

  it('codes the size guard RESULT_TOO_LARGE, in the conversion shape for convert_spreadsheet', async () => {
    const client = await connect({ limits: { maxResultBytes: 300 } });
    const e = await client.callTool({ name: 'eval_expression', arguments: { expr: '$pad("", 1000, "x")' } });
    expect(e.isError).toBe(true);
    expect(structured(e as never)).toMatchObject({ code: 'RESULT_TOO_LARGE', error: 'Result too large' });
    const c = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data: await orderBook(3), filename: 'o.xlsx' },
    });
    expect(structured(c as never)).toMatchObject({
      valid: false,
      reason: 'RESULT_TOO_LARGE',
      code: 'RESULT_TOO_LARGE',
    });
    await client.close();
  });

  it('answers BUSY (a coded tool error) when the process budget is full', async () => {
    const budget = new ProcessBudget({ maxConcurrent: 1, queueMs: 0 });
    const client = await connect({ budget });
    const held = await budget.acquire(0);
    const r = await client.callTool({ name: 'list_functions', arguments: { query: 'SUM' } });
    expect(r.isError).toBe(true);
    expect(structured(r as never)).toMatchObject({ code: 'BUSY' });
    held.release();
    const ok = await client.callTool({ name: 'list_functions', arguments: { query: 'SUM' } });
    expect(ok.isError).toBeFalsy();
    expect(budget.status().running).toBe(0);
    await client.close();
  });

  it('takes the log level from the server options until the client sets one', async () => {
    const client = await connect({ logLevel: 'error' });
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(n.params);
    });
    await client.callTool({ name: 'get_domain_guidance', arguments: { topics: ['percentages'] } });
    expect(logs).toEqual([]);
    await client.setLoggingLevel('info');
    await client.callTool({ name: 'get_domain_guidance', arguments: { topics: ['percentages'] } });
    expect(logs).toHaveLength(1);
    await client.close();
  });
});
