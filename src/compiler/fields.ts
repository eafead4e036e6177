/**
 * Field names: a column header (or a parameter label) becomes a plain JSON/JSONata identifier, deterministically.
 *
 * The rule (issue 3, kept exactly so users can predict names):
 * 1. Fold accents (`Größe` → `Große`: NFKD, combining marks dropped), then split on runs of characters that are
 *    not ASCII letters or digits. Only ASCII survives, so a name is always `[A-Za-z0-9]+` and needs no quoting in
 *    a path (`$.items[*].unitPrice`) or in JSONata (`$parent.unitPrice`).
 * 2. The first word's first letter is lower-cased, every later word's first letter upper-cased, the rest of
 *    each word kept as written: `Unit Price` → `unitPrice`, `net_VAT` → `netVAT`.
 * 3. A name starting with a digit gets an `f` prefix: `2024 Revenue` → `f2024Revenue`.
 * 4. Nothing left (emoji, CJK, punctuation only) → `field`.
 * 5. Names longer than 64 characters are cut to 64 (a 10,000-character header is legal Excel).
 * 6. JSONata reads `true`, `false` and `null` after a dot as literals (`$parent.null` is error S0213), so those
 *    three get the same `f` prefix: `Null` → `fNull`. Every other word, including `constructor`, `__proto__`
 *    (→ `proto`), `and`, `in` and `function`, works as `$parent.<name>`: JSONata only reads own properties.
 * 7. Duplicates are suffixed `2`, `3`, ... in column order (`Amount`, `Amount` → `amount`, `amount2`); a suffixed
 *    name never collides with a name taken earlier.
 *
 * Name tables are Sets/Maps, never plain objects, so a hostile header can never reach a prototype.
 */

const MAX_NAME = 64;
const JSONATA_LITERALS = new Set(['true', 'false', 'null']);

/** The base (not yet de-duplicated) identifier for one header or label. */
export function fieldName(header: string): string {
  const folded = header.normalize('NFKD').replace(/\p{M}+/gu, '');
  const words = folded.split(/[^A-Za-z0-9]+/).filter((w) => w.length > 0);
  if (words.length === 0) return 'field';
  let name = words
    .map((w, i) => (i === 0 ? w[0].toLowerCase() + w.slice(1) : w[0].toUpperCase() + w.slice(1)))
    .join('');
  if (/^[0-9]/.test(name) || JSONATA_LITERALS.has(name)) name = `f${name[0].toUpperCase()}${name.slice(1)}`;
  return name.slice(0, MAX_NAME);
}

/**
 * Allocates unique names from a sequence of bases: the first use of a base keeps it, later ones get `2`, `3`, ...
 * `reserved` names (e.g. `items` at the document root) are never handed out.
 */
export class NameAllocator {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const r of reserved) this.taken.add(r);
  }

  has(name: string): boolean {
    return this.taken.has(name);
  }

  allocate(base: string): string {
    if (!this.taken.has(base)) {
      this.taken.add(base);
      return base;
    }
    for (let n = 2; ; n++) {
      const candidate = `${base}${n}`;
      if (!this.taken.has(candidate)) {
        this.taken.add(candidate);
        return candidate;
      }
    }
  }
}

/** Field names for a header row, in column order, unique. */
export function assignFieldNames(headers: readonly string[]): string[] {
  const names = new NameAllocator();
  return headers.map((h) => names.allocate(fieldName(h)));
}
