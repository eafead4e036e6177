import { describe, expect, it } from 'vitest';
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
