/**
 * Every doc an agent needs is a resource: the date convention, the blank and error
 * representation, the binding convention, cut from the guides; the code table, from the registry.
 */
import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { CODES } from '../../src/codes/index.js';
import { createServer } from '../../src/mcp/index.js';
import { markdownSection, SECTION_RESOURCES } from '../../src/mcp/resources.js';

async function connect() {
  const server = await createServer();
  const client = new Client({ name: 'test', version: '1.0.0' });
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(a);
  await client.connect(b);
  return client;
}

const read = async (client: Client, uri: string) =>
  ((await client.readResource({ uri })).contents[0] as { text: string }).text;

describe('the agent-facing doc resources', () => {
  it('each section they are cut from exists in its guide', () => {
    for (const r of SECTION_RESOURCES)
      for (const { file, heading } of r.sections) {
        const md = readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
        expect(markdownSection(md, heading), `${file} ## ${heading}`).toBeDefined();
      }
  });

  it('serves dates, values, binding and the code table, derived from their one home', async () => {
    const client = await connect();
    try {
      const uris = (await client.listResources()).resources.map((r) => r.uri);
      for (const uri of ['sheetspec://docs/dates', 'sheetspec://docs/values', 'sheetspec://docs/binding'])
        expect(uris).toContain(uri);
      const semantics = readFileSync(new URL('../../docs/semantics.md', import.meta.url), 'utf8');
      expect(await read(client, 'sheetspec://docs/dates')).toContain(markdownSection(semantics, 'Dates')!);
      expect(await read(client, 'sheetspec://docs/values')).toContain('{"error": "#N/A"}');
      expect(await read(client, 'sheetspec://docs/binding')).toContain('$parent');
      const codes = JSON.parse(await read(client, 'sheetspec://codes')).codes as { code: string }[];
      expect(codes.map((c) => c.code)).toEqual(Object.keys(CODES));
    } finally {
      await client.close();
    }
  });

  it('cuts a section up to the next one of its level', () => {
    const md = '# T\n\n## A\n\none\n\n### A.1\n\ntwo\n\n## B\n\nthree\n';
    expect(markdownSection(md, 'A')).toBe('## A\n\none\n\n### A.1\n\ntwo');
    expect(markdownSection(md, 'C')).toBeUndefined();
  });
});
