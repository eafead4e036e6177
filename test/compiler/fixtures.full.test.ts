/**
 * Every fixture end to end: the committed workbook is what the generator writes (so the twin and the bytes
 * are not stale), the conversion matches the committed goldens, runs twice byte-identically (a large
 * fixture once: its goldens already pin the output), every value verifies except the fixture's declared
 * known mismatches, every refusal code has a fixture that shows it, and every supported function and
 * operator is compiled and verified in some fixture.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../../scripts/fixtures/defs.js';
import { cellsTwin, TWIN_ROWS, writeFixture } from '../../scripts/fixtures/workbook.js';
import { expectedGoldens } from '../../src/cli/batch/check.js';
import { convert } from '../../src/pipeline/index.js';
import { a1, colName, type Node } from '../../src/workbook/formula/ast.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';
import { CATALOGUE } from '../../src/compiler/lower/catalogue.js';
import type { RefusalCode } from '../../src/codes/index.js';
import { displayFormula } from '../../src/workbook/formula/future.js';
import { readWorkbook } from '../../src/workbook/reader.js';

const dir = path.resolve(import.meta.dirname, '../../fixtures');
const read = (name: string) => readFileSync(path.join(dir, name));
const readJson = (name: string): unknown => {
  try {
    return JSON.parse(read(name).toString('utf8'));
  } catch {
    return undefined;
  }
};

describe.each(FIXTURES.map((d) => [d.name, d] as const))('fixture %s', (name, def) => {
  it('is what the generator writes, with a matching text twin', async () => {
    const bytes = await writeFixture(def);
    expect(Buffer.from(bytes).equals(read(`${name}.xlsx`))).toBe(true);
    expect(readJson(`${name}.cells.json`)).toEqual(cellsTwin(def));
    // The twin also matches what the reader finds in the workbook, formulas as Excel shows them (the file stores a
    // newer function with its `_xlfn.` prefix: src/workbook/formula/future.ts).
    const wb = await readWorkbook(new Uint8Array(read(`${name}.xlsx`)));
    const twin = cellsTwin(def) as { sheets: Array<{ name: string; cells: Record<string, unknown> }> };
    for (const s of twin.sheets) {
      const sheet = wb.sheets.find((x) => x.name === s.name)!;
      const cells: Record<string, unknown> = {};
      for (const row of sheet.rows.values()) {
        for (const c of row.values()) {
          if (def.large && c.row >= TWIN_ROWS) continue;
          if (c.formula !== undefined)
            cells[a1(c.row, c.col)] =
              c.formulaKind === 'array' ? `{=${displayFormula(c.formula)}}` : `=${displayFormula(c.formula)}`;
          else if (c.value !== null) cells[a1(c.row, c.col)] = c.value;
        }
      }
      expect(cells).toEqual(s.cells);
    }
  });

  it('converts to the committed goldens, byte-identically twice, every value verified', async () => {
    const bytes = new Uint8Array(read(`${name}.xlsx`));
    const first = await convert(bytes, { filename: `${name}.xlsx` });
    if (!def.large) {
      const second = await convert(bytes, { filename: `${name}.xlsx` });
      expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    }
    const goldens = expectedGoldens(first);
    expect(readJson(`${name}.refusals.json`)).toEqual(goldens['.refusals.json']);
    expect(readJson(`${name}.spec.json`)).toEqual(goldens['.spec.json']);
    const known = Object.keys(def.knownMismatches ?? {}).sort();
    const mismatched = (first.rejectedColumns ?? [])
      .filter((r) => r.reason === 'VALUE_MISMATCH')
      .map((r) => r.column)
      .sort();
    expect(mismatched, 'VALUE_MISMATCH columns are exactly the declared known mismatches').toEqual(known);
    if (first.valid && first.verification) {
      const short = first.verification.columns
        .filter((c) => c.matched !== c.cellsChecked)
        .map((c) => c.column);
      expect(short.sort()).toEqual(known);
      if (known.length === 0) expect(first.verification.matched).toBe(first.verification.cellsChecked);
    }
  });
});

describe('refusal coverage', () => {
  const byCode: Array<[RefusalCode, string]> = [
    ['UNSUPPORTED_FUNCTION', 'unsupported-function'],
    ['CROSS_SHEET_REFERENCE', 'cross-sheet-reference'],
    ['EXTERNAL_REFERENCE', 'external-reference'],
    ['UNSUPPORTED_RANGE_SHAPE', 'unsupported-range-shape'],
    ['MALFORMED_FORMULA', 'malformed-formula'],
    ['MIXED_CONTENT', 'mixed-content'],
    ['NON_UNIFORM_FORMULA', 'non-uniform-formula'],
    ['CROSS_ROW_REFERENCE', 'cross-row-reference'],
    ['ARRAY_FORMULA', 'array-formula'],
    ['STRUCTURED_REFERENCE', 'structured-reference'],
    ['DEFINED_NAME', 'defined-name'],
    ['VOLATILE_FUNCTION', 'volatile-function'],
    ['UNRESOLVED_REFERENCE', 'unresolved-reference'],
    ['UNSUPPORTED_LOOKUP_MODE', 'unsupported-lookup-mode'],
    ['LOOKUP_TABLE_CONTAINS_FORMULA', 'lookup-table-contains-formula'],
    ['CIRCULAR_REFERENCE', 'circular-reference'],
    ['DEPENDS_ON_REJECTED_COLUMN', 'depends-on-rejected-column'],
    ['UNSUPPORTED_CONSTRUCT', 'unsupported-construct'],
  ];
  it.each(byCode)('%s has a fixture refusing a column with it', (code, fixture) => {
    const golden = readJson(`${fixture}.refusals.json`) as { rejectedColumns: Array<{ reason: string }> };
    expect(golden.rejectedColumns.map((r) => r.reason)).toContain(code);
  });
});

describe('function and operator coverage', () => {
  /** What a formula uses: function names, binary operators, `unary -`, `%`. */
  const uses = (n: Node, out: Set<string>): Set<string> => {
    switch (n.kind) {
      case 'call':
        out.add(n.name);
        for (const a of n.args) uses(a, out);
        break;
      case 'binary':
        out.add(n.op);
        uses(n.left, out);
        uses(n.right, out);
        break;
      case 'unary':
        out.add(`unary ${n.op}`);
        uses(n.operand, out);
        break;
      case 'percent':
        out.add('%');
        uses(n.operand, out);
        break;
      default:
        break;
    }
    return out;
  };
  // Everything used by a formula cell of a valid fixture whose column compiled (not refused).
  const compiled = new Set<string>();
  for (const def of FIXTURES) {
    const golden = readJson(`${def.name}.refusals.json`) as {
      valid: boolean;
      rejectedColumns: Array<{ column: string }>;
    };
    if (!golden?.valid) continue;
    const refused = new Set(golden.rejectedColumns.map((r) => r.column));
    def.sheets[0].rows.slice(0, def.large ? TWIN_ROWS : undefined).forEach((row) => {
      row.forEach((v, c) => {
        if (typeof v !== 'string' || !v.startsWith('=') || refused.has(colName(c))) return;
        const { ast } = parseFormula(v.slice(1));
        if (ast) uses(ast, compiled);
      });
    });
  }
  // Catalogue names: `IF`, `+ - *`, `unary - +`, `%`. Unary plus is the identity and is left out.
  const supported = CATALOGUE.flatMap((e) => {
    if (e.kind === 'function') return [e.name];
    if (e.name.startsWith('unary')) return ['unary -'];
    return e.name.split(' ');
  });
  it('lists every catalogue function and operator', () => {
    expect(supported).toEqual(expect.arrayContaining(['IF', 'SUMPRODUCT', '<>', '&', 'unary -', '%']));
  });
  it.each(supported)('%s is compiled and verified in some fixture', (what) => {
    expect(compiled.has(what)).toBe(true);
  });
});

describe('shared formulas (shared-formulas fixture)', () => {
  const bytes = new Uint8Array(read('shared-formulas.xlsx'));
  const xml = new TextDecoder().decode(unzipSync(bytes)['xl/worksheets/sheet1.xml']);
  const formulas = [...xml.matchAll(/<c r="([A-Z]+)(\d+)"[^>]*>(<f[^>]*\/>|<f[^>]*>[^<]*<\/f>)/g)];
  it('stores each filled-down column as Excel does: one master with its ref, children pointing at it', () => {
    const byColumn = new Map<string, string[]>();
    for (const [, col, row, f] of formulas) byColumn.set(col, [...(byColumn.get(col) ?? []), `${row}:${f}`]);
    expect([...byColumn.keys()]).toEqual(['E', 'F', 'G', 'H', 'I', 'J']);
    for (const [col, cells] of byColumn) {
      const [master, ...children] = cells;
      const si = /si="(\d+)"/.exec(master)?.[1];
      expect(master).toMatch(new RegExp(`^2:<f t="shared" ref="${col}2:${col}7" si="${si}">[^<]+</f>$`));
      expect(children).toEqual([3, 4, 5, 6, 7].map((r) => `${r}:<f t="shared" si="${si}"/>`));
    }
  });
  it('reads children shifted like Excel: references move, text that looks like a reference stays', async () => {
    const wb = await readWorkbook(bytes);
    const at = (ref: string) => {
      const row = Number(ref.slice(1)) - 1;
      const col = ref.charCodeAt(0) - 65;
      return wb.sheets[0].rows.get(row)?.get(col)?.formula;
    };
    expect(at('E7')).toBe('A7&"B2"');
    expect(at('F7')).toBe('IF(A7="A1","cell "&A7,A7&"!$C$3")');
    expect(at('G7')).toBe('SUM(B7:D7)');
  });
});
