/**
 * The end-of-batch summary, for people: one row per file (result, formula columns compiled, columns
 * refused, values verified, time), under each row with refusals a line naming them by reason, and a totals
 * paragraph. It fits {@link WIDTH} columns, the width of a terminal or a CI log pane: the file column gets
 * what the others leave and a longer path loses its middle (`reports/2024/…/q3/budget.xlsx`: the folder it
 * starts in and the file name are what a reader scans for); the reason lines and totals wrap. Plain text,
 * no colour, aligned with spaces so it reads the same in a terminal and in a CI log.
 */
import type { FileResult } from './result.js';

export const WIDTH = 100;
const GAP = '  ';
const MIN_FILE_WIDTH = 16;

export function renderSummary(results: readonly FileResult[], width = WIDTH): string {
  const header = ['file', 'result', 'compiled', 'refused', 'verified', 'time'];
  const cells = results.map((r) => [
    r.file,
    r.valid ? 'ok' : r.reason!,
    r.valid ? String(r.compiled) : '-',
    String(r.rejectedColumns.length),
    r.verification ? verifiedText(r.verification) : '-',
    seconds(r.ms),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((row) => row[i]!.length)));
  const others = widths.slice(1).reduce((s, w) => s + w, 0) + GAP.length * (widths.length - 1);
  widths[0] = Math.min(widths[0]!, Math.max(MIN_FILE_WIDTH, width - others));
  const numeric = new Set([2, 3, 4, 5]);
  const line = (row: string[]) =>
    row
      .map((c, i) => {
        const text = i === 0 ? truncateMiddle(c, widths[0]!) : c;
        return numeric.has(i) ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
      })
      .join(GAP)
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w)))];
  results.forEach((r, i) => {
    out.push(line(cells[i]!));
    const reasons = refusedByReason([r]);
    if (reasons) out.push(...wrap(`refused: ${reasons}`, width, '    '));
  });
  out.push('', ...wrap(totals(results), width, ''));
  return out.join('\n') + '\n';
}

/**
 * `s` cut to `width` characters by replacing its middle with `…`. The end keeps at least half, and for a
 * path the whole file name (`/name.xlsx`) when the start can still keep a few characters.
 */
export function truncateMiddle(s: string, width: number): string {
  if (s.length <= width) return s;
  if (width <= 1) return '…'.slice(0, width);
  const keep = width - 1;
  const name = s.length - s.lastIndexOf('/');
  const minHead = Math.min(8, Math.floor(keep / 3));
  const tail = Math.min(keep - minHead, Math.max(Math.ceil(keep / 2), name));
  return `${s.slice(0, keep - tail)}…${s.slice(s.length - tail)}`;
}

/** Words of `text` in lines of at most `width` (a word longer than that stands alone), each after `indent`. */
function wrap(text: string, width: number, indent: string): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(' ')) {
    const next = cur === '' ? word : `${cur} ${word}`;
    if (cur !== '' && indent.length + next.length > width) {
      lines.push(indent + cur);
      cur = word;
    } else cur = next;
  }
  if (cur !== '') lines.push(indent + cur);
  return lines;
}

/** `ARRAY_FORMULA 1, VOLATILE_FUNCTION 2` over the given results, by code; '' when none. */
function refusedByReason(results: readonly FileResult[]): string {
  const counts = new Map<string, number>();
  for (const r of results)
    for (const [code, k] of Object.entries(r.refused)) counts.set(code, (counts.get(code) ?? 0) + (k ?? 0));
  return [...counts]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([code, k]) => `${code} ${k}`)
    .join(', ');
}

function verifiedText(v: NonNullable<FileResult['verification']>): string {
  const base = `${v.matched}/${v.cellsChecked}`;
  return v.disagreements > 0 ? `${base} (${v.disagreements} disagree)` : base;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)}s`;
}

function totals(results: readonly FileResult[]): string {
  const ok = results.filter((r) => r.valid);
  const sum = (f: (r: FileResult) => number) => results.reduce((s, r) => s + f(r), 0);
  const refused = sum((r) => r.rejectedColumns.length);
  const checked = sum((r) => r.verification?.cellsChecked ?? 0);
  const matched = sum((r) => r.verification?.matched ?? 0);
  const warnings = sum((r) => r.warnings.length);
  const reasons = refusedByReason(results);
  return (
    `${results.length} file${results.length === 1 ? '' : 's'}: ${ok.length} converted, ` +
    `${results.length - ok.length} failed; ${sum((r) => (r.valid ? r.compiled : 0))} formula columns compiled, ` +
    `${refused} refused${reasons ? ` (${reasons})` : ''}; ${matched}/${checked} values verified; ` +
    `${warnings} warning${warnings === 1 ? '' : 's'}`
  );
}
