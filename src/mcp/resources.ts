/**
 * The server's resources: the guides, the ModelSpec JSON Schema, the function catalogue and the example specs
 * compiled from the fixtures (`sheetspec://examples/{name}`).
 *
 * Everything is read once, by `loadResources()`, when the process starts (the HTTP transport builds a server per
 * request and reuses the loaded set). Files that do not exist then are simply not listed. `resources/read` is
 * answered here rather than by the SDK because the SDK answers an unknown URI with -32602, where the MCP spec
 * asks for -32002 (resource not found).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import {
  McpError,
  ReadResourceRequestSchema,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { modelSpecSchemaText } from './spec-schema.js';

/** JSON-RPC error code for an unknown resource URI (MCP spec, "Resources: Error Handling"). */
export const RESOURCE_NOT_FOUND = -32002;

export const EXAMPLES_PREFIX = 'sheetspec://examples/';

export interface StaticResource {
  uri: string;
  name: string;
  title: string;
  description: string;
  mimeType: string;
  text: string;
}

export interface LoadedResources {
  fixed: StaticResource[];
  /** Example spec name → JSON text. */
  examples: Map<string, string>;
}

const PACKAGE_ROOT = new URL('../../', import.meta.url);

const GUIDES = [
  {
    file: 'docs/spec-format.md',
    uri: 'sheetspec://docs/spec-format',
    name: 'spec-format',
    title: 'ModelSpec format guide',
    description: 'How a ModelSpec is laid out: schema, constants, library, derivations, constraints, tests.',
  },
  {
    file: 'docs/jsonata-gotchas.md',
    uri: 'sheetspec://docs/jsonata-gotchas',
    name: 'jsonata-gotchas',
    title: 'JSONata gotchas',
    description:
      'JSONata behaviours that surprise authors of spec expressions, with the safe idiom for each.',
  },
  {
    file: 'docs/semantics.md',
    uri: 'sheetspec://docs/semantics',
    name: 'semantics',
    title: 'Excel to JSONata semantics guide',
    description: 'How Excel values, errors, blanks and functions map to JSONata in sheetspec specs.',
  },
] as const;

function readPackageFile(rel: string): string | undefined {
  const url = new URL(rel, PACKAGE_ROOT);
  return existsSync(url) ? readFileSync(url, 'utf8') : undefined;
}

/**
 * Reads every resource that exists now. `catalogue` is the function catalogue as JSON text, when the catalogue
 * module is available.
 */
export function loadResources(catalogue?: string): LoadedResources {
  const fixed: StaticResource[] = [];
  for (const g of GUIDES) {
    const text = readPackageFile(g.file);
    if (text !== undefined) fixed.push({ ...g, mimeType: 'text/markdown', text });
  }
  fixed.push({
    uri: 'sheetspec://schemas/modelspec',
    name: 'modelspec-schema',
    title: 'ModelSpec JSON Schema',
    description: 'The normative JSON Schema (2020-12) of a ModelSpec document.',
    mimeType: 'application/schema+json',
    text: modelSpecSchemaText(),
  });
  if (catalogue !== undefined) {
    fixed.push({
      uri: 'sheetspec://catalogue/functions',
      name: 'function-catalogue',
      title: 'Supported Excel functions',
      description:
        'Every supported Excel function and construct with its JSONata lowering and semantics notes, and the refusal codes.',
      mimeType: 'application/json',
      text: catalogue,
    });
  }
  const examples = new Map<string, string>();
  const dir = new URL('fixtures/', PACKAGE_ROOT);
  if (existsSync(dir)) {
    for (const f of readdirSync(dir).sort()) {
      const m = /^(.+)\.(spec|expected)\.json$/.exec(f);
      if (!m || examples.has(m[1]!)) continue;
      examples.set(m[1]!, readFileSync(new URL(f, dir), 'utf8'));
    }
  }
  return { fixed, examples };
}

/** Registers the resources and the examples template, and answers `resources/read` with -32002 for unknown URIs. */
export function registerResources(server: McpServer, loaded: LoadedResources): void {
  for (const r of loaded.fixed) {
    server.registerResource(
      r.name,
      r.uri,
      { title: r.title, description: r.description, mimeType: r.mimeType },
      async () => readResource(loaded, r.uri),
    );
  }
  server.registerResource(
    'example-spec',
    new ResourceTemplate(`${EXAMPLES_PREFIX}{name}`, {
      list: async () => ({
        resources: [...loaded.examples.keys()].map((name) => ({
          uri: EXAMPLES_PREFIX + name,
          name: `example-${name}`,
          title: `Example spec: ${name}`,
          mimeType: 'application/json',
        })),
      }),
      complete: { name: (prefix) => [...loaded.examples.keys()].filter((n) => n.startsWith(prefix)) },
    }),
    {
      title: 'Example specs',
      description: 'ModelSpecs compiled from the fixture workbooks, to read as worked examples.',
      mimeType: 'application/json',
    },
    async (uri) => readResource(loaded, uri.href),
  );
  server.server.setRequestHandler(ReadResourceRequestSchema, async (request) =>
    readResource(loaded, request.params.uri),
  );
}

/** Reads one resource; throws McpError -32002 for a URI that names none. */
export function readResource(loaded: LoadedResources, uri: string): ReadResourceResult {
  const fixed = loaded.fixed.find((r) => r.uri === uri);
  if (fixed) return { contents: [{ uri, mimeType: fixed.mimeType, text: fixed.text }] };
  if (uri.startsWith(EXAMPLES_PREFIX)) {
    const text = loaded.examples.get(decodeURIComponent(uri.slice(EXAMPLES_PREFIX.length)));
    if (text !== undefined) return { contents: [{ uri, mimeType: 'application/json', text }] };
  }
  throw new McpError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
}
