/**
 * The verification report: one self-contained HTML page (inline CSS, no script, no network) that shows the
 * table as a grid like the sheet, every formula cell coloured by its verification class, the column headers with
 * the field, the formula and the JSONata, and a title (tooltip) on each cell with the formula in A1, its inputs
 * and the three values (spec, oracle, Excel's saved value). Built from a `ReportModel`; see report/model.ts.
 */

/** How one cell came out. `input` is a typed cell; the rest are formula cells. */
export type CellStatus =
  | 'input'
  | 'verified'
  | 'refused'
  /** spec = oracle, but Excel saved something else: both engines wrong. */
  | 'engines-differ-from-excel'
  /** the spec and the oracle disagree. */
  | 'spec-differs-from-oracle'
  /** the spec agrees with Excel's saved value; the oracle alone differs. */
  | 'oracle-differs-from-excel'
  /** no verdict (e.g. a summary cell outside the checked set). */
  | 'unchecked';

export interface ReportCell {
  /** Displayed text (already formatted). */
  text: string;
  status: CellStatus;
  /** The refusal code, for a refused cell. */
  code?: string;
  /** Tooltip lines: the A1 formula, the inputs, the three values. */
  title?: string;
}

export interface ReportColumn {
  letter: string;
  header: string;
  field?: string;
  formula?: string;
  jsonata?: string;
  /** Set when the column was refused. */
  refusal?: { code: string; detail: string };
}

export interface ReportRow {
  /** The sheet row number (1-based). */
  row: number;
  cells: ReportCell[];
}

export interface ReportModel {
  file: string;
  /** Set when the workbook was not converted: why (`CODE: message`). */
  error?: string;
  sheet: string;
  producer: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** The summary row under the table, if any. */
  summary?: ReportRow;
  /** Data rows not shown (beyond the first rows shown, without a disagreement). */
  rowsOmitted: number;
  totals: {
    compiled: number;
    refused: number;
    cellsChecked: number;
    byStatus: Partial<Record<CellStatus, number>>;
  };
}

const LABEL: Record<CellStatus, string> = {
  input: 'input',
  verified: 'verified (spec = oracle, = Excel where it saved a value)',
  refused: 'refused',
  'engines-differ-from-excel': 'spec = oracle ≠ Excel',
  'spec-differs-from-oracle': 'spec ≠ oracle',
  'oracle-differs-from-excel': 'oracle ≠ Excel only',
  unchecked: 'not checked',
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** Text for HTML element content and attribute values. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const CSS = `
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",sans-serif;margin:24px;color:#1d2327;background:#fff}
h1{font-size:20px;margin:0 0 4px}h2{font-size:15px;margin:20px 0 8px}
.meta{color:#50575e;margin-bottom:16px}
.totals{display:flex;flex-wrap:wrap;gap:8px;margin:8px 0 16px;padding:0;list-style:none}
.totals li{border:1px solid #dcdcde;border-radius:4px;padding:4px 10px}
.refusals{margin:0 0 16px 18px;padding:0}
.grid{border-collapse:collapse;font-variant-numeric:tabular-nums}
.grid th,.grid td{border:1px solid #c3c4c7;padding:3px 8px;white-space:nowrap;max-width:22em;overflow:hidden;text-overflow:ellipsis}
.grid thead th{background:#f0f0f1;text-align:left;vertical-align:top;font-weight:600}
.grid thead .field{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:400;color:#2271b1}
.grid thead .f,.grid thead .j{font-family:ui-monospace,Menlo,Consolas,monospace;font-weight:400;font-size:12px;color:#50575e;white-space:normal;max-width:22em;word-break:break-all}
.grid th.rn{background:#f0f0f1;color:#50575e;text-align:right;font-weight:400}
.grid tr.sum td{border-top:2px solid #1d2327;font-weight:600}
.verified{background:#edfaef}.refused{background:#f0f0f1;color:#50575e}
.engines-differ-from-excel{background:#d63638;color:#fff}.spec-differs-from-oracle{background:#facfd2}
.oracle-differs-from-excel{background:#fcf9e8}.unchecked,.input{background:#fff}
.grid thead .code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:12px;color:#b32d2e}
td .code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:11px}
.legend span{display:inline-block;margin-right:12px}.legend i{display:inline-block;width:12px;height:12px;border:1px solid #c3c4c7;margin-right:4px;vertical-align:-1px}
.omitted{color:#50575e;margin-top:8px}.error{color:#b32d2e;font-weight:600}
`;

function headerCell(c: ReportColumn): string {
  const parts = [`<div>${escapeHtml(c.letter)} · ${escapeHtml(c.header)}</div>`];
  if (c.field) parts.push(`<div class="field">${escapeHtml(c.field)}</div>`);
  if (c.formula) parts.push(`<div class="f">=${escapeHtml(c.formula.replace(/^=/, ''))}</div>`);
  if (c.refusal) parts.push(`<div class="code">${escapeHtml(c.refusal.code)}</div>`);
  else if (c.jsonata) parts.push(`<div class="j">${escapeHtml(c.jsonata)}</div>`);
  const title = c.refusal ? `${c.refusal.code}: ${c.refusal.detail}` : (c.jsonata ?? '');
  return `<th scope="col" title="${escapeHtml(title)}">${parts.join('')}</th>`;
}

function dataCell(c: ReportCell): string {
  const title = c.title ?? (c.code ? c.code : LABEL[c.status]);
  const code = c.status === 'refused' && c.code ? ` <span class="code">${escapeHtml(c.code)}</span>` : '';
  return `<td class="${c.status}" data-status="${c.status}"${c.code ? ` data-code="${escapeHtml(c.code)}"` : ''} title="${escapeHtml(title)}">${escapeHtml(c.text)}${code}</td>`;
}

const row = (r: ReportRow, cls = 'data'): string =>
  `<tr class="${cls}" data-row="${r.row}"><th class="rn" scope="row">${r.row}</th>${r.cells.map(dataCell).join('')}</tr>`;

/** The whole page. */
export function renderReport(m: ReportModel): string {
  const statuses = Object.entries(m.totals.byStatus).filter(([, n]) => n) as Array<[CellStatus, number]>;
  const refusals = m.columns.filter((c) => c.refusal);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>sheetspec report: ${escapeHtml(m.file)}</title><style>${CSS}</style></head>
<body>
<h1>${escapeHtml(m.file)}</h1>
${m.error ? `<p class="error" id="error">${escapeHtml(m.error)}</p>` : ''}
<div class="meta">sheet <b>${escapeHtml(m.sheet)}</b> · saved by <b>${escapeHtml(m.producer)}</b></div>
<ul class="totals" id="totals">
<li>columns compiled <b data-total="compiled">${m.totals.compiled}</b></li>
<li>columns refused <b data-total="refused">${m.totals.refused}</b></li>
<li>cells checked <b data-total="cellsChecked">${m.totals.cellsChecked}</b></li>
${statuses.map(([s, n]) => `<li>${escapeHtml(LABEL[s])} <b data-total="${s}">${n}</b></li>`).join('\n')}
</ul>
${refusals.length ? `<h2>Refused columns</h2><ul class="refusals">${refusals.map((c) => `<li><b>${escapeHtml(c.letter)} ${escapeHtml(c.header)}</b>: <span class="code">${escapeHtml(c.refusal!.code)}</span> ${escapeHtml(c.refusal!.detail)}</li>`).join('')}</ul>` : ''}
<div class="legend">${(Object.keys(LABEL) as CellStatus[]).map((s) => `<span><i class="${s}"></i>${escapeHtml(LABEL[s])}</span>`).join('')}</div>
<table class="grid" id="grid"><thead><tr><th class="rn"></th>${m.columns.map(headerCell).join('')}</tr></thead>
<tbody>
${m.rows.map((r) => row(r)).join('\n')}
${m.summary ? row(m.summary, 'sum') : ''}
</tbody></table>
${m.rowsOmitted ? `<p class="omitted" id="omitted">${m.rowsOmitted} more row(s) verified and not shown (every row with a disagreement is shown).</p>` : ''}
</body></html>
`;
}
