/** docs/architecture.md `arrows`: the table of allowed imports between areas, from scripts/arrows.ts. */
import {
  AREAS,
  type Area,
  EXCEPTIONS,
  KNOWN_CYCLES,
  KNOWN_FRONT_END_IMPORTS,
  LIBRARY_ENTRY,
  MAX_LINES,
  OVERSIZE_FILES,
  PACKAGES,
} from '../arrows.js';

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
  const owed = [
    '',
    `Inside the areas: no loop of imports among files, no file over ${MAX_LINES} lines, and no front end importing`,
    'the compiler or the oracle. What still breaks them is listed here, each with its reason; the test fails on a',
    'break not listed and on an entry no longer needed, so these lists only shrink.',
    '',
    ...(KNOWN_CYCLES.length ? [] : ['- Loops of imports: none.']),
    ...KNOWN_CYCLES.map(
      (k) =>
        `- Loop of imports among ${k.files.map((f) => `\`${f.replace(/^src\//, '')}\``).join(', ')}: ${k.why}.`,
    ),
    ...(OVERSIZE_FILES.length ? [] : [`- Files over ${MAX_LINES} lines: none.`]),
    ...OVERSIZE_FILES.map((o) => `- \`${o.file}\` is over ${MAX_LINES} lines: ${o.why}.`),
    ...(KNOWN_FRONT_END_IMPORTS.length ? [] : ['- Front ends importing the compiler or the oracle: none.']),
    ...KNOWN_FRONT_END_IMPORTS.map((k) => `- \`${k.from}\` imports \`${k.to}\`: ${k.why}.`),
  ];
  return ['| area | may import | what |', '|---|---|---|', ...rows, '', ...notes, ...owed].join('\n');
}
