/**
 * The generated coercion sections of docs/semantics.md, rendered from the coercion table
 * (src/workbook/coercion.ts): class × kind → outcome for a direct and a referenced value, then every
 * established entry with its evidence.
 */
import {
  ARG_CLASSES,
  type ArgClass,
  COERCION_TABLE,
  type CoercionEntry,
  type Evidence,
  hows,
  REPRESENTATIVE,
} from '../../src/workbook/coercion.js';
import { KIND_MEANING, VALUE_KINDS } from '../../src/workbook/value-kinds.js';
import type { CellValue } from '../../src/workbook/values.js';
import { FUNCTIONS } from '../../src/compiler/index.js';

const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function show(v: CellValue): string {
  if (v === null) return 'blank';
  if (typeof v === 'object') return v.error;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

function outcome(e: CoercionEntry): string {
  const o = e.outcome;
  if (o === 'not established') return '·';
  if ('becomes' in o) return show(o.becomes);
  if ('error' in o) return e.kind === 'error' && o.error === '#N/A' ? 'passes' : o.error;
  return 'ignored';
}

function evidence(v: Evidence): string {
  if ('page' in v) return `${v.page}: "${v.sentence}"`;
  return `${v.file.replace(/^excel\//, '')} ${v.cell} \`${v.formula}\` saved ${show(v.saved)}${v.note ? ` (${v.note})` : ''}`;
}

const classes = () => Object.keys(ARG_CLASSES) as ArgClass[];

/** Class × kind, each cell `direct / reference`. */
export function renderCoercionTable(): string {
  const members = (c: ArgClass) =>
    [...new Set(FUNCTIONS.flatMap((f) => f.args.filter((a) => a.class === c).map(() => f.name)))].length;
  const established = COERCION_TABLE.filter((e) => e.outcome !== 'not established').length;
  const lines = [
    `${COERCION_TABLE.length} entries, ${established} established with evidence, ${COERCION_TABLE.length - established} not established (\`·\`). Each cell is \`direct / reference\`; a value is what the function sees for the kind's representative (below), \`passes\` the error itself, \`ignored\` left out as if not given.`,
    '',
    `| class (functions) | ${VALUE_KINDS.join(' | ')} |`,
    `|---|${VALUE_KINDS.map(() => '---').join('|')}|`,
    ...classes().map((c) => {
      const cells = VALUE_KINDS.map((k) =>
        hows(k)
          .map((h) => outcome(COERCION_TABLE.find((e) => e.class === c && e.kind === k && e.how === h)!))
          .join(' / '),
      );
      return `| \`${c}\` (${members(c)}) | ${cells.map(cell).join(' | ')} |`;
    }),
    '',
    '| kind | representative | what |',
    '|---|---|---|',
    ...VALUE_KINDS.map(
      (k) =>
        `| ${k} | ${k === 'omitted' ? '(empty)' : cell(show(REPRESENTATIVE[k]))} | ${cell(KIND_MEANING[k])} |`,
    ),
    '',
    '| class | what |',
    '|---|---|',
    ...classes().map((c) => `| \`${c}\` | ${cell(ARG_CLASSES[c])} |`),
  ];
  return lines.join('\n');
}

/** Every established entry with its evidence. */
export function renderCoercionEvidence(): string {
  const rows = COERCION_TABLE.filter((e) => e.outcome !== 'not established').map(
    (e) =>
      `| \`${e.class}\` | ${e.kind} | ${e.how} | ${cell(outcome(e))} | ${cell(e.evidence.map(evidence).join('; '))} |`,
  );
  return ['| class | kind | how | outcome | evidence |', '|---|---|---|---|---|', ...rows].join('\n');
}
