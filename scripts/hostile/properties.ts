/**
 * Fuzzing properties over the input layers, shared by the seeded tests (test/hostile/fuzz.test.ts, a bounded
 * number of runs) and `npm run fuzz:input -- --cases N` (long runs):
 * - the zip/XML pre-flight and reader on mutated real workbooks (flipped bytes, truncations, entries swapped,
 *   dropped or duplicated): always a value or a coded `WorkbookError`, never another throw;
 * - `convert` on the same: always a coded `ConversionResult`, never a throw;
 * - the formula parser on random token soup: never throws, every diagnostic coded with a span inside the text;
 * - the MCP input layer: random argument objects to every tool over an in-memory client: a result or a
 *   JSON-RPC error, and the server still answers afterwards.
 */
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { unzipSync, zipSync } from 'fflate';
import { convert } from '../../src/pipeline/index.js';
import { parseFormula } from '../../src/workbook/formula/index.js';
import { preflight, readWorkbook, WorkbookError } from '../../src/workbook/index.js';

export const WORKBOOK_CODES = [
  'EMPTY_WORKBOOK',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_FORMAT',
  'PARSE_FAILED',
  'RESOURCE_LIMIT',
];

/** A small valid workbook written by exceljs: a table with inputs, a formula column and shared strings. */
export async function baseWorkbook(): Promise<Uint8Array> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Data');
  ws.addRow(['Item', 'Qty', 'Price', 'Total']);
  for (let r = 2; r <= 6; r++) {
    ws.addRow([`item ${r}`, r, r * 1.5, { formula: `B${r}*C${r}`, result: r * r * 1.5 }]);
  }
  ws.mergeCells('F1:G1');
  return new Uint8Array(await wb.xlsx.writeBuffer());
}

export type Mutation =
  | { kind: 'flip'; flips: Array<[number, number]> }
  | { kind: 'truncate'; at: number }
  | { kind: 'swap'; a: number; b: number }
  | { kind: 'drop'; a: number }
  | { kind: 'garble'; a: number; at: number; text: string };

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    flips: fc.array(fc.tuple(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), fc.nat(7)), {
      minLength: 1,
      maxLength: 24,
    }),
  }) as fc.Arbitrary<Mutation>,
  fc.record({ kind: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({ kind: fc.constant('swap' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({ kind: fc.constant('drop' as const), a: fc.nat() }),
  fc.record({
    kind: fc.constant('garble' as const),
    a: fc.nat(),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    text: fc.constantFrom(
      '<!DOCTYPE x>',
      '<c r="A0"><v>1</v></c>',
      '<c r="ZZZZ99999999"><f>',
      '</sheetData>',
      '<mergeCell ref="A1:XFD1048576"/>',
      '&#0;&#xFFFFFFFF;',
      '\u0000\uFFFF',
      '<si><t>',
      '<f t="shared" si="99"/>',
      '"><<',
    ),
  }),
);

/** Applies one mutation to a zip's bytes (entry-level ones re-zip, the rest work on the raw bytes). */
export function mutate(bytes: Uint8Array, m: Mutation): Uint8Array {
  if (m.kind === 'flip') {
    const out = new Uint8Array(bytes);
    for (const [p, bit] of m.flips) out[Math.floor(p * out.length)] ^= 1 << bit;
    return out;
  }
  if (m.kind === 'truncate') return bytes.subarray(0, Math.floor(m.at * bytes.length));
  const files = unzipSync(bytes);
  const names = Object.keys(files).sort();
  const a = names[m.a % names.length]!;
  if (m.kind === 'swap') {
    const b = names[m.b % names.length]!;
    [files[a], files[b]] = [files[b]!, files[a]!];
  } else if (m.kind === 'drop') delete files[a];
  else {
    const text = Buffer.from(files[a]!).toString('latin1');
    const at = Math.floor(m.at * text.length);
    files[a] = new Uint8Array(Buffer.from(text.slice(0, at) + m.text + text.slice(at), 'latin1'));
  }
  return zipSync(files);
}

/** `undefined`, or why a thrown value breaks the contract. */
function uncoded(e: unknown): string | undefined {
  if (e instanceof WorkbookError && WORKBOOK_CODES.includes(e.code)) return undefined;
  return `uncoded throw: ${(e as Error)?.name}: ${(e as Error)?.message}`;
}

/** Pre-flight and read of a mutated workbook end in a model or a coded WorkbookError. */
export function readProperty(base: Uint8Array): fc.IAsyncProperty<[Mutation]> {
  return fc.asyncProperty(mutation, async (m) => {
    const bytes = mutate(base, m);
    try {
      preflight(bytes);
    } catch (e) {
      const why = uncoded(e);
      if (why) throw new Error(`preflight: ${why}`);
    }
    try {
      await readWorkbook(bytes);
    } catch (e) {
      const why = uncoded(e);
      if (why) throw new Error(`readWorkbook: ${why}`);
    }
  });
}

/** `convert` of a mutated workbook always resolves to a coded result. */
export function convertProperty(base: Uint8Array): fc.IAsyncProperty<[Mutation]> {
  return fc.asyncProperty(mutation, async (m) => {
    const r = await convert(mutate(base, m), { verify: true });
    if (r.valid) return;
    if (typeof r.reason !== 'string' || !/^[A-Z_]+$/.test(r.reason))
      throw new Error(`uncoded: ${JSON.stringify(r)}`);
    // An internal error is a bug found by the fuzzer, not a coded refusal.
    if (/^Internal error/.test(r.error)) throw new Error(`internal error: ${r.error}`);
  });
}

const TOKENS = [
  '(',
  ')',
  '"',
  '""',
  ',',
  ';',
  '+',
  '-',
  '*',
  '/',
  '^',
  '&',
  '%',
  '=',
  '<>',
  '<=',
  '>',
  ':',
  '!',
  '$',
  '#',
  '#REF!',
  '#N/A',
  '#DIV/0!',
  '{',
  '}',
  '[',
  ']',
  '@',
  "'",
  ' ',
  'A1',
  '$B$2',
  'XFD1048576',
  'A:A',
  '1:1',
  'Sheet1!',
  "'My Sheet'!",
  '[1]Sheet1!',
  'SUM',
  'IF',
  'VLOOKUP',
  'FOO',
  'LET',
  'LAMBDA',
  '_xlfn.',
  'TRUE',
  'FALSE',
  '1',
  '0',
  '1e308',
  '1E+400',
  '.5',
  '1.',
  '3%',
  '\u0000',
  '\u0001',
  '\n',
  '\t',
  'مرحبا',
  '😀',
  '\uD800',
  '\u202E',
  'Table1',
  '[#This Row]',
  '[@Qty]',
  'Table1[[#Headers],[Qty]]',
  'name_1',
  'R1C1',
  'A1#',
];

export const tokenSoup: fc.Arbitrary<string> = fc
  .tuple(fc.boolean(), fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }))
  .map(([eq, ts]) => (eq ? '=' : '') + ts.join(''));

/** The parser never throws; diagnostics are coded and positioned inside the text. */
export const parserProperty = fc.property(tokenSoup, (text) => {
  const r = parseFormula(text);
  const body = text.startsWith('=') ? text.length - 1 : text.length;
  for (const d of r.diagnostics) {
    if (typeof d.code !== 'string' || !/^[A-Z_]+$/.test(d.code))
      throw new Error(`uncoded diagnostic ${JSON.stringify(d)}`);
    if (d.span && (d.span.start < 0 || d.span.end > body || d.span.start > d.span.end)) {
      throw new Error(`span ${d.span.start}-${d.span.end} outside 0-${body} for ${d.code}`);
    }
  }
  if (!r.diagnostics.some((d) => d.severity === 'error') && r.ast === undefined)
    throw new Error('no AST and no error');
});

/** Random argument objects: JSON-ish values with hostile keys and strings. */
export const toolArguments: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'data',
      'filename',
      'expr',
      'spec',
      'input',
      'formula',
      'library',
      '__proto__',
      'constructor',
      'x',
    ),
    fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.constantFrom('$$', '[1..1000000000]', '=SUM(A1:A3)', 'UEsDBA==', '{"id": 1', '', '\u0000'),
      fc.integer(),
      fc.constant(null),
      fc.jsonValue({ maxDepth: 2 }),
    ),
    { maxKeys: 4 },
  ),
);

/** A connected in-memory MCP client, or undefined when the server is not built yet. */
export async function mcpClient(): Promise<
  | {
      call: (name: string, args: unknown) => Promise<unknown>;
      listTools: () => Promise<string[]>;
      close: () => Promise<void>;
    }
  | undefined
> {
  let createServer: (
    o?: object,
  ) => Promise<{ connect: (t: unknown) => Promise<void>; close: () => Promise<void> }>;
  try {
    ({ createServer } = (await import('../../src/mcp/server.js')) as unknown as {
      createServer: typeof createServer;
    });
  } catch {
    return undefined;
  }
  const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
  const { InMemoryTransport } = await import('@modelcontextprotocol/sdk/inMemory.js');
  const { CallToolResultSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const server = await createServer();
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 'fuzz', version: '0' });
  await client.connect(a);
  return {
    call: (name, args) =>
      client.request(
        { method: 'tools/call', params: { name, arguments: args as Record<string, unknown> } },
        CallToolResultSchema,
        { timeout: 30_000 },
      ),
    listTools: async () => (await client.listTools()).tools.map((t) => t.name),
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

/**
 * Random arguments to a random tool: a result (possibly `isError`) or a JSON-RPC error with a numeric code;
 * never a transport failure or a timeout.
 */
export function mcpProperty(
  client: NonNullable<Awaited<ReturnType<typeof mcpClient>>>,
  tools: string[],
): fc.IAsyncProperty<[string, unknown]> {
  return fc.asyncProperty(fc.constantFrom(...tools, 'no_such_tool'), toolArguments, async (name, args) => {
    try {
      const r = (await client.call(name, args)) as { content?: unknown };
      if (!Array.isArray(r.content)) throw new Error(`tool ${name}: a result without content`);
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (typeof code !== 'number' || code === -32001 /* request timeout */) {
        throw new Error(`tool ${name}: ${(e as Error).message}`);
      }
    }
  });
}
