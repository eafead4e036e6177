/** docs/architecture.md `arrows`: the table of allowed imports between areas, from scripts/arrows.ts. */
import { AREAS, type Area, EXCEPTIONS, LIBRARY_ENTRY, PACKAGES } from '../arrows.js';

export function renderArrows(): string {
  const rows = (Object.entries(AREAS) as [Area, (typeof AREAS)[Area]][]).map(([area, rule]) => {
    const imports = rule.imports.length ? rule.imports.map((a) => `\`${a}\``).join(', ') : 'nothing';
    const via = rule.viaIndex ? ' (only through `src/<area>/index.ts` or its `light.ts`)' : '';
    return `| \`src/${area}\` | ${imports}${via} | ${rule.what} |`;
  });
  const notes = [
    `- \`${LIBRARY_ENTRY}\`, the library entry, may import any index file; nothing in \`src/\` imports it.`,
    ...EXCEPTIONS.map((e) => `- \`${e.from}\` may import \`${e.to}\`: ${e.why}.`),
    ...PACKAGES.map((p) => `- \`${p.name}\` is imported only under \`${p.only}\`: ${p.why}.`),
    '- Imports inside one area are free.',
  ];
  return ['| area | may import | what |', '|---|---|---|', ...rows, '', ...notes].join('\n');
}
