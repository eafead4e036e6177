/**
 * A stand-in for the library's `convert`, loaded by the batch workers in tests through `converterUrl`. Its
 * behaviour is chosen by the file name, so tests can put a slow, hanging, crashing or failing file among
 * good ones without depending on the real compiler:
 * `slow<N>` waits N ms; `hang` spins forever; `oom` allocates until the heap limit; `exit` ends the thread;
 * `throw` throws; `refuse` answers NO_TABLE; `warn` succeeds with a refused column and a warning.
 */
import type { ConversionResult, ConvertOptions } from '../../src/pipeline/index.js';

export async function convert(bytes: Uint8Array, options: ConvertOptions): Promise<ConversionResult> {
  const name = options.filename ?? 'stdin';
  const slow = /slow(\d+)/.exec(name);
  if (slow) await new Promise((r) => setTimeout(r, Number(slow[1])));
  if (name.includes('hang')) for (;;) {}
  if (name.includes('oom')) {
    const hoard: number[][] = [];
    for (;;) hoard.push(new Array(1e6).fill(Math.random()));
  }
  if (name.includes('exit')) process.exit(3);
  if (name.includes('throw')) throw new Error('converter bug');
  if (name.includes('refuse')) return { valid: false, reason: 'NO_TABLE', error: 'no header row found' };
  const id = options.modelId ?? name.replace(/\..*$/, '');
  const spec = {
    id,
    version: '1',
    schema: { type: 'object', bytes: bytes.length, sheet: options.sheet ?? null },
    derivations: [{ path: '$.items[*].total', expr: '$parent.qty * $parent.price' }],
  };
  const warn = name.includes('warn');
  return {
    valid: true,
    spec,
    rejectedColumns: warn
      ? [
          {
            header: 'R',
            column: 'E',
            reason: 'VOLATILE_FUNCTION',
            detail: 'NOW()',
            cell: 'Sheet1!E2',
            formula: '=NOW()',
          },
        ]
      : [],
    warnings: warn ? [{ code: 'SEED_OMITTED', message: 'a warning' }] : [],
    verification: {
      oracle: { name: 'fake', version: '0' },
      savedValues: { producer: 'Microsoft Excel', standing: 'binding' },
      judge: 'excel',
      classes: {
        agree: 4,
        enginesDifferFromExcel: 0,
        specDiffersFromOracle: 0,
        oracleDiffersFromExcel: 0,
        unsaved: 0,
      },
      cellsChecked: 4,
      matched: 4,
      cachedChecked: 4,
      cachedExact: 4,
      cached15: 4,
      disagreements: 0,
      columns: [
        {
          field: 'total',
          column: 'D',
          cellsChecked: 4,
          matched: 4,
          cachedChecked: 4,
          cachedExact: 4,
          cached15: 4,
          disagreements: 0,
          classes: {
            agree: 4,
            enginesDifferFromExcel: 0,
            specDiffersFromOracle: 0,
            oracleDiffersFromExcel: 0,
            unsaved: 0,
          },
          cells: [],
        },
      ],
    },
  };
}
