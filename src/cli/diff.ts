/**
 * A path-addressed diff of two JSON values, for reviewing golden specs: each difference names the JSON path
 * where it sits (`$.derivations[3].expr`) and shows the expected and the actual value side by side.
 *
 * Why not a line diff of the two files: a golden spec is mostly long one-line JSONata strings, and a reviewer
 * wants "which derivation changed and how", not "line 212 changed". Arrays are compared index by index (a
 * spec's arrays are ordered, and an inserted derivation really does shift every later one); objects key by key,
 * in the expected value's key order, then keys only the actual value has.
 */

export type DiffKind = 'changed' | 'added' | 'removed';

export interface DiffEntry {
  /** JSONPath-like address, e.g. `$.derivations[3].expr` or `$.schema["odd key"]`. */
  path: string;
  kind: DiffKind;
  /** Present unless `kind` is `added`. */
  expected?: unknown;
  /** Present unless `kind` is `removed`. */
  actual?: unknown;
}

/** Every difference between `expected` and `actual`, in document order. Equal values give `[]`. */
export function diffJson(expected: unknown, actual: unknown, path = '$'): DiffEntry[] {
  const out: DiffEntry[] = [];
  walk(expected, actual, path, out);
  return out;
}

function walk(a: unknown, b: unknown, path: string, out: DiffEntry[]): void {
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.max(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const p = `${path}[${i}]`;
      if (i >= b.length) out.push({ path: p, kind: 'removed', expected: a[i] });
      else if (i >= a.length) out.push({ path: p, kind: 'added', actual: b[i] });
      else walk(a[i], b[i], p, out);
    }
    return;
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    for (const key of Object.keys(a)) {
      const p = childPath(path, key);
      if (!Object.hasOwn(b, key)) out.push({ path: p, kind: 'removed', expected: a[key] });
      else walk(a[key], b[key], p, out);
    }
    for (const key of Object.keys(b)) {
      if (!Object.hasOwn(a, key)) out.push({ path: childPath(path, key), kind: 'added', actual: b[key] });
    }
    return;
  }
  // Object.is so that -0 and 0 differ: a golden spec that used to say 0 and now says -0 is a real change.
  if (!Object.is(a, b)) out.push({ path, kind: 'changed', expected: a, actual: b });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A child path in this notation: `$.a.b`, `$.a["odd key"]`. */
export function childPath(path: string, key: string): string {
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

export interface RenderDiffOptions {
  /** Longest value shown in full; longer strings are cut to a window around the first difference. */
  maxValueChars?: number;
  /** Most entries shown; the rest are counted. */
  maxEntries?: number;
  /** Prefix for each line (indentation). */
  indent?: string;
}

/**
 * One line per difference: `$.derivations[3].expr: - "a*b"  + "a*b+0"`. Long strings that differ are cut
 * to the same window around their first differing character, so a one-character change in a 2,000-character
 * expression stays visible.
 */
export function renderDiff(entries: readonly DiffEntry[], options: RenderDiffOptions = {}): string {
  const max = options.maxValueChars ?? 160;
  const maxEntries = options.maxEntries ?? 50;
  const indent = options.indent ?? '';
  const lines: string[] = [];
  for (const e of entries.slice(0, maxEntries)) {
    if (e.kind === 'added') lines.push(`${indent}${e.path}: + ${show(e.actual, max)}`);
    else if (e.kind === 'removed') lines.push(`${indent}${e.path}: - ${show(e.expected, max)}`);
    else {
      const [x, y] = showPair(e.expected, e.actual, max);
      lines.push(`${indent}${e.path}: - ${x}  + ${y}`);
    }
  }
  if (entries.length > maxEntries) lines.push(`${indent}... and ${entries.length - maxEntries} more`);
  return lines.join('\n');
}

/** Two values as JSON for a side-by-side line; two long strings cut to one window (see windowPair). */
export function showPair(a: unknown, b: unknown, max = 160): [string, string] {
  if (typeof a === 'string' && typeof b === 'string') return windowPair(a, b, max);
  return [show(a, max), show(b, max)];
}

export function show(v: unknown, max = 160): string {
  const s = v === undefined ? 'undefined' : JSON.stringify(v);
  return s.length <= max ? s : `${s.slice(0, max)}…`;
}

/** The two strings quoted, cut to one window (same offsets in both) around their first difference. */
function windowPair(a: string, b: string, max: number): [string, string] {
  const qa = JSON.stringify(a);
  const qb = JSON.stringify(b);
  if (qa.length <= max && qb.length <= max) return [qa, qb];
  let i = 0;
  while (i < qa.length && i < qb.length && qa[i] === qb[i]) i++;
  const start = Math.max(0, i - Math.floor(max / 3));
  const cut = (s: string) =>
    (start > 0 ? '…' : '') + s.slice(start, start + max) + (start + max < s.length ? '…' : '');
  return [cut(qa), cut(qb)];
}
