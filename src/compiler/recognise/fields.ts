/**
 * Field names: a column header (or a parameter label) becomes a plain JSON/JSONata identifier, deterministically,
 * as a person would write it (`Unit Price (€)` → `unitPriceEur`, `SKU` → `sku`). The header itself stays in the
 * schema as the field's `title`. docs/compiler.md states the same rule for users.
 *
 * The rule (kept exactly, so users can predict names):
 * 1. Fold accents (`Café` → `Cafe`: NFKD, combining marks dropped) and spell out the letters that do not
 *    decompose (`ß` → `ss`, `æ` → `ae`, `ø` → `o`, `œ` → `oe`, `ł` → `l`).
 * 2. Symbols that carry meaning become words: `%` → `pct`, `€` → `eur`, `$` → `usd`, `£` → `gbp`, `¥` → `jpy`,
 *    `#` → `num`, `&` → `and`.
 * 3. Split into words on runs of characters that are not ASCII letters or digits, and inside a word where the
 *    case changes: `unitPrice` → `unit Price`, `VATRate` → `VAT Rate` (digits stay with what they follow:
 *    `Q1`, `3rd`). Only ASCII survives, so a name is always `[A-Za-z0-9]+` and needs no quoting in a path
 *    (`$.items[*].unitPrice`) or in JSONata (`$parent.unitPrice`).
 * 4. A word with no lower-case letter is an acronym or a shout and is lower-cased whole (`SKU` → `sku`,
 *    `ID` → `id`, `UNIT` → `unit`); other words keep their letters as written.
 * 5. camelCase: the first word's first letter lower-case, every later word's first letter upper-case:
 *    `VAT rate` → `vatRate`, `Order ID` → `orderId`, `% of Payroll` → `pctOfPayroll`.
 * 6. A leading number moves to the end, where a person puts it: `2024 Revenue` → `revenue2024`. A name that
 *    still starts with a digit (`2024`, `1st Quarter`) gets an `f` prefix: `f2024`, `f1stQuarter`.
 * 7. Nothing left (emoji, CJK, punctuation only) → `field`.
 * 8. Names longer than 64 characters are cut to 64 (a 10,000-character header is legal Excel).
 * 9. JSONata reads `true`, `false` and `null` after a dot as literals (`$parent.null` is error S0213), so those
 *    three get the same `f` prefix: `Null` → `fNull`. Every other word, including `constructor`, `__proto__`
 *    (→ `proto`), `and`, `in` and `function`, works as `$parent.<name>`: JSONata only reads own properties.
 * 10. Duplicates are suffixed `2`, `3`, ... in column order (`Amount`, `Amount` → `amount`, `amount2`); a
 *    suffixed name never collides with a name taken earlier.
 *
 * Name tables are Sets/Maps, never plain objects, so a hostile header can never reach a prototype.
 */

const MAX_NAME = 64;
const JSONATA_LITERALS = new Set(['true', 'false', 'null']);

/** Letters NFKD does not decompose into ASCII (rule 1). */
const SPELLED: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'Ae',
  ø: 'o',
  Ø: 'O',
  œ: 'oe',
  Œ: 'Oe',
  ł: 'l',
  Ł: 'L',
};

/** Symbols that become words (rule 2). */
const SYMBOL_WORDS: Readonly<Record<string, string>> = {
  '%': 'pct',
  '€': 'eur',
  $: 'usd',
  '£': 'gbp',
  '¥': 'jpy',
  '#': 'num',
  '&': 'and',
};

/** The words of a header, rules 1–3. */
function words(header: string): string[] {
  const text = header
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæÆøØœŒłŁ]/g, (c) => SPELLED[c]!)
    .replace(/[%€$£¥#&]/g, (c) => ` ${SYMBOL_WORDS[c]} `);
  return text
    .split(/[^A-Za-z0-9]+/)
    .flatMap((w) => w.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/))
    .filter((w) => w.length > 0);
}

const isNumber = (w: string) => /^[0-9]+$/.test(w);

/** Rule 6: leading numbers after the other words. */
function numbersLast(ws: string[]): string[] {
  const lead = ws.findIndex((w) => !isNumber(w));
  return lead <= 0 ? ws : [...ws.slice(lead), ...ws.slice(0, lead)];
}

/** The base (not yet de-duplicated) identifier for one header or label. */
export function fieldName(header: string): string {
  const ws = numbersLast(words(header));
  if (ws.length === 0) return 'field';
  let name = ws
    .map((w) => (/[a-z]/.test(w) ? w : w.toLowerCase()))
    .map((w, i) => (i === 0 ? w[0].toLowerCase() : w[0].toUpperCase()) + w.slice(1))
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
