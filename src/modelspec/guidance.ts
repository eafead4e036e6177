/**
 * Domain guidance: a fixed menu of vetted topics (docs/guidance/<id>.json), each with instructions and a
 * worked example that is itself a tiny spec fragment (`schema`, `constants?`, `library?` or `helpers?`,
 * `derivations`, `given`, `expect`, `compare?`); the test suite runs every example through `testSpec`. An
 * example names the shared helpers it uses (`"helpers": ["xlRound"]`, defined once in
 * docs/guidance/helpers/helpers.json) and is served with the library built from them, so each helper has one
 * text. More topics come from a topics file (the `topicsFile` option or `SHEETSPEC_GUIDANCE_TOPICS_FILE`):
 * JSON, an array of topics or `{"topics": [...]}`; a file topic with a built-in id replaces it. A malformed
 * file is `TOPICS_FILE_INVALID` naming the file and the problem; an unknown topic is `UNKNOWN_TOPIC` listing
 * the menu. `guidanceTopicIds` is the menu, for a tool's input schema (`enum`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { CodedError } from '../codes/index.js';
import { parseJsonText } from './input.js';
import type { Derivation, LibraryObject, ModelSpec, TestCompare } from './types.js';

export interface GuidanceExample {
  schema: Record<string, unknown>;
  constants?: Record<string, unknown>;
  library?: LibraryObject | string;
  /** Shared helpers the example uses (docs/guidance/helpers/helpers.json); served with `library` built from them. */
  helpers?: string[];
  derivations: Derivation[];
  given: Record<string, unknown>;
  expect: Record<string, unknown>;
  compare?: TestCompare;
}

/** A shared guidance helper: what it computes and its JSONata function text. */
export interface GuidanceHelper {
  doc: string;
  fn: string;
}

export interface GuidanceTopic {
  id: string;
  title: string;
  instructions: string;
  example: GuidanceExample;
}

export interface GuidanceOptions {
  topicsFile?: string;
}

export interface GuidanceResult {
  topics: GuidanceTopic[];
  /** Every topic id on the menu. */
  available: string[];
}

const GUIDANCE_DIR = new URL('../../docs/guidance/', import.meta.url);
const HELPERS_FILE = new URL('helpers/helpers.json', GUIDANCE_DIR);
const MAX_TOPICS_FILE_CHARS = 5_000_000;

function invalid(file: string, problem: string): CodedError {
  return new CodedError('TOPICS_FILE_INVALID', `${file}: ${problem}`, { file });
}

/** The shared helpers, by name. */
export function guidanceHelpers(): Record<string, GuidanceHelper> {
  return JSON.parse(readFileSync(HELPERS_FILE, 'utf8')) as Record<string, GuidanceHelper>;
}

function helpersProblem(
  ex: Record<string, unknown>,
  known: Record<string, GuidanceHelper>,
): string | undefined {
  if (ex.helpers === undefined) return undefined;
  if (!Array.isArray(ex.helpers) || !ex.helpers.every((h) => typeof h === 'string'))
    return '"example.helpers" must be an array of helper names';
  if (ex.library !== undefined) return 'give "example.library" or "example.helpers", not both';
  const unknown = ex.helpers.find((h) => !Object.hasOwn(known, h));
  return unknown === undefined
    ? undefined
    : `"example.helpers": unknown helper "${unknown}" (known: ${Object.keys(known).join(', ')})`;
}

/** Checks one topic's shape; returns the problem or undefined. */
export function topicProblem(
  t: unknown,
  helpers: Record<string, GuidanceHelper> = guidanceHelpers(),
): string | undefined {
  if (typeof t !== 'object' || t === null || Array.isArray(t)) return 'is not an object';
  const o = t as Record<string, unknown>;
  if (typeof o.id !== 'string' || !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(o.id))
    return '"id" must be a kebab-case string';
  for (const k of ['title', 'instructions'] as const)
    if (typeof o[k] !== 'string' || o[k] === '') return `"${k}" must be a non-empty string`;
  const ex = o.example as Record<string, unknown> | undefined;
  if (typeof ex !== 'object' || ex === null || Array.isArray(ex)) return '"example" must be an object';
  if (typeof ex.schema !== 'object' || ex.schema === null) return '"example.schema" must be an object';
  if (!Array.isArray(ex.derivations) || ex.derivations.length === 0)
    return '"example.derivations" must be a non-empty array';
  for (const [i, d] of (ex.derivations as unknown[]).entries()) {
    const dd = d as Record<string, unknown>;
    if (typeof dd !== 'object' || dd === null || typeof dd.path !== 'string' || typeof dd.expr !== 'string') {
      return `"example.derivations[${i}]" must be {path, expr}`;
    }
  }
  for (const k of ['given', 'expect'] as const) {
    if (typeof ex[k] !== 'object' || ex[k] === null || Array.isArray(ex[k]))
      return `"example.${k}" must be an object`;
  }
  if (ex.compare !== undefined && ex.compare !== 'exact' && ex.compare !== 'excel15')
    return '"example.compare" must be "exact" or "excel15"';
  return helpersProblem(ex, helpers);
}

/** The topic with its example's `library` built from the helpers it names. */
function withHelpers(topic: GuidanceTopic, helpers: Record<string, GuidanceHelper>): GuidanceTopic {
  const names = topic.example.helpers;
  if (!names || names.length === 0) return topic;
  const lines = names.map((n) => `  $${n} := ${helpers[n].fn};`);
  const define = `(\n${lines.join('\n')}\n  ${JSON.stringify(names)}\n)`;
  const description = names.map((n) => `$${n}: ${helpers[n].doc}`).join(' ');
  return { ...topic, example: { ...topic.example, library: { description, define } } };
}

function builtInTopics(): GuidanceTopic[] {
  const files = readdirSync(GUIDANCE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((f) => JSON.parse(readFileSync(new URL(f, GUIDANCE_DIR), 'utf8')) as GuidanceTopic);
}

function fileTopics(file: string, helpers: Record<string, GuidanceHelper>): GuidanceTopic[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw invalid(file, `cannot be read (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  let parsed: unknown;
  try {
    parsed = parseJsonText(text, file, MAX_TOPICS_FILE_CHARS);
  } catch (e) {
    if (e instanceof CodedError) throw invalid(file, e.message.replace(`${file}: `, ''));
    throw e;
  }
  const list = Array.isArray(parsed) ? parsed : (parsed as { topics?: unknown } | null)?.topics;
  if (!Array.isArray(list)) throw invalid(file, 'expected an array of topics or {"topics": [...]}');
  list.forEach((t, i) => {
    const problem = topicProblem(t, helpers);
    if (problem)
      throw invalid(
        file,
        `topic ${i}${typeof (t as { id?: unknown })?.id === 'string' ? ` ("${(t as { id: string }).id}")` : ''} ${problem}`,
      );
  });
  return list as GuidanceTopic[];
}

/** The menu: built-in topics, then the topics file's (replacing a built-in with the same id). */
export function guidanceTopics(options: GuidanceOptions = {}): GuidanceTopic[] {
  const helpers = guidanceHelpers();
  const byId = new Map<string, GuidanceTopic>();
  for (const t of builtInTopics()) byId.set(t.id, t);
  const file = options.topicsFile ?? process.env.SHEETSPEC_GUIDANCE_TOPICS_FILE;
  if (file) for (const t of fileTopics(file, helpers)) byId.set(t.id, t);
  return [...byId.values()].map((t) => withHelpers(t, helpers));
}

/** The ids on the menu (built-in topics, then the topics file's), for an `enum` in a tool's input schema. */
export function guidanceTopicIds(options: GuidanceOptions = {}): string[] {
  return guidanceTopics(options).map((t) => t.id);
}

/** Guidance on the named topics (all of them when none is named). Unknown topic → `UNKNOWN_TOPIC`. */
export async function getDomainGuidance(
  topics?: string[],
  options: GuidanceOptions = {},
): Promise<GuidanceResult> {
  const all = guidanceTopics(options);
  const available = all.map((t) => t.id);
  if (!topics || topics.length === 0) return { topics: all, available };
  const out: GuidanceTopic[] = [];
  for (const id of topics) {
    const t = all.find((x) => x.id === id);
    if (!t)
      throw new CodedError('UNKNOWN_TOPIC', `unknown topic "${id}"; available: ${available.join(', ')}`, {
        available,
      });
    out.push(t);
  }
  return { topics: out, available };
}

/** A topic's example as a runnable spec with one test (what the test suite runs). */
export function exampleSpec(topic: GuidanceTopic): ModelSpec {
  const ex = topic.example;
  return {
    id: `guidance/${topic.id}`,
    version: '1.0.0',
    schema: ex.schema,
    ...(ex.constants ? { constants: ex.constants } : {}),
    ...(ex.library ? { library: ex.library } : {}),
    derivations: ex.derivations,
    tests: [
      {
        description: topic.title,
        given: ex.given,
        expect: ex.expect,
        ...(ex.compare ? { compare: ex.compare } : {}),
      },
    ],
  };
}
