/**
 * The arrows of docs/architecture.md, enforced: every import in src/ is read (static, `export … from`, dynamic
 * `import()`, `new URL(…, import.meta.url)`) and judged against the one table in scripts/arrows.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  AREAS,
  cycleFindings,
  formatCycle,
  formatSizeFinding,
  formatViolation,
  importCycles,
  importsOf,
  judge,
  KNOWN_FRONT_END_IMPORTS,
  oversizeFiles,
  sourceFiles,
  staleFrontEndImports,
  violations,
} from '../scripts/arrows.js';

const at = (file: string, text: string) =>
  importsOf(file, text).map((i) => [i.target ?? i.specifier, judge(i)]);

describe('architecture: arrows run one way', () => {
  it('src/ has no import against scripts/arrows.ts', () => {
    const found = violations();
    const report = `${found.length} import(s) run an arrow the wrong way:\n${found.map(formatViolation).join('\n')}`;
    expect(found.length === 0 ? '' : report).toBe('');
  });

  it('every folder of src/ is an area of the table', () => {
    const folders = new Set(sourceFiles().flatMap((f) => (f.split('/').length > 2 ? [f.split('/')[1]] : [])));
    expect([...folders].filter((f) => !(f! in AREAS))).toEqual([]);
  });

  it('reads every kind of import, multi-line and templated ones included', () => {
    const text = [
      "import type {\n  CellValue,\n} from '../workbook/values.js';",
      "export { parseFormula } from '../workbook/formula/index.js';",
      "const m = await import('../compiler/compile.js');",
      'const u = new URL(`../oracle/oracle-worker${EXT}`, import.meta.url);',
      "const w = new URL(fromSource ? './limits.ts' : './limits.js', import.meta.url);",
      "const d = new URL('../../docs/guidance/', import.meta.url);",
      "import { tokenize } from '@borgar/fx';",
      "import { readFileSync } from 'node:fs';",
    ].join('\n');
    // The sandbox knows no product: it runs the task module its caller names.
    expect(at('src/sandbox/x.ts', text)).toEqual([
      ['src/workbook/values.ts', 'sandbox may not import workbook'],
      ['src/workbook/formula/index.ts', 'sandbox may not import workbook'],
      ['src/compiler/compile.ts', 'sandbox may not import compiler'],
      ['src/oracle/oracle-worker.ts', 'sandbox may not import oracle'],
      ['src/sandbox/limits.ts', undefined],
      ['src/sandbox/limits.ts', undefined],
      ['@borgar/fx', '@borgar/fx is imported only under src/workbook/formula/'],
    ]);
  });

  it('front ends import other areas only through their index, and not each other', () => {
    expect(
      at('src/cli/commands/test.ts', "import { testSpec } from '../../modelspec/test-spec.js';"),
    ).toEqual([['src/modelspec/test-spec.ts', 'cli imports modelspec only through src/modelspec/index.ts']]);
    expect(at('src/cli/commands/test.ts', "import { x } from '../../mcp/index.js';")).toEqual([
      ['src/mcp/index.ts', 'cli may not import mcp'],
    ]);
    expect(at('src/cli/commands/serve.ts', "import { x } from '../../mcp/index.js';")).toEqual([
      ['src/mcp/index.ts', undefined],
    ]);
    expect(at('src/mcp/tools/x.ts', "import { x } from '../../cli/main.js';")[0]![1]).toBe(
      'mcp may not import cli',
    );
  });

  it('front ends import only the pipeline, the authoring area and the ModelSpec runtime', () => {
    for (const area of ['compiler', 'oracle', 'workbook', 'codes', 'workers', 'report', 'sandbox']) {
      expect(at('src/mcp/tools/x.ts', `import { x } from '../../${area}/index.js';`)[0]![1]).toBe(
        `mcp may not import ${area}`,
      );
      expect(at('src/cli/commands/x.ts', `import { x } from '../../${area}/index.js';`)[0]![1]).toBe(
        `cli may not import ${area}`,
      );
    }
    for (const entry of [
      'pipeline/light',
      'pipeline/index',
      'authoring/index',
      'authoring/light',
      'modelspec/index',
    ])
      expect(at('src/cli/commands/x.ts', `import { x } from '../../${entry}.js';`)[0]![1]).toBeUndefined();
  });

  it('the leaves import nothing above them, and oracle and compiler not each other', () => {
    expect(at('src/codes/index.ts', "import type { X } from '../workbook/index.js';")[0]![1]).toBe(
      'codes may not import workbook',
    );
    expect(at('src/oracle/verify.ts', "import type { X } from '../compiler/types.js';")[0]![1]).toBe(
      'oracle may not import compiler',
    );
    expect(at('src/compiler/convert.ts', "import { X } from '../oracle/index.js';")[0]![1]).toBe(
      'compiler may not import oracle',
    );
  });

  it('no front end imports the compiler or the oracle (KNOWN_FRONT_END_IMPORTS aside)', () => {
    for (const to of ['compiler', 'oracle']) {
      expect(at('src/cli/commands/x.ts', `import { x } from '../../${to}/index.js';`)[0]![1]).toBe(
        `cli may not import ${to}`,
      );
      expect(at('src/mcp/tools/x.ts', `import { x } from '../../${to}/index.js';`)[0]![1]).toBe(
        `mcp may not import ${to}`,
      );
    }
    const stale = staleFrontEndImports();
    const report = stale.map(
      (k) => `${k.from} → ${k.to}: no longer imported, remove it from KNOWN_FRONT_END_IMPORTS`,
    );
    expect(report.join('\n')).toBe('');
    expect(KNOWN_FRONT_END_IMPORTS.every((k) => k.why !== '')).toBe(true);
  });
});

describe('architecture: inside the areas', () => {
  it('no loop of imports among the files of src/ (KNOWN_CYCLES aside; an entry no loop needs fails too)', () => {
    const { unknown, stale } = cycleFindings();
    const report = [
      ...unknown.map((c) => `${formatCycle(c)}\n  (break it, or list it in KNOWN_CYCLES with its reason)`),
      ...stale.map((k) => `KNOWN_CYCLES entry with no loop left (remove it): ${k.files.join(', ')}`),
    ];
    expect(report.join('\n')).toBe('');
  });

  it('finds each loop, a file importing itself too, and prints the imports that make it', () => {
    const texts: Record<string, string> = {
      'src/workbook/model.ts': "import { b } from './producer.js';\nimport { v } from './values.js';",
      'src/workbook/producer.ts': "import type { C } from './reader.js';",
      'src/workbook/reader.ts': "export { a } from './model.js';",
      'src/workbook/values.ts': "import { m } from './volatile.js';",
      'src/workbook/volatile.ts': "import { m } from './volatile.js';",
    };
    const cycles = importCycles(Object.keys(texts), (f) => importsOf(f, texts[f]));
    expect(cycles.map((c) => c.files)).toEqual([
      ['src/workbook/model.ts', 'src/workbook/producer.ts', 'src/workbook/reader.ts'],
      ['src/workbook/volatile.ts'],
    ]);
    expect(cycles[0]!.path.map((i) => `${i.file}:${i.line} → ${i.target}`)).toEqual([
      'src/workbook/model.ts:1 → src/workbook/producer.ts',
      'src/workbook/producer.ts:1 → src/workbook/reader.ts',
      'src/workbook/reader.ts:1 → src/workbook/model.ts',
    ]);
    expect(formatCycle(cycles[1]!)).toContain('src/workbook/volatile.ts:1 → src/workbook/volatile.ts');
  });

  it('no src file over 600 lines (OVERSIZE_FILES aside; an entry back under the cap fails too)', () => {
    expect(oversizeFiles().map(formatSizeFinding).join('\n')).toBe('');
  });
});
