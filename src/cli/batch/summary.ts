/**
 * The end-of-batch summary: one row per file (result, columns compiled, refused by reason, values verified,
 * time) and a totals line. Plain text, no colour, aligned with spaces so it reads the same in a terminal and
 * in a CI log.
 */
import type { FileResult } from './result.js';

export function renderSummary(results: readonly FileResult[]): string {
  const header = ['file', 'result', 'compiled', 'refused', 'verified', 'time'];
  const rows = results.map((r) => [
    r.file,
    r.valid ? 'ok' : r.reason!,
    r.valid ? String(r.compiled) : '-',
    refusedText(r),
    r.verification ? verifiedText(r.verification) : '-',
    seconds(r.ms),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const numeric = new Set([2, 4, 5]);
  const line = (cells: string[]) =>
    cells
      .map((c, i) =>
        i === cells.length - 1 ? c : numeric.has(i) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  const out = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  out.push('', totals(results));
  return out.join('\n') + '\n';
}

function refusedText(r: FileResult): string {
  const entries = Object.entries(r.refused).sort(([a], [b]) => (a < b ? -1 : 1));
  if (entries.length === 0) return '0';
  const n = entries.reduce((s, [, k]) => s + (k ?? 0), 0);
  return `${n} (${entries.map(([code, k]) => `${code} ${k}`).join(', ')})`;
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
  return (
    `${results.length} file${results.length === 1 ? '' : 's'}: ${ok.length} converted, ` +
    `${results.length - ok.length} failed; ${sum((r) => (r.valid ? r.compiled : 0))} columns compiled, ` +
    `${refused} refused; ${matched}/${checked} values verified; ${warnings} warning${warnings === 1 ? '' : 's'}`
  );
}
