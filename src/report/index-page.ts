/** The index page of a batch's reports: one line per file, linking its report. */
import { escapeHtml } from './html.js';

export interface IndexEntry {
  /** The input file as given. */
  file: string;
  /** The report's path relative to the index page. */
  href: string;
  /** `valid`, or the failure code. */
  outcome: string;
  compiled: number;
  refused: number;
}

export function renderIndex(title: string, entries: readonly IndexEntry[]): string {
  const rows = entries
    .map(
      (e) =>
        `<tr><td><a href="${escapeHtml(e.href)}">${escapeHtml(e.file)}</a></td><td>${escapeHtml(e.outcome)}</td><td>${e.compiled}</td><td>${e.refused}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px}table{border-collapse:collapse}th,td{border:1px solid #c3c4c7;padding:3px 8px;text-align:left}</style></head>
<body><h1>${escapeHtml(title)}</h1>
<table id="index"><thead><tr><th>file</th><th>outcome</th><th>columns compiled</th><th>refused</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>
`;
}
