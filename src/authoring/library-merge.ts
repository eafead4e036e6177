/**
 * Merging libraries: a draft's library (what `buildLibrary` emitted for the compiled columns) and the helpers
 * and values a new derivation needs become one library, one `define`, each helper once: the draft's helpers
 * in their order, then the new ones (each after those it calls), then the values by name. Merging what is
 * already there changes nothing. Only a library in the shape
 * `buildLibrary` writes can be merged: its exports are read back from its text, never evaluated.
 */
import { buildLibrary, HELPERS, readTableSource, resolveHelpers, writeLibrary } from '../compiler/index.js';
import type { LibraryObject } from '../modelspec/types.js';

export type MergedLibrary = { library?: LibraryObject } | { error: string };

/** The exports of a library `buildLibrary` wrote: helper names and values; undefined for any other text. */
export function libraryParts(
  library: LibraryObject | string | undefined,
): { helpers: string[]; values: Record<string, unknown> } | undefined {
  if (library === undefined) return { helpers: [], values: {} };
  const define = typeof library === 'string' ? library : library.define;
  const last = /\n {2}(\[[^\n]*\])\n\)\s*$/.exec(define);
  if (!last) return undefined;
  let names: unknown;
  try {
    names = JSON.parse(last[1]!);
  } catch {
    return undefined;
  }
  if (!Array.isArray(names) || !names.every((n) => typeof n === 'string')) return undefined;
  const helpers: string[] = [];
  const values: Record<string, unknown> = {};
  for (const name of names as string[]) {
    if (Object.hasOwn(HELPERS, name)) {
      helpers.push(name);
      continue;
    }
    const line = new RegExp(`\\n {2}\\$${name} := ([^\\n]*);\\n`).exec(define);
    if (!line) return undefined;
    const table = readTableSource(line[1]!);
    if (table) {
      values[name] = table;
      continue;
    }
    try {
      values[name] = JSON.parse(line[1]!);
    } catch {
      return undefined;
    }
  }
  return { helpers, values };
}

/** `base` with the given helpers and values added; an error when `base` is not a library sheetspec wrote. */
export function mergeLibrary(
  base: LibraryObject | string | undefined,
  helpers: readonly string[],
  values: Record<string, unknown> = {},
): MergedLibrary {
  const parts = libraryParts(base);
  if (!parts) {
    return {
      error:
        'The library to merge into is not one sheetspec built (a `( $name := ...; [names] )` block with one line per export); merge it by hand',
    };
  }
  for (const [name, v] of Object.entries(values)) {
    if (Object.hasOwn(parts.values, name) && JSON.stringify(parts.values[name]) !== JSON.stringify(v))
      return { error: `The library already exports a different value named ${name}` };
  }
  const known = new Set(parts.helpers);
  const added = resolveHelpers(helpers).filter((h) => !known.has(h));
  const library = writeLibrary([...parts.helpers, ...added], { ...parts.values, ...values });
  return library ? { library } : {};
}

/** The library of the named helpers (with what they call); an error naming the unknown ones. */
export function helperLibrary(helpers: readonly string[]): MergedLibrary {
  const names = helpers.map((h) => h.replace(/^\$/, ''));
  const unknown = names.filter((n) => !Object.hasOwn(HELPERS, n));
  if (unknown.length > 0) return { error: `Unknown helper(s): ${unknown.join(', ')}` };
  const library = buildLibrary(names);
  return library ? { library } : {};
}
