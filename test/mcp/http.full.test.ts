/** One real HTTP server on 127.0.0.1 with an ephemeral port, driven by the SDK client and by raw requests. */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WarmConverter } from '../../src/pipeline/warm.js';
import { ProcessBudget } from '../../src/mcp/budget.js';
import { DEFAULT_MAX_MESSAGE_BYTES, type RunningHttpServer, startHttpServer } from '../../src/mcp/index.js';
import { orderBook, structured } from './helpers.js';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const ACCEPT = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

interface Posted {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One raw POST to /mcp on loopback. */
function post(port: number, body: unknown, headers: Record<string, string> = {}): Promise<Posted> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { ...ACCEPT, ...headers } },
      (res) => {
        let text = '';
        res.on('data', (b: Buffer) => {
          text += b.toString('utf8');
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** The JSON-RPC messages of an SSE answer (or a plain JSON one). */
function sseMessages(text: string): unknown[] {
  if (!text.startsWith('event:') && !text.startsWith('data:')) return [JSON.parse(text)];
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: '))
    .map((l) => JSON.parse(l.slice(6)));
}

/** A POST whose body never finishes: headers and one byte of a 1,000-byte body. */
function stalledBody(port: number) {
  const req = request({
    host: '127.0.0.1',
    port,
    path: '/mcp',
    method: 'POST',
    headers: { ...ACCEPT, 'Content-Length': '1000' },
  });
  req.on('error', () => {});
  req.write('{');
  return req;
}

async function connectClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}

describe('HTTP server', () => {
  let srv: RunningHttpServer;
  beforeAll(async () => {
    srv = await startHttpServer({
      port: 0,
      maxBodyBytes: 2_000_000,
      maxConcurrent: 2,
      diagnostics: () => {},
    });
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('binds loopback and answers /healthz', async () => {
    expect(srv.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const r = await fetch(`http://127.0.0.1:${srv.port}/healthz`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'ok', name: 'sheetspec' });
  });

  it('serves tools/list and two concurrent conversions to an SDK client', async () => {
    const client = await connectClient(srv.url);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(8);
    const a = readFileSync(new URL('../../fixtures/orders.xlsx', import.meta.url)).toString('base64');
    const b = await orderBook(4);
    const [ra, rb] = await Promise.all([
      client.callTool({ name: 'convert_spreadsheet', arguments: { data: a, filename: 'orders.xlsx' } }),
      client.callTool({ name: 'convert_spreadsheet', arguments: { data: b, filename: 'four.xlsx' } }),
    ]);
    // Neither lost nor mixed up: each answer carries its own workbook's id and row count.
    const va = structured(ra as never);
    const vb = structured(rb as never);
    expect(va).toMatchObject({ valid: true, spec: { id: 'orders' } });
    expect(vb).toMatchObject({ valid: true, spec: { id: 'four' } });
    await client.close();
  });

  it('answers an unknown tool with -32602 over HTTP too', async () => {
    const client = await connectClient(srv.url);
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toMatchObject({ code: -32602 });
    await client.close();
  });

  it('refuses a foreign Origin (403) and accepts a loopback one', async () => {
    const bad = await fetch(srv.url, {
      method: 'POST',
      headers: { ...ACCEPT, Origin: 'https://evil.example' },
      body: JSON.stringify(INIT),
    });
    expect(bad.status).toBe(403);
    const good = await fetch(srv.url, {
      method: 'POST',
      headers: { ...ACCEPT, Origin: 'http://localhost:3000' },
      body: JSON.stringify(INIT),
    });
    expect(good.status).toBe(200);
    await good.text();
  });

  it('refuses a foreign Host (403)', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: srv.port,
          path: '/mcp',
          method: 'POST',
          headers: { ...ACCEPT, Host: 'evil.example' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify(INIT));
    });
    expect(status).toBe(403);
  });

  it('answers a body over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ ...INIT, params: { ...INIT.params, pad: 'x'.repeat(2_100_000) } });
    const declared = await fetch(srv.url, { method: 'POST', headers: ACCEPT, body: big });
    expect(declared.status).toBe(413);
    const streamed = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: srv.port,
          path: '/mcp',
          method: 'POST',
          headers: { ...ACCEPT, 'Transfer-Encoding': 'chunked' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', () => {});
      for (let i = 0; i < 30; i++) req.write('x'.repeat(100_000));
      req.end();
      req.on('error', reject);
    });
    expect(streamed).toBe(413);
  });

  it('sizes the default body limit for a 25 MiB workbook as base64', () => {
    expect(DEFAULT_MAX_MESSAGE_BYTES).toBeGreaterThan(Math.ceil((25 * 1024 * 1024) / 3) * 4);
  });

  it('reads bodies before taking a slot: stalled bodies do not block other clients', async () => {
    // More stalled bodies than the budget has slots; before, each held a slot and every POST got 503.
    const held = [0, 1, 2, 3].map(() => stalledBody(srv.port));
    await new Promise((r) => setTimeout(r, 100));
    const r = await post(srv.port, { jsonrpc: '2.0', id: 5, method: 'ping' });
    expect(r.status).toBe(200);
    expect(sseMessages(r.text)).toEqual([{ jsonrpc: '2.0', id: 5, result: {} }]);
    const h = (await (await fetch(`http://127.0.0.1:${srv.port}/healthz`)).json()) as { inFlight: number };
    expect(h.inFlight).toBe(0);
    for (const req of held) req.destroy();
  });

  it('stays healthy after a client disconnects mid-call', async () => {
    const data = await orderBook(3);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'convert_spreadsheet', arguments: { data, filename: 'gone.xlsx' } },
    });
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port: srv.port,
        path: '/mcp',
        method: 'POST',
        headers: ACCEPT,
      });
      req.on('error', () => resolve());
      req.end(body, () =>
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 50),
      );
    });
    for (;;) {
      const h = (await (await fetch(`http://127.0.0.1:${srv.port}/healthz`)).json()) as { inFlight: number };
      if (h.inFlight === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const client = await connectClient(srv.url);
    const r = await client.callTool({ name: 'eval_expression', arguments: { expr: '1 + 1' } });
    expect(structured(r as never)).toMatchObject({ ok: true, value: 2 });
    await client.close();
  });
});

describe('HTTP server with a token', () => {
  let srv: RunningHttpServer;
  beforeAll(async () => {
    srv = await startHttpServer({ port: 0, token: 's3cret-token', diagnostics: () => {} });
  });
  afterAll(async () => {
    await srv?.close();
  });

  it('answers 401 without the bearer token or with a wrong one', async () => {
    const none = await fetch(srv.url, { method: 'POST', headers: ACCEPT, body: JSON.stringify(INIT) });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    const wrong = await fetch(srv.url, {
      method: 'POST',
      headers: { ...ACCEPT, Authorization: 'Bearer s3cret-tokem' },
      body: JSON.stringify(INIT),
    });
    expect(wrong.status).toBe(401);
  });

  it('serves a client that sends the token', async () => {
    const client = await connectClient(srv.url, { Authorization: 'Bearer s3cret-token' });
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(8);
    await client.close();
  });
});

describe('HTTP server limits', () => {
  it('answers a body that does not arrive in time with 408', async () => {
    const srv = await startHttpServer({ port: 0, bodyTimeoutMs: 200, diagnostics: () => {} });
    const status = await new Promise<number>((resolve) => {
      const req = stalledBody(srv.port);
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
    });
    expect(status).toBe(408);
    await srv.close();
  });

  it('answers a tools/call the process budget cannot admit with 503 and Retry-After; ping still works', async () => {
    const budget = new ProcessBudget({ maxConcurrent: 1, queueMs: 0 });
    const srv = await startHttpServer({ port: 0, budget, diagnostics: () => {} });
    const call = {
      jsonrpc: '2.0',
      id: 9,
      method: 'tools/call',
      params: { name: 'list_functions', arguments: { query: 'SUM' } },
    };
    const lease = await budget.acquire(0);
    const health = async () =>
      (await (await fetch(`http://127.0.0.1:${srv.port}/healthz`)).json()) as Record<string, unknown>;
    expect(await health()).toMatchObject({ inFlight: 1, maxConcurrent: 1 });
    const busy = await post(srv.port, call);
    expect(busy.status).toBe(503);
    expect(Number(busy.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(JSON.parse(busy.text)).toMatchObject({ id: 9, error: { code: -32000, data: { code: 'BUSY' } } });
    expect((await post(srv.port, { jsonrpc: '2.0', id: 1, method: 'ping' })).status).toBe(200);
    lease.release();
    const ok = await post(srv.port, call);
    expect(ok.status).toBe(200);
    const answer = sseMessages(ok.text).find((m) => (m as { id?: number }).id === 9);
    expect(answer).toMatchObject({ result: { structuredContent: {} } });
    expect(await health()).toMatchObject({ inFlight: 0 });
    await srv.close();
  });

  it('accepts a JSON-RPC batch only under protocol version 2025-03-26', async () => {
    const srv = await startHttpServer({ port: 0, diagnostics: () => {} });
    const batch = [
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: 2, method: 'ping' },
    ];
    const refused = await post(srv.port, batch, { 'MCP-Protocol-Version': '2025-11-25' });
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.text)).toMatchObject({ error: { code: -32600 } });
    const accepted = await post(srv.port, batch, { 'MCP-Protocol-Version': '2025-03-26' });
    expect(accepted.status).toBe(200);
    expect(sseMessages(accepted.text)).toHaveLength(2);
    await srv.close();
  });

  it('admits a remote name listed in allowedHosts', async () => {
    const srv = await startHttpServer({ port: 0, allowedHosts: ['mcp.example.com'], diagnostics: () => {} });
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    expect((await post(srv.port, ping, { Host: 'mcp.example.com:443' })).status).toBe(200);
    expect((await post(srv.port, ping, { Host: 'other.example.com' })).status).toBe(403);
    await srv.close();
  });

  it('rejects a port in use with ADDRESS_IN_USE', async () => {
    const srv = await startHttpServer({ port: 0, diagnostics: () => {} });
    await expect(startHttpServer({ port: srv.port, diagnostics: () => {} })).rejects.toMatchObject({
      code: 'ADDRESS_IN_USE',
    });
    await srv.close();
  });

  it('closes the warm conversion worker it started when it cannot listen (else the process never exits)', async () => {
    const srv = await startHttpServer({ port: 0, diagnostics: () => {} });
    const close = vi.spyOn(WarmConverter.prototype, 'close');
    try {
      await expect(
        startHttpServer({ port: srv.port, warm: true, diagnostics: () => {} }),
      ).rejects.toMatchObject({
        code: 'ADDRESS_IN_USE',
      });
      expect(close).toHaveBeenCalledTimes(1);
    } finally {
      close.mockRestore();
      await srv.close();
    }
  });
});
