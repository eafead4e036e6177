/**
 * Domain guidance: a fixed menu of vetted topics (docs/guidance/<id>.json), each with instructions and a
 * worked example that is itself a tiny spec fragment (`schema`, `constants?`, `library?`, `derivations`,
 * `given`, `expect`); the test suite runs every example through `testSpec`. More topics come from a topics
 * file (the `topicsFile` option or `SHEETSPEC_GUIDANCE_TOPICS_FILE`): JSON, an array of topics or
 * `{"topics": [...]}`; a file topic with a built-in id replaces it. A malformed file is `TOPICS_FILE_INVALID`
 * naming the file and the problem; an unknown topic is `UNKNOWN_TOPIC` listing the menu.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parseJsonText } from './input.js';
import { CodedError } from '../codes/index.js';
import type { Derivation, LibraryObject, ModelSpec } from './types.js';

export interface GuidanceExample {
  schema: Record<string, unknown>;
  constants?: Record<string, unknown>;
  library?: LibraryObject | string;
  derivations: Derivation[];
  given: Record<string, unknown>;
  expect: Record<string, unknown>;
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
const MAX_TOPICS_FILE_CHARS = 5_000_000;

function invalid(file: string, problem: string): CodedError {
  return new CodedError('TOPICS_FILE_INVALID', `${file}: ${problem}`, { file });
}

/** Checks one topic's shape; returns the problem or undefined. */
export function topicProblem(t: unknown): string | undefined {
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
  return undefined;
}

function builtInTopics(): GuidanceTopic[] {
  const files = readdirSync(GUIDANCE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((f) => JSON.parse(readFileSync(new URL(f, GUIDANCE_DIR), 'utf8')) as GuidanceTopic);
}

function fileTopics(file: string): GuidanceTopic[] {
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
    const problem = topicProblem(t);
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
  const byId = new Map<string, GuidanceTopic>();
  for (const t of builtInTopics()) byId.set(t.id, t);
  const file = options.topicsFile ?? process.env.SHEETSPEC_GUIDANCE_TOPICS_FILE;
  if (file) for (const t of fileTopics(file)) byId.set(t.id, t);
  return [...byId.values()];
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
    tests: [{ description: topic.title, given: ex.given, expect: ex.expect }],
  };
}
