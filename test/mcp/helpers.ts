/** Shared pieces of the MCP tests: a small real workbook, a tiny valid spec, and result readers. */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import ExcelJS from 'exceljs';

/** A header-row table `qty, price, total (=qty*price)` with its saved results. */
export async function orderBook(rows = 3): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Orders');
  ws.addRow(['qty', 'price', 'total']);
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    ws.addRow([i + 1, 2.5 * (i + 1)]);
    ws.getCell(`C${r}`).value = { formula: `A${r}*B${r}`, result: (i + 1) * 2.5 * (i + 1) };
  }
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

/** A spec with one row derivation and one embedded test. */
export function tinySpec(expectTotal = 6): Record<string, unknown> {
  return {
    id: 'tiny',
    version: '1.0.0',
    schema: {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { qty: { type: 'number' }, price: { type: 'number' }, total: { type: 'number' } },
          },
        },
      },
    },
    defaultValues: [{ path: '$', expr: '{"items": [{"qty": 2, "price": 3}]}' }],
    derivations: [{ path: '$.items[*].total', expr: '$parent.qty * $parent.price' }],
    tests: [{ given: { '$.items[0].qty': 2 }, expect: { '$.items[0].total': expectTotal } }],
  };
}

/** The structured content of a tool result, checked against its text block. */
export function structured(result: CallToolResult | Record<string, unknown>): Record<string, unknown> {
  const r = result as CallToolResult;
  const text = r.content?.[0];
  if (!text || text.type !== 'text') throw new Error('no text block');
  const sc = r.structuredContent as Record<string, unknown>;
  if (JSON.stringify(JSON.parse(text.text)) !== JSON.stringify(sc))
    throw new Error('text and structuredContent differ');
  return sc;
}

/**
 * The agent's loop workbook: `qty, per, boxes (=FLOOR.PRECISE(qty/per): unsupported), cost (=boxes*per: reads
 * it), double (=qty*2: compiles)`, with the results Excel would save.
 */
export async function jobsBook(rows = 4): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Jobs');
  ws.addRow(['qty', 'per', 'boxes', 'cost', 'double']);
  for (let i = 0; i < rows; i++) {
    const r = i + 2;
    const qty = 7 * (i + 1) + i;
    const per = 3 + (i % 2);
    const boxes = Math.trunc(qty / per);
    ws.addRow([qty, per]);
    ws.getCell(`C${r}`).value = { formula: `FLOOR.PRECISE(A${r}/B${r})`, result: boxes };
    ws.getCell(`D${r}`).value = { formula: `C${r}*B${r}`, result: boxes * per };
    ws.getCell(`E${r}`).value = { formula: `A${r}*2`, result: qty * 2 };
  }
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}
