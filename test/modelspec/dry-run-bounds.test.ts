/** dry_run on a real-sized sheet: changes against the computed state, bounded by `paths` or `changesOnly`. */
import { describe, expect, it } from 'vitest';
import { dryRunInProcess } from '../../src/modelspec/dry-run.js';
import type { ModelSpec } from '../../src/modelspec/types.js';

function sheet(rows: number): ModelSpec {
  const items = Array.from({ length: rows }, (_, i) => ({ qty: i + 1, price: 2 }));
  return {
    id: 'sheet',
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
        sumTotal: { type: 'number' },
      },
    },
    defaultValues: [{ path: '$', expr: JSON.stringify({ items }) }],
    derivations: [
      { path: '$.items[*].total', expr: '$parent.qty * $parent.price' },
      { path: '$.sumTotal', expr: '$sum($$.items.total)' },
    ],
  };
}

describe('dry_run bounds', () => {
  it('a one-cell edit on 150 rows lists only what it changed', async () => {
    const r = await dryRunInProcess(sheet(150), { mutations: { '$.items[3].qty': 10 } });
    expect(r.ok).toBe(true);
    expect(r.changes.map((c) => c.path)).toEqual(['$.items[3].qty', '$.items[3].total', '$.sumTotal']);
  });

  it('`paths` keeps the changes under them, returns their values and leaves the state out', async () => {
    const r = await dryRunInProcess(sheet(150), {
      mutations: { '$.items[3].qty': 10 },
      paths: ['$.items[*].total'],
    });
    expect(r.changes).toEqual([{ path: '$.items[3].total', before: 8, after: 20 }]);
    expect(r.values!['$.items[*].total']).toHaveLength(150);
    expect((r as { state?: unknown }).state).toBeUndefined();
    const sum = await dryRunInProcess(sheet(150), {
      mutations: { '$.items[3].qty': 10 },
      paths: ['$.sumTotal'],
    });
    expect(sum.values).toEqual({ '$.sumTotal': [150 * 151 + 12] });
  });

  it('`changesOnly` leaves the state out and keeps every change', async () => {
    const r = await dryRunInProcess(sheet(150), { mutations: { '$.items[0].price': 3 }, changesOnly: true });
    expect((r as { state?: unknown }).state).toBeUndefined();
    expect(r.changes).toHaveLength(3);
  });
});
