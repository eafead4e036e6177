import { describe, expect, it } from 'vitest';
import { getCell, readWorkbook, WorkbookError } from '../../src/workbook/index.js';
import { excelBytes, patchZip, sheetWorkbook } from './helpers.js';

describe('readWorkbook: values written by exceljs', () => {
  it('maps constants, rich text, hyperlinks, errors, dates, sheets, merges, names and tables', async () => {
    const bytes = await excelBytes((wb) => {
      const ws = wb.addWorksheet('Orders');
      ws.getCell('A1').value = 'Item';
      ws.getCell('B1').value = 'Price';
      ws.getCell('A2').value = { richText: [{ text: 'Bold ' }, { text: 'part' }] };
      ws.getCell('B2').value = 2.5;
      ws.getCell('C2').value = true;
      ws.getCell('D2').value = { error: '#N/A' } as never;
      ws.getCell('E2').value = { text: 'site', hyperlink: 'https://example.com' };
      ws.getCell('F2').value = new Date(Date.UTC(2024, 0, 15, 12));
      ws.getCell('F2').numFmt = 'yyyy-mm-dd';
      ws.getCell('G2').value = 0.1 + 0.2;
      ws.mergeCells('A5:C5');
      wb.definedNames.add("'Orders'!$B$2", 'rate');
      ws.addTable({
        name: 'Lookup',
        ref: 'J1',
        columns: [{ name: 'Key' }, { name: 'Val' }],
        rows: [['a', 1]],
      });
      wb.addWorksheet('Hidden', { state: 'hidden' }).getCell('A1').value = 1;
      wb.addWorksheet('Secret', { state: 'veryHidden' }).getCell('A1').value = 2;
    });
    const model = await readWorkbook(bytes);
    expect(model.sheets.map((s) => [s.name, s.state])).toEqual([
      ['Orders', 'visible'],
      ['Hidden', 'hidden'],
      ['Secret', 'veryHidden'],
    ]);
    const s = model.sheets[0]!;
    const v = (r: number, c: number) => getCell(s, r, c)?.value;
    expect([v(0, 0), v(1, 0), v(1, 1), v(1, 2), v(1, 3), v(1, 4)]).toEqual([
      'Item',
      'Bold part',
      2.5,
      true,
      { error: '#N/A' },
      'site',
    ]);
    expect(v(1, 5)).toBe(45306.5); // 2024-01-15 12:00 in the 1900 system
    expect(getCell(s, 1, 5)?.numFmt).toBe('yyyy-mm-dd');
    expect(v(1, 6)).toBe(0.1 + 0.2);
    expect(getCell(s, 1, 6)?.numFmt).toBeUndefined();
    expect(s.merges).toEqual(['A5:C5']);
    expect(model.definedNames).toEqual([{ name: 'rate', ref: 'Orders!$B$2' }]);
    expect(model.tables).toEqual([
      {
        name: 'Lookup',
        sheet: 'Orders',
        ref: 'J1:K2',
        columns: ['Key', 'Val'],
        headerRowCount: 1,
        totalsRowCount: 0,
        totalsRowShown: true,
        columnDetails: [{ name: 'Key' }, { name: 'Val' }],
      },
    ]);
  });
});

describe('readWorkbook: cached values and formulas from patched XML', () => {
  const data = [
    '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>3</v></c></row>',
    '<row r="2">',
    '<c r="A2"><f>B1-3</f><v>0</v></c>',
    '<c r="B2" t="b"><f>B1&gt;5</f><v>0</v></c>',
    '<c r="C2" t="str"><f>IF(B1&gt;5,"x","")</f><v></v></c>',
    '<c r="D2" t="str"><f>"a"&amp;"b"</f></c>',
    '<c r="E2" s="1"><f>DATE(2024,1,15)+0.25</f><v>45306.25</v></c>',
    '<c r="F2"><f>1/3</f><v>0.33333333333333331</v></c>',
    '<c r="G2" t="e"><f>1/0</f><v>#DIV/0!</v></c>',
    '<c r="H2"><f t="shared" ref="H2:H4" si="0">"A1"&amp;A2&amp;$B$1&amp;C:C</f><v>1</v></c>',
    '<c r="I2"><f t="array" ref="I2:I3">ROW(A1:A2)</f><v>1</v></c>',
    '</row>',
    '<row r="3"><c r="H3"><f t="shared" si="0"/><v>2</v></c><c r="I3"><v>2</v></c></row>',
    '<row r="4"><c r="H4"><f t="shared" si="0"/><v>3</v></c><c r="J4" s="1"><v>45306.999988425923</v></c></row>',
  ].join('');

  it('keeps cached 0, FALSE, "", dates as serials and exact doubles', async () => {
    const bytes = await sheetWorkbook(data, (wb) => {
      wb.worksheets[0]!.getCell('A1').value = 'placeholder';
      wb.worksheets[0]!.getCell('A2').numFmt = 'yyyy-mm-dd h:mm';
    });
    const s = (await readWorkbook(bytes)).sheets[0]!;
    const c = (r: number, col: number) => getCell(s, r, col)!;
    expect(c(0, 0).value).toBe('placeholder');
    expect(c(1, 0)).toMatchObject({ formula: 'B1-3', formulaKind: 'normal', cached: 0, value: 0 });
    expect(c(1, 1)).toMatchObject({ formula: 'B1>5', cached: false, value: false });
    expect(c(1, 2)).toMatchObject({ formula: 'IF(B1>5,"x","")', cached: '', value: '' });
    expect(c(1, 3).formula).toBe('"a"&"b"');
    expect('cached' in c(1, 3)).toBe(false);
    expect(c(1, 3).value).toBeNull();
    expect(c(1, 4)).toMatchObject({ cached: 45306.25, numFmt: 'yyyy-mm-dd h:mm' });
    expect(c(1, 5).cached).toBe(0.3333333333333333);
    expect(c(1, 6).cached).toEqual({ error: '#DIV/0!' });
    expect(c(3, 9).value).toBe(Number('45306.999988425923'));
  });

  it("decodes OOXML's _xHHHH_ escapes in shared, inline and cached formula strings (_x005F_ is a literal _)", async () => {
    const bytes = patchZip(
      await sheetWorkbook(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>' +
          '<c r="C1" t="inlineStr"><is><t>a_x0009_b</t></is></c>' +
          '<c r="D1" t="str"><f>CHAR(1)</f><v>_x0001_</v></c>' +
          '<c r="E1" t="str"><f>"_x0001_"</f><v>_x005F_x0001_</v></c></row>',
      ),
      {
        'xl/sharedStrings.xml': () =>
          '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
          '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="2" uniqueCount="2">' +
          '<si><t>x_x000D_y</t></si><si><r><t>_x005F_x0001_</t></r></si></sst>',
      },
    );
    const s = (await readWorkbook(bytes)).sheets[0]!;
    const v = (col: number) => getCell(s, 0, col)?.value;
    expect([v(0), v(1), v(2), v(3), v(4)]).toEqual(['x\ry', '_x0001_', 'a\tb', '\u0001', '_x0001_']);
  });

  it('shifts shared formulas from the master text and marks array ranges', async () => {
    const s = (await readWorkbook(await sheetWorkbook(data))).sheets[0]!;
    const c = (r: number, col: number) => getCell(s, r, col)!;
    expect(c(1, 7)).toMatchObject({ formula: '"A1"&A2&$B$1&C:C', formulaKind: 'shared' });
    expect(c(2, 7)).toMatchObject({ formula: '"A1"&A3&$B$1&C:C', formulaKind: 'shared', cached: 2 });
    expect(c(3, 7).formula).toBe('"A1"&A4&$B$1&C:C');
    expect(c(1, 8)).toMatchObject({ formula: 'ROW(A1:A2)', formulaKind: 'array', arrayRef: 'I2:I3' });
    expect(c(2, 8)).toMatchObject({ formulaKind: 'array', arrayRef: 'I2:I3', value: 2 });
  });

  it('shifts whole-column references horizontally only', async () => {
    const xml =
      '<row r="12"><c r="C12" t="str"><f t="shared" ref="C12:D13" si="3">A:A&amp;"/"&amp;B:B</f><v>/</v></c>' +
      '<c r="D12" t="str"><f t="shared" si="3"/><v>/</v></c></row>' +
      '<row r="13"><c r="C13" t="str"><f t="shared" si="3"/><v>/</v></c></row>';
    const s = (await readWorkbook(await sheetWorkbook(xml))).sheets[0]!;
    expect(getCell(s, 11, 3)?.formula).toBe('B:B&"/"&C:C');
    expect(getCell(s, 12, 2)?.formula).toBe('A:A&"/"&B:B');
  });

  it('respects the 1904 date system for ISO date cells', async () => {
    const bytes = patchZip(
      await sheetWorkbook('<row r="1"><c r="A1" t="d"><v>1904-01-02T00:00:00</v></c></row>'),
      {
        'xl/workbook.xml': (x) => x!.replace(/<workbookPr([^>]*)\/>/, '<workbookPr date1904="1"$1/>'),
      },
    );
    expect(getCell((await readWorkbook(bytes)).sheets[0]!, 0, 0)?.value).toBe(1);
  });

  it('does not allocate for a sheet claiming the whole grid', async () => {
    const bytes = patchZip(await sheetWorkbook('<row r="1048576"><c r="XFD1048576"><v>7</v></c></row>'), {
      'xl/worksheets/sheet1.xml': (x) =>
        x!.replace(/<dimension ref="[^"]*"\/>/, '<dimension ref="A1:XFD1048576"/>'),
    });
    const s = (await readWorkbook(bytes)).sheets[0]!;
    expect([s.rows.size, s.maxRow, s.maxCol, getCell(s, 1048575, 16383)?.value]).toEqual([
      1, 1048575, 16383, 7,
    ]);
  });

  it('refuses a formula over the length limit', async () => {
    const bytes = await sheetWorkbook(`<row r="1"><c r="A1"><f>${'1+'.repeat(50)}1</f></c></row>`);
    await expect(readWorkbook(bytes, { limits: { maxFormulaLength: 20 } })).rejects.toMatchObject({
      code: 'RESOURCE_LIMIT',
      data: { limit: 'maxFormulaLength' },
    });
  });

  it('reports a part that is not well-formed XML as PARSE_FAILED, naming the part', async () => {
    const bytes = patchZip(await sheetWorkbook(''), {
      'xl/workbook.xml': (x) => x!.replace('</workbook>', ''),
    });
    const err = await readWorkbook(bytes).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkbookError);
    expect((err as WorkbookError).code).toBe('PARSE_FAILED');
    expect((err as WorkbookError).message).toContain('xl/workbook.xml is not well-formed XML');
  });

  it.each([
    ['[Content_Types].xml', 'CORRUPTED'],
    ['_rels/.rels', '<?xml version="1.0"?>\nCORRUPTED'],
    ['xl/styles.xml', '<styleSheet><numFmts></styleSheet>'],
    ['xl/worksheets/sheet1.xml', '<worksheet><sheetData/><cols><col min="1"></worksheet>'],
  ])('judges %s, a part it reads', async (part, text) => {
    const bytes = patchZip(await sheetWorkbook(''), { [part]: () => text });
    await expect(readWorkbook(bytes)).rejects.toMatchObject({ code: 'PARSE_FAILED', data: { part } });
  });

  it('does not judge a part it never reads (the unclosed <br> of comment VML, as Excel writes it)', async () => {
    const bytes = patchZip(await sheetWorkbook('<row r="1"><c r="A1"><v>4</v></c></row>'), {
      'xl/drawings/vmlDrawing1.vml': () =>
        '<xml><v:shape><x:ClientData>a<br>b</x:ClientData></v:shape></xml>',
    });
    expect(getCell((await readWorkbook(bytes)).sheets[0]!, 0, 0)?.value).toBe(4);
  });

  it('reads a workbook whose parts use a namespace prefix (<x:workbook>, <x:sheet>, <x:c>)', async () => {
    const main = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const rel = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
    const bytes = patchZip(await sheetWorkbook(''), {
      'xl/workbook.xml': (x) =>
        `\ufeff<?xml version="1.0" encoding="utf-8"?><x:workbook ${main} ${rel}><x:sheets><x:sheet name="Rates &amp; Codes" sheetId="1" state="hidden" r:id="${/r:id="(\w+)"/.exec(x!)![1]}"/></x:sheets></x:workbook>`,
      'xl/worksheets/sheet1.xml': () =>
        `<x:worksheet ${main}><x:sheetData><x:row r="1"><x:c r="A1" t="str"><x:v>Rate</x:v></x:c></x:row><x:row r="2"><x:c r="A2"><x:v>0.25</x:v></x:c></x:row></x:sheetData></x:worksheet>`,
    });
    const [sheet] = (await readWorkbook(bytes)).sheets;
    expect([sheet!.name, sheet!.state, getCell(sheet!, 0, 0)?.value, getCell(sheet!, 1, 0)?.value]).toEqual([
      'Rates & Codes',
      'hidden',
      'Rate',
      0.25,
    ]);
  });

  it('accepts an .xlsm (macros ignored)', async () => {
    const bytes = patchZip(await sheetWorkbook('<row r="1"><c r="A1"><v>1</v></c></row>'), {
      'xl/vbaProject.bin': () => new Uint8Array([1, 2, 3]),
    });
    expect(getCell((await readWorkbook(bytes)).sheets[0]!, 0, 0)?.value).toBe(1);
  });
});
