/**
 * One real child process over stdio: `sheetspec serve` run from the TypeScript source (the same `run()` the
 * bin calls), driven by the SDK's stdio client, plus raw lines for what a client library would not send.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { structured } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY = [
  '--import',
  'tsx',
  '--input-type=module',
  '-e',
  "const { run } = await import('./src/cli/main.ts'); process.exitCode = await run(process.argv.slice(1));",
  'serve',
];

/** Writes raw bytes to a fresh server's stdin, closes it, and returns the JSON lines it printed. */
function rawSession(
  input: Buffer,
  args: string[] = [],
): Promise<{ lines: any[]; stdout: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...ENTRY, ...args], {
      cwd: ROOT,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (b: Buffer) => {
      stdout += b.toString('utf8');
    });
    child.stderr.resume();
    child.on('error', reject);
    child.on('close', (code) => {
      try {
        resolve({
          lines: stdout
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l)),
          stdout,
          code,
        });
      } catch (e) {
        reject(new Error(`stdout is not JSON lines: ${stdout.slice(0, 300)} (${e})`));
      }
    });
    child.stdin.end(input);
  });
}

const init = (id: number, protocolVersion = '2025-11-25') =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { protocolVersion, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  });

describe('stdio server (child process)', () => {
  let client: Client;
  let stderr = '';
  beforeAll(async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ENTRY,
      cwd: ROOT,
      stderr: 'pipe',
    });
    transport.stderr?.on('data', (b: Buffer) => {
      stderr += b.toString('utf8');
    });
    client = new Client({ name: 'stdio-test', version: '1.0.0' });
    await client.connect(transport);
  });
  afterAll(async () => {
    await client?.close();
  });

  it('initializes and lists the 8 tools', async () => {
    expect(client.getServerVersion()?.name).toBe('sheetspec');
    expect(client.getServerCapabilities()?.logging).toEqual({});
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(8);
    expect(stderr).toContain('ready on stdio');
  });

  it('converts the fixture workbook', async () => {
    const data = readFileSync(new URL('../../fixtures/orders.xlsx', import.meta.url)).toString('base64');
    const r = await client.callTool({
      name: 'convert_spreadsheet',
      arguments: { data, filename: 'orders.xlsx' },
    });
    expect(structured(r as never)).toMatchObject({ valid: true, spec: { id: 'orders' } });
    expect(r.isError).toBeFalsy();
  });

  it('tolerates a UTF-8 BOM, answers bad lines with JSON-RPC errors, and prints protocol only', async () => {
    const input = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(
        [
          init(1, '2024-11-05'),
          '{"jsonrpc":"2.0","method":"notifications/initialized"}',
          'this is not json',
          '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"nope","arguments":{}}}',
          '{"jsonrpc":"2.0","id":3,"method":"tools/list"}',
          '',
        ].join('\n'),
      ),
    ]);
    const { lines, code } = await rawSession(input);
    expect(code).toBe(0);
    const byId = new Map(lines.map((l) => [l.id, l]));
    expect(byId.get(1).result.protocolVersion).toBe('2024-11-05');
    expect(byId.get(null).error.code).toBe(-32700);
    expect(byId.get(2).error.code).toBe(-32602);
    expect(byId.get(3).result.tools).toHaveLength(8);
    for (const l of lines) expect(l.jsonrpc).toBe('2.0');
  });

  it('answers the last message at end of input even without a trailing newline', async () => {
    const input = [
      init(1),
      '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '{"jsonrpc":"2.0","id":2,"method":"ping"}',
    ];
    const { lines } = await rawSession(Buffer.from(input.join('\n')));
    expect(lines.find((l) => l.id === 2)).toMatchObject({ result: {} });
  });

  it('treats batches by the negotiated protocol version, as HTTP does', async () => {
    const batch = '[{"jsonrpc":"2.0","id":2,"method":"ping"},{"jsonrpc":"2.0","id":3,"method":"ping"}]';
    const initialized = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
    const refused = await rawSession(Buffer.from([init(1), initialized, batch, ''].join('\n')));
    expect(refused.lines.find((l) => l.id === null)).toMatchObject({ error: { code: -32600 } });
    const accepted = await rawSession(
      Buffer.from([init(1, '2025-03-26'), initialized, batch, ''].join('\n')),
    );
    const answer = accepted.lines.find(Array.isArray);
    expect((answer ?? []).map((m: { id: number }) => m.id).sort()).toEqual([2, 3]);
  });

  it('runs calls under the process budget: beyond it they queue, then are refused with BUSY', async () => {
    const calls = [2, 3, 4, 5, 6, 7].map((id) =>
      JSON.stringify({
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'list_functions', arguments: { query: 'SUM' } },
      }),
    );
    const initialized = '{"jsonrpc":"2.0","method":"notifications/initialized"}';
    const { lines } = await rawSession(Buffer.from([init(1), initialized, ...calls, ''].join('\n')), [
      '--max-concurrent',
      '1',
    ]);
    const answers = lines.filter((l) => typeof l.id === 'number' && l.id >= 2);
    expect(answers).toHaveLength(6);
    // One runs, four wait (4 × max-concurrent), the sixth is refused at once.
    const busy = answers.filter((l) => l.result?.structuredContent?.code === 'BUSY');
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0].result.isError).toBe(true);
  });
});
