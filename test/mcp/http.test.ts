/** One real HTTP server on 127.0.0.1 with an ephemeral port, driven by the SDK client and by raw requests. */
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_MESSAGE_BYTES, type RunningHttpServer, startHttpServer } from '../../src/mcp/index.js';
import { orderBook, structured } from './helpers.js';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const ACCEPT = { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' };

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

  it('answers excess concurrent calls with 503', async () => {
    // Two requests whose bodies never finish hold both slots; the third is over the bound.
    const held = [0, 1].map(() => {
      const req = request({
        host: '127.0.0.1',
        port: srv.port,
        path: '/mcp',
        method: 'POST',
        headers: { ...ACCEPT, 'Content-Length': '1000' },
      });
      req.on('error', () => {});
      req.write('{');
      return req;
    });
    for (;;) {
      const h = (await (await fetch(`http://127.0.0.1:${srv.port}/healthz`)).json()) as { inFlight: number };
      if (h.inFlight === 2) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const r = await fetch(srv.url, { method: 'POST', headers: ACCEPT, body: JSON.stringify(INIT) });
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('1');
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
