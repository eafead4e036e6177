/**
 * The generated function sections: docs/semantics.md's function and evidence tables and the README's
 * function list, rendered from the function table (src/compiler/lower/functions/) joined with the oracle's
 * correction registry (src/oracle/excel/corrections.ts). Golden case counts are read from fixtures/formulas.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FUNCTIONS, type FunctionEntry, signatureOf } from '../../src/compiler/index.js';
import { oracleTreatment } from '../../src/pipeline/catalogue.js';
import type { Node } from '../../src/workbook/formula/ast.js';
import { parseFormula } from '../../src/workbook/formula/parser.js';
import type { CellValue } from '../../src/workbook/values.js';

const ROOT = new URL('../../', import.meta.url);
const GOLDENS = 'fixtures/formulas';

/** A Markdown table cell: pipes escaped, newlines folded. */
const cell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function excelValue(v: CellValue): string {
  if (v === null) return 'blank';
  if (typeof v === 'object') return v.error;
  if (typeof v === 'boolean') return v ? 'TRUE' : 'FALSE';
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

function example(f: FunctionEntry): string {
  const { formula, cells, value } = f.example;
  const given = Object.entries(cells ?? {}).map(([a, v]) => `${a} = ${excelValue(v)}`);
  return `\`${formula}\`${given.length ? ` with ${given.join(', ')}` : ''} → ${excelValue(value)}`;
}

function oracle(f: FunctionEntry): string {
  const t = oracleTreatment(f.name);
  return t.kind === 'hyperformula'
    ? 'HyperFormula as is'
    : `\`${t.name}\` (${t.corrections.map((c) => `\`${c}\``).join(', ')}): ${t.note}`;
}

/** The function names a formula calls. */
function callsIn(n: Node, out = new Set<string>()): Set<string> {
  switch (n.kind) {
    case 'call':
      out.add(n.name);
      for (const a of n.args) callsIn(a, out);
      break;
    case 'binary':
      callsIn(n.left, out);
      callsIn(n.right, out);
      break;
    case 'unary':
    case 'percent':
      callsIn(n.operand, out);
      break;
    default:
      break;
  }
  return out;
}

/** Golden case files under each evidence directory that call the function. */
export function goldenCasesOf(f: FunctionEntry): string[] {
  return f.evidence.goldens.flatMap((dir) =>
    readdirSync(new URL(`${GOLDENS}/${dir}/`, ROOT))
      .filter((file) => file.endsWith('.json'))
      .sort()
      .filter((file) => {
        const { formula } = JSON.parse(readFileSync(new URL(`${GOLDENS}/${dir}/${file}`, ROOT), 'utf8')) as {
          formula: string;
        };
        const { ast } = parseFormula(formula);
        return ast !== undefined && callsIn(ast).has(f.name);
      })
      .map((file) => join(dir, file)),
  );
}

const families = (): Map<string, FunctionEntry[]> => {
  const out = new Map<string, FunctionEntry[]>();
  for (const f of FUNCTIONS) out.set(f.family, [...(out.get(f.family) ?? []), f]);
  return out;
};

/** docs/semantics.md: each function's signature, lowering, semantics and example. */
export function renderFunctionTable(): string {
  const rows = FUNCTIONS.map(
    (f) =>
      `| \`${cell(signatureOf(f))}\` | ${cell(f.summary)} | ${cell(f.lowering)} | ${cell(f.notes)} | ${cell(example(f))} |`,
  );
  return [
    `${FUNCTIONS.length} functions. Argument counts are checked (\`MALFORMED_FORMULA\`); a name outside this table is \`UNSUPPORTED_FUNCTION\`.`,
    '',
    '| function | what | lowering | semantics | example |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** docs/semantics.md: the helpers each function may call, how the oracle evaluates it, and the evidence. */
export function renderEvidenceTable(): string {
  const rows = FUNCTIONS.map((f) => {
    const helpers = f.helpers.map((h) => `\`$${h}\``).join(', ');
    const cases = goldenCasesOf(f);
    const goldens = `${cases.length} in ${f.evidence.goldens.map((d) => `\`${d}\``).join(', ')}`;
    const corpus = (f.evidence.corpus ?? []).map((c) => `\`${c}\``).join(', ') || '—';
    const sources = [
      ...f.evidence.microsoft.map((m) => `Microsoft, "${m}"`),
      ...(f.evidence.other ? [f.evidence.other] : []),
    ];
    return `| ${f.name} | ${helpers} | ${cell(oracle(f))} | ${goldens} | ${corpus} | ${cell(sources.join('; '))} |`;
  });
  return [
    '| function | helpers | oracle | golden cases | corpus | documentation |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

/** README.md: the supported functions, family by family. */
export function renderFunctionList(): string {
  const lines = [...families()].map(([family, fs]) => `- ${family}: ${fs.map((f) => f.name).join(', ')}`);
  return [`Supported functions (${FUNCTIONS.length}):`, '', ...lines].join('\n');
}
