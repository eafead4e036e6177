/** The MCP server driven by a real SDK Client over an in-memory pair. */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ErrorCode, LoggingMessageNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, RESOURCE_NOT_FOUND } from '../../src/mcp/index.js';
import { liveWorkers } from '../../src/workers/index.js';
import { orderBook, structured, tinySpec } from './helpers.js';

const TOOLS = [
  'convert_spreadsheet',
  'dry_run',
  'eval_expression',
  'get_domain_guidance',
  'list_functions',
  'test_spec',
  'translate_formula',
  'validate_spec',
];

async function connect(limits?: { maxResultBytes?: number; maxFileBytes?: number }) {
  const server = await createServer({ limits });
  const client = new Client({ name: 'test', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  await client.connect(b);
  return { client, server };
}

async function rpcError(p: Promise<unknown>): Promise<McpError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof McpError) return e;
    throw e;
  }
  throw new Error('expected a JSON-RPC error');
}

let client: Client;
beforeAll(async () => {
  ({ client } = await connect());
});
afterAll(async () => {
  await client.close();
});

describe('tools/list', () => {
  it('lists the 8 tools with full metadata', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(TOOLS);
    for (const t of tools) {
      expect(t.title, t.name).toBeTruthy();
      expect(t.description!.length, t.name).toBeGreaterThan(80);
      expect(t.annotations).toMatchObject({
        readOnlyHint: true,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      });
      expect(t.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(t.outputSchema, t.name).toMatchObject({ type: 'object' });
      expect(Object.keys(t.outputSchema!.properties ?? {})).toEqual(
        expect.arrayContaining(['error', 'size', 'hint']),
      );
    }
  });

  it('describes spec arguments with the full ModelSpec schema, references inlined', async () => {
    const { tools } = await client.listTools();
    for (const name of ['validate_spec', 'test_spec', 'dry_run']) {
      const spec = (tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, any>).spec;
      expect(spec.required).toEqual(['id', 'version', 'schema']);
      expect(spec.properties.derivations.items.properties.expr).toMatchObject({ type: 'string' });
      expect(JSON.stringify(spec)).not.toContain('$ref');
    }
  });
});

describe('protocol errors', () => {
  it('answers an unknown tool with -32602', async () => {
    const e = await rpcError(client.callTool({ name: 'no_such_tool', arguments: {} }));
    expect(e.code).toBe(ErrorCode.InvalidParams);
  });

  it('answers an unknown argument with -32602', async () => {
    const e = await rpcError(
      client.callTool({ name: 'eval_expression', arguments: { expr: '1', bogus: 1 } }),
    );
    expect(e.code).toBe(ErrorCode.InvalidParams);
    expect(e.message).toContain('bogus');
  });

  it('answers a missing or mistyped argument with -32602', async () => {
    expect((await rpcError(client.callTool({ name: 'eval_expression', arguments: {} }))).code).toBe(-32602);
    expect((await rpcError(client.callTool({ name: 'eval_expression', arguments: { expr: 3 } }))).code).toBe(
      -32602,
    );
  });

  it('answers a prototype-named tool with -32602', async () => {
    expect((await rpcError(client.callTool({ name: '__proto__', arguments: {} }))).code).toBe(-32602);
    expect((await rpcError(client.callTool({ name: 'constructor', arguments: {} }))).code).toBe(-32602);
  });
});

describe('eval_expression', () => {
  it('evaluates with constants', async () => {
    const r = await client.callTool({
      name: 'eval_expression',
      arguments: {
        expr: '$sum(items.qty) * $const.k',
        input: { items: [{ qty: 2 }, { qty: 3 }] },
        constants: { k: 10 },
      },
    });
    expect(r.isError).toBeFalsy();
    expect(structured(r as never)).toMatchObject({ ok: true, value: 50 });
  });

  it('reports a parse error as an isError result with code and position', async () => {
    const r = await client.callTool({ name: 'eval_expression', arguments: { expr: '1 +' } });
    expect(r.isError).toBe(true);
    const v = structured(r as never);
    expect(v.ok).toBe(false);
    expect(typeof v.code).toBe('string');
    expect(typeof v.error).toBe('string');
  });

  it('replaces a result over the size limit', async () => {
    const r = await client.callTool({ name: 'eval_expression', arguments: { expr: '$pad("", 60000, "x")' } });
    expect(r.isError).toBe(true);
    const v = structured(r as never);
    expect(v).toMatchObject({ error: 'Result too large' });
    expect(v.size as number).toBeGreaterThan(60_000);
    expect(typeof v.hint).toBe('string');
  });
});

describe('validate_spec, test_spec, dry_run', () => {
  it('validates a good spec', async () => {
    const r = await client.callTool({ name: 'validate_spec', arguments: { spec: tinySpec() } });
    expect(r.isError).toBeFalsy();
    expect(structured(r as never)).toMatchObject({ valid: true, errors: [] });
  });

  it('reports a schema violation as an isError result listing the errors', async () => {
    const r = await client.callTool({
      name: 'validate_spec',
      arguments: { spec: { id: 'x', version: 'one' } },
    });
    expect(r.isError).toBe(true);
    const v = structured(r as never);
    expect(v.valid).toBe(false);
    expect((v.errors as unknown[]).length).toBeGreaterThan(0);
  });

  it('runs the embedded tests', async () => {
    const r = await client.callTool({ name: 'test_spec', arguments: { spec: tinySpec() } });
    expect(r.isError).toBeFalsy();
    expect(structured(r as never)).toMatchObject({ passed: 1, failed: 0 });
  });

  it('reports a failing test as an isError result with expected and actual', async () => {
    const r = await client.callTool({ name: 'test_spec', arguments: { spec: tinySpec(7) } });
    expect(r.isError).toBe(true);
    const v = structured(r as never);
    expect(v).toMatchObject({ passed: 0, failed: 1 });
    expect(JSON.stringify(v.results)).toContain('7');
  });

  it('dry-runs a mutation', async () => {
    const r = await client.callTool({
      name: 'dry_run',
      arguments: { spec: tinySpec(), mutations: { '$.items[0].qty': 5 } },
    });
    expect(r.isError).toBeFalsy();
    const v = structured(r as never);
    expect(v.ok).toBe(true);
    expect((v.state as any).items[0].total).toBe(15);
  });

  it('reports a dry run that breaks the document schema as an isError result', async () => {
    const r = await client.callTool({
      name: 'dry_run',
      arguments: { spec: tinySpec(), mutations: { '$.items[0].qty': 'many' } },
    });
    expect(r.isError).toBe(true);
    expect(structured(r as never)).toMatchObject({ ok: false });
  });
});

describe('cancellation', () => {
  it('a cancelled call ends its sandbox process', async () => {
    const cancel = new AbortController();
    const call = client.callTool(
      {
        name: 'eval_expression',
        arguments: { expr: '$match("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /(a+)+$/)' },
      },
      undefined,
      { signal: cancel.signal },
    );
    await vi.waitFor(() => expect(liveWorkers()).toBe(1));
    cancel.abort();
    await expect(call).rejects.toThrow();
    // The client's notifications/cancelled aborts the handler's signal, which kills the child at once.
    await vi.waitFor(() => expect(liveWorkers()).toBe(0), { timeout: 1000 });
  });

  it('a cancelled conversion ends its worker', async () => {
    const cancel = new AbortController();
    const call = client.callTool(
      { name: 'convert_spreadsheet', arguments: { data: await orderBook(2000), filename: 'big.xlsx' } },
      undefined,
      { signal: cancel.signal },
    );
    await vi.waitFor(() => expect(liveWorkers()).toBeGreaterThan(0));
    cancel.abort();
    await expect(call).rejects.toThrow();
    await vi.waitFor(() => expect(liveWorkers()).toBe(0), { timeout: 1000 });
  });
});

describe('convert_spreadsheet', () => {
  it('takes a table argument: an Excel Table by name, or TABLE_NOT_FOUND', async () => {
    const data = readFileSync(new URL('../../fixtures/excel-table.xlsx', import.meta.url)).toString('base64');
    const call = (table: string) =>
      client.callTool({
        name: 'convert_spreadsheet',
        arguments: { data, filename: 'excel-table.xlsx', table },
      });
    const v = structured((await call('Regions')) as never);
    expect(v.valid, JSON.stringify(v).slice(0, 500)).toBe(true);
    type Schema = { schema: { properties: { items: { items: { properties: object } } } } };
    expect(Object.keys((v.spec as Schema).schema.properties.items.items.properties)).toEqual([
      'region',
      'manager',
    ]);
    const bad = structured((await call('Nope')) as never);
    expect(bad).toMatchObject({ valid: false, reason: 'TABLE_NOT_FOUND' });
    expect((await rpcError(call(''))).code).toBe(-32602);
  });

  it('reports an evaluation date without a default as EVALUATION_DATE_REQUIRED, the field required', async () => {
    const data = readFileSync(new URL('../../fixtures/evaluation-date.xlsx', import.meta.url)).toString(
      'base64',
    );
    const r = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data, filename: 'evaluation-date.xlsx' },
    });
    const v = structured(r as never) as { warnings: Array<{ code: string; message: string }>; spec: never };
    expect(v.warnings.map((w) => w.code)).toEqual(['EVALUATION_DATE_REQUIRED', 'EVALUATION_DATE_REQUIRED']);
    expect(v.warnings[0]!.message).toContain('"today"');
    const schema = (v.spec as { schema: { required: string[] } }).schema;
    expect(schema.required).toEqual(['today', 'now']);
  });

  it('takes a table argument: an A1 range selects a second plain block on the sheet', async () => {
    const data = readFileSync(new URL('../../fixtures/two-blocks-one-sheet.xlsx', import.meta.url)).toString(
      'base64',
    );
    const r = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data, filename: 'two-blocks-one-sheet.xlsx', table: 'G1:J5' },
    });
    const v = structured(r as never);
    expect(v.valid, JSON.stringify(v).slice(0, 500)).toBe(true);
    type Schema = { schema: { properties: { items: { items: { properties: object } } } } };
    expect(Object.keys((v.spec as Schema).schema.properties.items.items.properties)).toEqual([
      'product',
      'qty',
      'cost',
      'value',
    ]);
  });

  it('converts a workbook built in the test', async () => {
    const r = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data: await orderBook(), filename: 'orders.xlsx' },
    });
    const v = structured(r as never);
    expect(v.valid, JSON.stringify(v).slice(0, 500)).toBe(true);
    expect(r.isError).toBeFalsy();
    expect((v.spec as any).id).toBe('orders');
    expect(JSON.stringify((v.spec as any).derivations)).toContain('total');
    expect(v.rejectedColumns).toEqual([]);
  });

  it('returns the verification report as an embedded text/html resource when asked', async () => {
    const r = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data: await orderBook(), filename: 'orders.xlsx', report: true },
    });
    const v = structured(r as never);
    expect(v.valid).toBe(true);
    expect(v.report).toBeUndefined();
    const content = r.content as Array<{
      type: string;
      resource?: { uri: string; mimeType: string; text: string };
    }>;
    expect(content.map((c) => c.type)).toEqual(['text', 'resource']);
    const { resource } = content[1]!;
    expect(resource).toMatchObject({ uri: 'sheetspec://report/orders.xlsx.html', mimeType: 'text/html' });
    expect(resource!.text.match(/<tr class="data"/g)).toHaveLength(3);
    expect(resource!.text).toContain('Microsoft Excel');
    const plain = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data: await orderBook(), filename: 'orders.xlsx' },
    });
    expect((plain.content as unknown[]).length).toBe(1);
  });

  it('takes parameters: "inputs" (parameter cells as root input fields) and refuses another value', async () => {
    const data = readFileSync(
      new URL('../../fixtures/other-sheet-parameters.xlsx', import.meta.url),
    ).toString('base64');
    const r = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data, filename: 'p.xlsx', parameters: 'inputs' },
    });
    const v = structured(r as never);
    expect(v.valid).toBe(true);
    // No parameter is a constant; the lookup tables' rows are data there (`constants.tables`).
    expect(Object.keys((v.spec as any).constants)).toEqual(['tables']);
    expect((v.spec as any).schema.properties.taxRate).toMatchObject({ type: 'number', default: 0.2 });
    await expect(
      client.callTool({
        name: 'convert_spreadsheet',
        arguments: { data, filename: 'p.xlsx', parameters: 'variables' },
      }),
    ).rejects.toThrow(/parameters/);
  });

  it('refuses bytes that are not a workbook with a coded reason', async () => {
    const r = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data: Buffer.from('hello, not a zip').toString('base64'), filename: 'x.xlsx' },
    });
    expect(r.isError).toBe(true);
    const v = structured(r as never);
    expect(v.valid).toBe(false);
    expect(['UNSUPPORTED_FORMAT', 'PARSE_FAILED']).toContain(v.reason);
  });

  it('refuses text that is not base64', async () => {
    const r = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data: '!!!***', filename: 'x.xlsx' },
    });
    expect(r.isError).toBe(true);
    expect(structured(r as never)).toMatchObject({ valid: false, reason: 'UNSUPPORTED_FORMAT' });
  });

  it('refuses base64 over the file limit before decoding', async () => {
    const { client: small } = await connect({ maxFileBytes: 1000 });
    const r = await small.callTool({
      name: 'convert_spreadsheet',
      arguments: { data: 'A'.repeat(5000), filename: 'x.xlsx' },
    });
    expect(r.isError).toBe(true);
    expect(structured(r as never)).toMatchObject({ valid: false, reason: 'FILE_TOO_LARGE' });
    await small.close();
  });
});

describe('translate_formula', () => {
  it('translates a formula and evaluates it for the given cells', async () => {
    const r = await client.callTool({
      name: 'translate_formula',
      arguments: { formula: '=ROUND(B2*C2, 2)', cells: { B2: 3, C2: 1.255 } },
    });
    expect(r.isError).toBeFalsy();
    const v = structured(r as never);
    expect(v.value).toBe(3.77);
    expect(v.jsonata).toContain('$xlRound');
    expect(v.library).toMatchObject({ define: expect.any(String) });
  });

  it('says not established with the reason, and no value, where the cells meet such a case', async () => {
    const r = await client.callTool({
      name: 'translate_formula',
      arguments: { formula: '=CHOOSE(IF(A1>0,"x",1),10,20)', cells: { A1: 1 } },
    });
    expect(r.isError).toBeFalsy();
    const v = structured(r as never);
    expect(v.notEstablished).toBe('CHOOSE with a text or logical index');
    expect(v).not.toHaveProperty('value');
  });

  it('reports a malformed formula as an isError result with its code and span', async () => {
    const r = await client.callTool({ name: 'translate_formula', arguments: { formula: '=FOO(' } });
    expect(r.isError).toBe(true);
    const v = structured(r as never);
    expect(typeof v.code).toBe('string');
    expect(v.span).toMatchObject({ start: expect.any(Number) });
  });
});

describe('list_functions', () => {
  it('finds a function with its lowering and notes; the refusal codes are their own listing', async () => {
    const r = await client.callTool({ name: 'list_functions', arguments: { query: 'VLOOKUP' } });
    expect(r.isError).toBeFalsy();
    const v = structured(r as never);
    expect((v.entries as { name: string }[]).map((e) => e.name)).toContain('VLOOKUP');
    // Only the codes that name it, not the whole list on every query.
    for (const c of (v.refusals ?? []) as { code: string; meaning: string }[])
      expect(`${c.code} ${c.meaning}`).toMatch(/vlookup/i);
    const codes = structured(
      (await client.callTool({ name: 'list_functions', arguments: { refusals: true } })) as never,
    );
    expect(codes.entries).toBeUndefined();
    expect(JSON.stringify(codes.refusals)).toContain('UNSUPPORTED_FUNCTION');
    expect((codes.refusals as unknown[]).length).toBeGreaterThan(((v.refusals ?? []) as unknown[]).length);
  });

  it('a query matches whole words and ranks the name first: INT is not ROUND or CONCATENATE', async () => {
    const r = structured(
      (await client.callTool({ name: 'list_functions', arguments: { query: 'INT' } })) as never,
    );
    const names = (r.entries as { name: string }[]).map((e) => e.name);
    expect(names[0]).toBe('INT');
    expect(names).not.toContain('ROUND');
    expect(names).not.toContain('CONCATENATE');
  });

  it('a name answers that function exactly, or the nearest names', async () => {
    const one = structured(
      (await client.callTool({ name: 'list_functions', arguments: { name: '=trunc()' } })) as never,
    );
    expect((one.entries as { name: string }[]).map((e) => e.name)).toEqual(['TRUNC']);
    const near = structured(
      (await client.callTool({ name: 'list_functions', arguments: { name: 'ROUDN' } })) as never,
    );
    expect(near).toMatchObject({ entries: [], nearest: ['ROUND'] });
  });

  it('nearest goes by what a name holds and its family, not by spelling alone', async () => {
    const nearest = async (name: string) =>
      structured((await client.callTool({ name: 'list_functions', arguments: { name } })) as never)
        .nearest as string[];
    // COUPDAYS (not supported) holds DAYS: the date functions that exist, not `N`.
    const days = await nearest('COUPDAYS');
    expect(days[0]).toBe('DAYS');
    expect(days).not.toContain('N');
    expect(
      days.slice(1).every((n) => ['DAY', 'DATE', 'YEAR', 'MONTH', 'WEEKDAY', 'EDATE', 'EOMONTH'].includes(n)),
    ).toBe(true);
    // A short name is never near a different word.
    expect(await nearest('FACT')).toEqual([]);
    expect(await nearest('VAR')).toEqual([]);
    expect((await nearest('SUMIFS2')).slice(0, 3)).toEqual(['SUMIFS', 'SUMIF', 'IFS']);
  });

  it('without arguments, an index of everything within the result budget; a whole entry is one name away', async () => {
    const r = await client.callTool({ name: 'list_functions', arguments: {} });
    expect(r.isError).toBeFalsy();
    const v = structured(r as never);
    const entries = v.entries as { name: string; kind: string; summary: string; notes?: string }[];
    expect(entries.map((e) => e.name)).toEqual(expect.arrayContaining(['ROUND', 'VLOOKUP', 'SUMIFS']));
    expect(
      entries.every((e) => typeof e.summary === 'string' && e.summary !== '' && e.notes === undefined),
    ).toBe(true);
    expect(JSON.stringify(v.refusals)).toContain('UNSUPPORTED_FUNCTION');
    expect(v.more).toMatch(/name/);
  });

  it('translate_formula column mode gives the derivation over the row and the helpers alone their library', async () => {
    const r = structured(
      (await client.callTool({
        name: 'translate_formula',
        arguments: { formula: '=A2*B2', columns: { A: 'qty', B: 'price' }, row: 2, column: 'B' },
      })) as never,
    );
    expect(r.jsonata).toContain('$parent.qty');
    expect(r.derivation).toMatchObject({ path: '$.items[*].price' });
    const lib = structured(
      (await client.callTool({ name: 'translate_formula', arguments: { helpers: ['xlDiv'] } })) as never,
    );
    expect(lib.library).toMatchObject({ define: expect.stringContaining('$xlDiv :=') });
    const bad = await client.callTool({ name: 'translate_formula', arguments: { helpers: ['xlNope'] } });
    expect(bad.isError).toBe(true);
    expect(structured(bad as never)).toMatchObject({ code: 'INPUT_INVALID' });
  });

  it('refuses a mistyped query with -32602', async () => {
    const e = await rpcError(client.callTool({ name: 'list_functions', arguments: { query: 5 } }));
    expect(e.code).toBe(-32602);
  });
});

describe('get_domain_guidance', () => {
  it('returns the named topic with its example', async () => {
    const r = await client.callTool({ name: 'get_domain_guidance', arguments: { topics: ['percentages'] } });
    expect(r.isError).toBeFalsy();
    const v = structured(r as never);
    expect((v.topics as { id: string }[]).map((t) => t.id)).toEqual(['percentages']);
    expect(v.available).toContain('proration');
  });

  it('enumerates the topics in its input schema, every one of them served', async () => {
    const { tools } = await client.listTools();
    const schema = tools.find((t) => t.name === 'get_domain_guidance')!.inputSchema as unknown as {
      properties: { topics: { items: { enum: string[] } } };
    };
    const ids = schema.properties.topics.items.enum;
    expect(ids).toEqual(
      expect.arrayContaining(['derivations', 'tests', 'excel-semantics', 'running-totals']),
    );
    const r = await client.callTool({ name: 'get_domain_guidance', arguments: { topics: ids } });
    expect(r.isError).toBeFalsy();
  });

  it('refuses an unknown topic by the schema', async () => {
    const r = await client
      .callTool({ name: 'get_domain_guidance', arguments: { topics: ['astrology'] } })
      .catch((e: Error) => ({ isError: true, message: e.message }));
    expect(r.isError).toBe(true);
  });
});

describe('resources and prompts', () => {
  it('lists the schema and reads it', async () => {
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toContain('sheetspec://schemas/modelspec');
    const r = await client.readResource({ uri: 'sheetspec://schemas/modelspec' });
    expect(JSON.parse((r.contents[0] as { text: string }).text).title).toBe('ModelSpec');
  });

  it('lists and reads the guides and the function catalogue', async () => {
    const uris = (await client.listResources()).resources.map((r) => r.uri);
    for (const uri of [
      'sheetspec://docs/spec-format',
      'sheetspec://docs/jsonata-gotchas',
      'sheetspec://docs/semantics',
      'sheetspec://catalogue/functions',
    ]) {
      expect(uris).toContain(uri);
      const r = await client.readResource({ uri });
      expect((r.contents[0] as { text: string }).text.length, uri).toBeGreaterThan(200);
    }
  });

  it('offers the examples template, lists the fixture specs and reads one', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toContain('sheetspec://examples/{name}');
    const uris = (await client.listResources()).resources.map((r) => r.uri);
    expect(uris).toContain('sheetspec://examples/orders');
    const r = await client.readResource({ uri: 'sheetspec://examples/orders' });
    expect(JSON.parse((r.contents[0] as { text: string }).text)).toMatchObject({ id: expect.any(String) });
  });

  it('answers an unknown URI with -32002', async () => {
    const e = await rpcError(client.readResource({ uri: 'sheetspec://docs/nope' }));
    expect(e.code).toBe(RESOURCE_NOT_FOUND);
    const e2 = await rpcError(client.readResource({ uri: 'sheetspec://examples/nope' }));
    expect(e2.code).toBe(RESOURCE_NOT_FOUND);
  });

  it('serves the convert-and-review prompt', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toContain('convert-and-review');
    const p = await client.getPrompt({ name: 'convert-and-review', arguments: { filename: 'prices.xlsx' } });
    const text = (p.messages[0]!.content as { text: string }).text;
    for (const tool of ['convert_spreadsheet', 'test_spec', 'translate_formula', 'validate_spec'])
      expect(text).toContain(tool);
    expect(text).toContain('prices.xlsx');
  });
});

describe('protocol versions and logging', () => {
  it('negotiates every supported protocol version', async () => {
    for (const version of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
      const server = await createServer();
      const [a, b] = InMemoryTransport.createLinkedPair();
      await server.connect(a);
      const answers: unknown[] = [];
      b.onmessage = (m) => answers.push(m);
      await b.start();
      await b.send({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } },
      });
      await new Promise((r) => setTimeout(r, 0));
      expect(answers[0]).toMatchObject({
        id: 1,
        result: { protocolVersion: version, capabilities: { logging: {} } },
      });
      await server.close();
    }
  });

  it('honours logging/setLevel for tool logs', async () => {
    const { client: c } = await connect();
    const logs: unknown[] = [];
    c.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(n.params);
    });
    await c.setLoggingLevel('error');
    await c.callTool({ name: 'get_domain_guidance', arguments: { topics: ['percentages'] } });
    expect(logs).toEqual([]);
    await c.setLoggingLevel('info');
    await c.callTool({ name: 'get_domain_guidance', arguments: { topics: ['percentages'] } });
    expect(logs).toEqual([
      expect.objectContaining({
        level: 'info',
        logger: 'sheetspec',
        data: expect.objectContaining({ tool: 'get_domain_guidance' }),
      }),
    ]);
    await c.close();
  });
});
