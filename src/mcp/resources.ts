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
import { CODES } from '../pipeline/light.js';
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

/**
 * Resources an agent needs that are sections of the guides above, cut from them when the server starts (one
 * home: the docs). Each names the sections it is made of, in order; a resource whose section is missing is
 * not listed (test/mcp/resources.test.ts fails then).
 */
export const SECTION_RESOURCES = [
  {
    uri: 'sheetspec://docs/dates',
    name: 'dates',
    title: 'Dates as serial numbers',
    description: 'The date convention: a date is its Excel serial number; how to convert either way.',
    sections: [{ file: 'docs/semantics.md', heading: 'Dates' }],
  },
  {
    uri: 'sheetspec://docs/values',
    name: 'values',
    title: 'Blanks and errors',
    description: 'How blank cells and Excel errors are represented in documents and expressions.',
    sections: [
      { file: 'docs/spec-format.md', heading: 'Values: blanks and errors' },
      { file: 'docs/semantics.md', heading: 'Values' },
      { file: 'docs/semantics.md', heading: 'A field missing from a row' },
    ],
  },
  {
    uri: 'sheetspec://docs/binding',
    name: 'binding',
    title: 'Binding conventions',
    description:
      'What `$`, `$$`, `$parent`, `$const` and the library exports are bound to in every expression.',
    sections: [
      { file: 'docs/spec-format.md', heading: 'Binding conventions' },
      { file: 'docs/spec-format.md', heading: 'Canonical paths' },
    ],
  },
] as const;

/** The text of a `## heading` section of a markdown file (heading included), up to the next `## `. */
export function markdownSection(markdown: string, heading: string): string | undefined {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l === `## ${heading}`);
  if (start < 0) return undefined;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end < 0) end = lines.length;
  return lines.slice(start, end).join('\n').trimEnd();
}

function sectionResource(r: (typeof SECTION_RESOURCES)[number]): StaticResource | undefined {
  const parts: string[] = [];
  for (const { file, heading } of r.sections) {
    const text = readPackageFile(file);
    const section = text === undefined ? undefined : markdownSection(text, heading);
    if (section === undefined) return undefined;
    parts.push(`<!-- from ${file}, "${heading}" -->\n${section}`);
  }
  const { sections: _s, ...meta } = r;
  return { ...meta, mimeType: 'text/markdown', text: `# ${r.title}\n\n${parts.join('\n\n')}\n` };
}

/** Every public code with its kinds and meaning, from the one registry (src/codes/registry.ts). */
export function codeTableText(): string {
  const codes = Object.entries(CODES).map(([code, e]) => ({ code, kinds: e.kinds, meaning: e.meaning }));
  return JSON.stringify({ codes }, null, 2);
}

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
  for (const r of SECTION_RESOURCES) {
    const res = sectionResource(r);
    if (res) fixed.push(res);
  }
  fixed.push({
    uri: 'sheetspec://codes',
    name: 'codes',
    title: 'Code table',
    description:
      'Every public code (refusals, failures, warnings, findings, limits) with its kinds and what it means.',
    mimeType: 'application/json',
    text: codeTableText(),
  });
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
