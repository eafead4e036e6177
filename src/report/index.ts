/** The verification report: a self-contained HTML page from a report model. */
export {
  type CellStatus,
  escapeHtml,
  type ReportCell,
  type ReportColumn,
  type ReportModel,
  type ReportRow,
  renderReport,
} from './html.js';
export { type IndexEntry, renderIndex } from './index-page.js';
