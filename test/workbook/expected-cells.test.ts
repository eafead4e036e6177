import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readExpectedCells } from '../../scripts/corpus.js';
import { formulaCells, indexWorkbook } from '../../scripts/corpus-tools/expected-cells.js';

const corpus = new URL('../../../shared/corpus/', import.meta.url).pathname;

describe('expected-cells builder', () => {
  it('reads kinds, shared masters, cached types, inline strings and entities from sheet XML', () => {
    const xml =
      '<sheetData><row r="2"><c r="A2"><v>1</v></c>' +
      '<c r="B2"><f t="shared" ref="B2:B3" si="0">A2*2</f><v>2</v></c>' +
      '<c r="C2" t="str"><f>"a&amp;b"&amp;A2</f><v xml:space="preserve">a&amp;b1 </v></c>' +
      '<c r="D2" t="b"><f>A2&gt;0</f><v>1</v></c>' +
      '<c r="E2" t="e"><f>1/0</f><v>#DIV/0!</v></c>' +
      '<c r="F2" t="str"><f>""</f><v/></c></row>' +
      '<row r="3"><c r="B3"><f t="shared" si="0"/><v>4</v></c>' +
      '<c r="G3" t="inlineStr"><f>"x"</f><is><t>x</t></is></c></row></sheetData>';
    expect(formulaCells(xml)).toEqual([
      { cell: 'B2', kind: 'shared-master', formula: 'A2*2', ref: 'B2:B3', cached: { t: 'n', v: '2' } },
      { cell: 'C2', kind: 'normal', formula: '"a&b"&A2', cached: { t: 'str', v: 'a&b1 ' } },
      { cell: 'D2', kind: 'normal', formula: 'A2>0', cached: { t: 'b', v: '1' } },
      { cell: 'E2', kind: 'normal', formula: '1/0', cached: { t: 'e', v: '#DIV/0!' } },
      { cell: 'F2', kind: 'normal', formula: '""', cached: { t: 'str', v: '' } },
      { cell: 'B3', kind: 'shared', formula: '', cached: { t: 'n', v: '4' } },
      { cell: 'G3', kind: 'normal', formula: '"x"', cached: { t: 'inlineStr', v: 'x' } },
    ]);
  });

  it('indexes a generated fixture workbook by sheet name', () => {
    const cells = indexWorkbook(new Uint8Array(readFileSync('fixtures/orders.xlsx')), 'orders.xlsx');
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => c.file === 'orders.xlsx' && c.sheet !== '' && /^[A-Z]+\d+$/.test(c.cell))).toBe(
      true,
    );
  });

  it("agrees with the shared corpus's own index on every xlcalculator and poi cell", () => {
    expect(existsSync(`${corpus}expected-cells.jsonl`), `corpus missing: ${corpus}`).toBe(true);
    const shipped = readExpectedCells(corpus);
    const ours = new Map<string, ReturnType<typeof indexWorkbook>[number]>();
    for (const file of new Set(shipped.map((c) => c.file)))
      for (const c of indexWorkbook(new Uint8Array(readFileSync(`${corpus}${file}`)), file))
        ours.set(`${c.file}|${c.sheet}|${c.cell}`, c);
    expect(ours.size).toBe(shipped.length);
    const differ = shipped.filter((e) => {
      const o = ours.get(`${e.file}|${e.sheet}|${e.cell}`);
      if (!o || o.kind !== e.kind || o.ref !== e.ref || o.cached.t !== (e.cached?.t ?? 'n')) return true;
      if ((o.cached.v ?? null) !== (e.cached?.v ?? null)) return true;
      return e.kind !== 'shared' && o.formula !== e.formula;
    });
    expect(differ.slice(0, 5)).toEqual([]);
  });
});
