/**
 * Which sheet a conversion reads when neither `--sheet` nor `--table` says (docs/compiler.md "Recognising
 * the table"):
 * - the first visible sheet, when its table has a formula column;
 * - else the visible sheet whose table has the most formula columns (on a tie the first in workbook order,
 *   with TABLE_DOUBTFUL naming the others), with SHEET_CHOSEN saying which and why the first was not taken;
 * - else the first visible sheet's answer as it is (a table of inputs only, or why it has none); a table
 *   without formula columns gets TABLE_DOUBTFUL naming the other sheets that hold formulas.
 * A first sheet refused for its size (TOO_MANY_ROWS, ...) stays refused: another sheet is chosen only when
 * the first has no table or one without formulas. The other sheets' formula tables are listed in
 * OTHER_TABLES (an Excel Table there is listed by its name already), so `--table` is one copy-paste away.
 */
import type { RecognisedTable, RecogniseFailure } from './recognised.js';
import { formulaColumns, isRecogniseFailure, tableRange } from './recognised.js';
import type { WorkbookModel } from '../../workbook/model.js';
import { sheetCell } from './refs.js';

/** The table of one sheet (undefined: the first visible), `elsewhere` listed in its OTHER_TABLES. */
export type SheetRecogniser = (
  sheet: string | undefined,
  elsewhere?: readonly string[],
) => RecognisedTable | RecogniseFailure;

interface Candidate {
  sheet: string;
  result: RecognisedTable | RecogniseFailure;
  /** Formula columns of its table (0 for a failure). */
  count: number;
}

export function chooseSheet(
  wb: WorkbookModel,
  recognise: SheetRecogniser,
): RecognisedTable | RecogniseFailure {
  const result = choose(wb, recognise);
  if (!isRecogniseFailure(result) && formulaColumns(result) === 0) {
    result.warnings.push(...formulasElsewhere(wb, result));
  }
  return result;
}

function choose(wb: WorkbookModel, recognise: SheetRecogniser): RecognisedTable | RecogniseFailure {
  const visible = wb.sheets.filter((s) => s.state === 'visible');
  if (visible.length <= 1) return recognise(visible[0]?.name);
  const candidates: Candidate[] = visible.map((s) => {
    const result = recognise(s.name);
    return { sheet: s.name, result, count: isRecogniseFailure(result) ? 0 : formulaColumns(result) };
  });
  const [first] = candidates;
  const switchable = isRecogniseFailure(first.result) ? first.result.reason === 'NO_TABLE' : true;
  const best = Math.max(...candidates.map((c) => c.count));
  const chosen =
    first.count > 0 || !switchable || best === 0 ? first : candidates.find((c) => c.count === best)!;
  const elsewhere = candidates
    .filter((c) => c !== chosen && c.count > 0 && !wb.tables.some((t) => t.sheet === c.sheet))
    .map((c) => tableRange(c.result as RecognisedTable));
  const result = elsewhere.length > 0 ? recognise(chosen.sheet, elsewhere) : chosen.result;
  if (chosen === first || isRecogniseFailure(result)) return result;
  const ties = candidates.filter((c) => c !== chosen && c.count === best);
  result.warnings.unshift(sheetChosen(first, result, best), ...tieWarning(result, ties, best));
  return result;
}

/**
 * TABLE_DOUBTFUL when the table compiled has no formula column while other sheets (hidden ones too) hold
 * formulas (none of them in a formula table of a visible sheet, which would have been chosen): they are named
 * with their formula cells, so a result without derivations never keeps quiet about them.
 */
function formulasElsewhere(wb: WorkbookModel, table: RecognisedTable) {
  const counts = wb.sheets
    .filter((s) => s.name !== table.sheet.name)
    .map((s) => ({
      s,
      n: [...s.rows.values()].reduce(
        (k, r) => k + [...r.values()].filter((c) => c.formula !== undefined).length,
        0,
      ),
    }))
    .filter((x) => x.n > 0);
  if (counts.length === 0) return [];
  const named = counts.map(
    ({ s, n }) =>
      `"${s.name}"${s.state === 'visible' ? '' : ` (${s.state})`} (${n} formula cell${n === 1 ? '' : 's'})`,
  );
  return [
    {
      code: 'TABLE_DOUBTFUL' as const,
      message: `The table compiled (${tableRange(table)}) has no formula column, while sheet${counts.length === 1 ? '' : 's'} ${named.join(', ')} hold${counts.length === 1 ? 's' : ''} formulas; choose with --sheet or --table`,
      cell: sheetCell(table.sheet.name, table.headerRow, table.columns[0].col),
    },
  ];
}

const columnsText = (n: number) => `${n} formula column${n === 1 ? '' : 's'}`;

function sheetChosen(first: Candidate, table: RecognisedTable, count: number) {
  const why = isRecogniseFailure(first.result)
    ? first.result.error
    : `its table ${tableRange(first.result)} has no formula column`;
  return {
    code: 'SHEET_CHOSEN' as const,
    message: `Compiled sheet "${table.sheet.name}" (${tableRange(table)}, ${columnsText(count)}): the first visible sheet "${first.sheet}" has no formula table (${why}); choose another with --sheet or --table`,
    cell: sheetCell(table.sheet.name, table.headerRow, table.columns[0].col),
  };
}

/** TABLE_DOUBTFUL when other sheets' tables have as many formula columns as the one chosen. */
function tieWarning(table: RecognisedTable, ties: Candidate[], count: number) {
  if (ties.length === 0) return [];
  const others = ties.map((c) => tableRange(c.result as RecognisedTable));
  return [
    {
      code: 'TABLE_DOUBTFUL' as const,
      message: `Two tables are equally good (${columnsText(count)} each): ${tableRange(table)} was compiled, ${others.join(', ')} ${others.length > 1 ? 'were' : 'was'} not; choose with --table`,
      cell: sheetCell(table.sheet.name, table.headerRow, table.columns[0].col),
    },
  ];
}
