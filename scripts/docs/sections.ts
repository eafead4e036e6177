/**
 * Generated documentation: each section of a Markdown file between `<!-- generated:NAME -->` and
 * `<!-- /generated:NAME -->` is rendered from a registry in src/ (the one home of the fact it shows).
 * `npm run docs` rewrites them; test/docs.test.ts fails when a committed section is stale.
 *
 * To add a section: write a `render()` that returns the Markdown text from the registry, add an entry below,
 * put the two marker comments where it belongs, and run `npm run docs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { CODE_SECTIONS } from './codes.js';
import { renderArrows } from './arrows.js';
import { renderCoercionEvidence, renderCoercionTable } from './coercion.js';
import { renderEvidenceTable, renderFunctionList, renderFunctionTable } from './functions.js';

export interface GeneratedSection {
  /** Path from the package root, e.g. `docs/semantics.md`. */
  file: string;
  /** Marker name: `<!-- generated:NAME -->`. */
  name: string;
  render: () => string;
}

/** Every generated section. Each registry adds its own entries here. */
export const SECTIONS: GeneratedSection[] = [
  ...CODE_SECTIONS,
  { file: 'docs/architecture.md', name: 'arrows', render: renderArrows },
  { file: 'docs/semantics.md', name: 'functions', render: renderFunctionTable },
  { file: 'docs/semantics.md', name: 'function-evidence', render: renderEvidenceTable },
  { file: 'docs/semantics.md', name: 'coercion', render: renderCoercionTable },
  { file: 'docs/semantics.md', name: 'coercion-evidence', render: renderCoercionEvidence },
  { file: 'README.md', name: 'functions', render: renderFunctionList },
];

const ROOT = new URL('../../', import.meta.url);

const markers = (name: string) => ({
  open: `<!-- generated:${name} -->`,
  close: `<!-- /generated:${name} -->`,
});

/** The file's text with the section replaced by its rendering; throws when the markers are missing. */
export function applySection(text: string, section: GeneratedSection): string {
  const { open, close } = markers(section.name);
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`${section.file}: markers for "${section.name}" not found`);
  const body = section.render().trimEnd();
  return `${text.slice(0, start + open.length)}\n${body}\n${text.slice(end)}`;
}

export const readDoc = (file: string): string => readFileSync(new URL(file, ROOT), 'utf8');

/** Rewrites every section in place; returns the files changed. */
export function writeSections(sections: GeneratedSection[] = SECTIONS): string[] {
  const changed: string[] = [];
  const files = [...new Set(sections.map((s) => s.file))];
  for (const file of files) {
    const before = readDoc(file);
    const after = sections.filter((s) => s.file === file).reduce(applySection, before);
    if (after !== before) {
      writeFileSync(new URL(file, ROOT), after);
      changed.push(file);
    }
  }
  return changed;
}
