/**
 * The code tables of README.md and docs/, rendered from the code registry (src/codes/registry.ts): one table
 * of `code | meaning` per kind, in registry order. Each section is registered in sections.ts.
 */
import { type CodeKind, codeEntry, codesOfKind } from '../../src/codes/index.js';
import type { GeneratedSection } from './sections.js';

/** A Markdown table of the codes of one kind with their meanings. */
export function renderCodeTable(kind: CodeKind): string {
  const rows = codesOfKind(kind).map((c) => `| \`${c}\` | ${codeEntry(c).meaning} |`);
  return ['| code | meaning |', '|---|---|', ...rows].join('\n');
}

const section = (file: string, kind: CodeKind): GeneratedSection => ({
  file,
  name: `codes-${kind}`,
  render: () => renderCodeTable(kind),
});

/** Where each code table appears. */
export const CODE_SECTIONS: GeneratedSection[] = [
  section('README.md', 'failure'),
  section('README.md', 'refusal'),
  section('README.md', 'warning'),
  section('docs/compiler.md', 'refusal'),
  section('docs/semantics.md', 'refusal'),
  section('docs/compiler.md', 'failure'),
  section('docs/compiler.md', 'warning'),
  section('docs/spec-format.md', 'finding'),
  section('docs/spec-format.md', 'spec'),
  section('docs/spec-format.md', 'limit'),
  section('docs/formula.md', 'diagnostic'),
  section('docs/cli.md', 'batch'),
];
