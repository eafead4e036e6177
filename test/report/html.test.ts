import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml, type ReportModel, renderReport } from '../../src/report/html.js';
import { chromiumPath, dumpDom, screenshot } from './chromium.js';

const OUT = resolve(import.meta.dirname, '../../test-output');

const model: ReportModel = {
  file: 'orders <&>.xlsx',
  sheet: 'Sheet1',
  producer: 'Microsoft Excel',
  columns: [
    { letter: 'A', header: 'Item', field: 'item' },
    {
      letter: 'B',
      header: 'Total',
      field: 'total',
      formula: 'C2*D2',
      jsonata: '$parent.price * $parent.qty',
    },
    {
      letter: 'C',
      header: 'Code',
      refusal: { code: 'UNSUPPORTED_FUNCTION', detail: 'CELL is not supported' },
    },
  ],
  rows: [2, 3, 4].map((row) => ({
    row,
    cells: [
      { text: `item ${row}`, status: 'input' },
      {
        text: String(row * 10),
        status: row === 4 ? 'engines-differ-from-excel' : 'verified',
        title: `=C${row}*D${row}`,
      },
      { text: 'x', status: 'refused', code: 'UNSUPPORTED_FUNCTION' },
    ],
  })),
  summary: {
    row: 5,
    cells: [
      { text: 'Total', status: 'input' },
      { text: '90', status: 'verified' },
      { text: '', status: 'unchecked' },
    ],
  },
  rowsOmitted: 0,
  totals: {
    compiled: 1,
    refused: 1,
    cellsChecked: 4,
    byStatus: { verified: 3, 'engines-differ-from-excel': 1, refused: 3 },
  },
};

describe('verification report (HTML)', () => {
  it('is one self-contained page: no script, no external resource, text escaped', () => {
    const html = renderReport(model);
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//i);
    expect(html).toContain(escapeHtml('orders <&>.xlsx'));
    expect(html).not.toContain('orders <&>.xlsx');
    expect(html.match(/<tr class="data"/g)).toHaveLength(3);
    expect(html).toContain('data-code="UNSUPPORTED_FUNCTION"');
  });

  it('renders in headless Chromium: the grid rows, a refused cell with its code, a screenshot', () => {
    if (!chromiumPath) {
      expect(process.env.CI, 'CI installs chromium (.ci/run); it is missing').toBeFalsy();
      console.warn('report browser check skipped: chromium is not installed (apt-get install -y chromium)');
      return;
    }
    mkdirSync(OUT, { recursive: true });
    const file = resolve(OUT, 'report-unit.html');
    writeFileSync(file, renderReport(model));
    const dom = dumpDom(file);
    expect(dom.match(/<tr class="data"/g)).toHaveLength(3);
    expect(dom.match(/<tr class="sum"/g)).toHaveLength(1);
    expect(dom).toMatch(
      /<td class="refused"[^>]*data-code="UNSUPPORTED_FUNCTION"[^>]*>x <span class="code">UNSUPPORTED_FUNCTION<\/span>/,
    );
    const png = resolve(OUT, 'report-unit.png');
    screenshot(file, png);
    expect(existsSync(png) && statSync(png).size > 1000).toBe(true);
    console.log(`report screenshot: ${png}`);
  });
});
