/**
 * The function catalogue as tools show it (`list_functions`, the catalogue resource): the compiler's entries
 * (../compiler/lower/functions/) joined with how the oracle evaluates each function, HyperFormula as is or a named
 * correction (the oracle's one registry, ../oracle/registry.ts). The join lives here, above both, since neither imports the other.
 */
import { type CatalogueEntry, listFunctions as compilerCatalogue } from '../compiler/index.js';
import { type OracleTreatment, oracleTreatment } from '../oracle/index.js';

export { type OracleTreatment, oracleTreatment };

export interface ListedEntry extends CatalogueEntry {
  /** Functions only: how the oracle that verifies a spec evaluates it. */
  oracle?: OracleTreatment;
}

/** Supported functions and operators whose name or notes contain the query (case-insensitive); all without one. */
export function listFunctions(query?: string): {
  entries: ListedEntry[];
  refusals: Array<{ code: string; meaning: string }>;
} {
  const { entries, refusals } = compilerCatalogue(query);
  return {
    entries: entries.map((e) => (e.kind === 'function' ? { ...e, oracle: oracleTreatment(e.name) } : e)),
    refusals,
  };
}

/** The whole catalogue as JSON text (the `sheetspec://catalogue/functions` resource). */
export function catalogueText(): string {
  return JSON.stringify(listFunctions(), null, 2);
}

/**
 * Edit distance with a swap of two neighbours as one edit (optimal string alignment), for "did you mean":
 * `ROUDN` is one edit from `ROUND`.
 */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  return d[a.length]![b.length]!;
}

/** A name as a person types it: `=round()`, ` Round ` → `ROUND`. */
const normalName = (name: string): string =>
  name
    .trim()
    .replace(/^=/, '')
    .replace(/\(\)?$/, '')
    .replace(/^_xlfn\./i, '')
    .toUpperCase();

/**
 * One supported function by name (case-insensitive; `=ROUND()` works too), or the nearest supported names,
 * best first: names of three letters or more that the name holds or that hold it, longest first (`COUPDAYS`
 * holds `DAYS` and `DAY`),
 * then names a slip away (one edit per four letters: `ROUDN` → `ROUND`; a short name is never "near" a
 * different word: `VAR` is not `OR`), then the other functions of the held names' families (the date
 * functions for `COUPDAYS`); at most five.
 */
export function lookupFunction(name: string): { entry?: ListedEntry; nearest: string[] } {
  const want = normalName(name);
  const functions = listFunctions().entries.filter((e) => e.kind === 'function');
  const entry = functions.find((e) => e.name === want);
  if (entry) return { entry, nearest: [] };
  const held = functions.filter(
    (e) => e.name.length >= 3 && want.length >= 3 && (want.includes(e.name) || e.name.includes(want)),
  );
  const limit = Math.max(1, Math.floor(want.length / 4));
  const near = functions
    .map((e) => ({ e, d: distance(want, e.name) }))
    .filter((c) => c.d <= limit)
    .sort((a, b) => a.d - b.d || a.e.name.localeCompare(b.e.name))
    .map((c) => c.e);
  const families = new Set(held.map((e) => e.family));
  const kin = functions.filter((e) => families.has(e.family));
  // The longest held name is the most specific: SUMIFS before SUMIF before SUM.
  held.sort((a, b) => b.name.length - a.name.length || a.name.localeCompare(b.name));
  const nearest = [...new Set([...held, ...near, ...kin].map((e) => e.name))];
  return { nearest: nearest.slice(0, 5) };
}

/** Ranks of a search hit, best first: the name itself, a name it starts, a name holding it, its summary, its notes. */
const RANKS = ['name', 'prefix', 'contains', 'summary', 'notes'] as const;

/**
 * The entries a query finds, best first (`list_functions`' query): each word of the query must be part of
 * the name or a whole word of the summary, notes or lowering; an entry ranks by its best field for the whole
 * query (RANKS), then by name. `INT` finds INT, not ROUND for its notes about integers.
 */
export function searchCatalogue(query: string): ListedEntry[] {
  const q = normalName(query);
  const words = q.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return listFunctions().entries;
  const hits: Array<{ e: ListedEntry; rank: number }> = [];
  for (const e of listFunctions().entries) {
    const text = `${e.summary ?? ''} ${e.notes} ${e.lowering}`;
    const found = (w: string) => e.name.includes(w) || wordIn(w, text);
    if (!words.every(found)) continue;
    hits.push({ e, rank: rankOf(e, q) });
  }
  return hits.sort((a, b) => a.rank - b.rank || a.e.name.localeCompare(b.e.name)).map((h) => h.e);
}

function rankOf(e: ListedEntry, q: string): number {
  if (e.name === q) return RANKS.indexOf('name');
  if (e.name.startsWith(q)) return RANKS.indexOf('prefix');
  if (e.name.includes(q)) return RANKS.indexOf('contains');
  if (wordIn(q, e.summary ?? '')) return RANKS.indexOf('summary');
  return RANKS.indexOf('notes');
}

/** Whether `word` (upper case) is a whole word of `text`, case-insensitive. */
function wordIn(word: string, text: string): boolean {
  const escaped = word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^A-Za-z0-9_])${escaped}($|[^A-Za-z0-9_])`, 'i').test(text);
}

/** The refusal codes a query names (part of the code, or a whole word of its meaning); all without one. */
export function searchRefusals(query?: string): Array<{ code: string; meaning: string }> {
  const all = listFunctions().refusals;
  if (query === undefined || query.trim() === '') return all;
  const q = query.trim().toUpperCase();
  return all.filter((r) => r.code.includes(q.replace(/\s+/g, '_')) || wordIn(q, r.meaning));
}
