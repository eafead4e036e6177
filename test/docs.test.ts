import { describe, expect, it } from 'vitest';
import { docFiles, formatDocPath, missingDocPaths, pathExists, pathsIn } from '../scripts/docs/paths.js';
import { applySection, readDoc, SECTIONS } from '../scripts/docs/sections.js';

describe('generated documentation', () => {
  it('replaces only the text between the markers', () => {
    const section = { file: 'x.md', name: 'demo', render: () => 'new\n' };
    const text = 'a\n<!-- generated:demo -->\nold\n<!-- /generated:demo -->\nb\n';
    expect(applySection(text, section)).toBe(
      'a\n<!-- generated:demo -->\nnew\n<!-- /generated:demo -->\nb\n',
    );
    expect(() => applySection('no markers', section)).toThrow(/markers/);
  });

  it.each(SECTIONS.map((s) => [`${s.file} ${s.name}`, s] as const))(
    '%s is up to date (npm run docs)',
    (_, s) => {
      const text = readDoc(s.file);
      expect(applySection(text, s)).toBe(text);
    },
  );
});

describe('paths the docs name', () => {
  it('every src/, scripts/ and test/ path in README.md and docs/ exists', () => {
    const missing = missingDocPaths();
    const report = `${missing.length} path(s) named in the docs do not exist:\n${missing.map(formatDocPath).join('\n')}`;
    expect(missing.length === 0 ? '' : report).toBe('');
  });

  it('reads paths in prose and code, leaves URLs and longer paths alone, and takes folders and globs', () => {
    const text = [
      'See `src/oracle/verify.ts`, then scripts/docs/ and test/fuzz/*.test.ts.',
      'Not https://example.com/src/x.ts nor ../shared/test/y.ts nor docs/src/z.ts; src/nowhere.ts is missing.',
    ].join('\n');
    expect(pathsIn('x.md', text).map((p) => `${p.line} ${p.path}`)).toEqual([
      '1 src/oracle/verify.ts',
      '1 scripts/docs/',
      '1 test/fuzz/*.test.ts',
      '2 src/nowhere.ts',
    ]);
    expect(['scripts/docs/', 'test/fuzz/*.test.ts', 'src/**/index.ts'].every(pathExists)).toBe(true);
    expect(pathExists('src/nowhere.ts')).toBe(false);
    expect(pathExists('test/fuzz/*.nothing.ts')).toBe(false);
    expect(docFiles()).toContain('docs/architecture.md');
  });
});
