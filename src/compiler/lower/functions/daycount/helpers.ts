/**
 * Library helpers: day counts of the 30/360 and actual conventions (DAYS360, YEARFRAC). Calendar days come from
 * $xlYmd and $xlMonthDays (date/helpers.ts: Excel's calendar, serial 0 "1900-01-00"); the evidence of each
 * rule is with the function entries (entry.ts) and docs/semantics.md ("Day counts").
 */
import type { HelperSource } from '../../helpers/source.js';

const NE = (reason: string): string => `$xlNE(${JSON.stringify(reason)})`;

export const DAYCOUNT_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlD360Date: {
    // A DAYS360 date: booleans 1/0 and a blank 0 (corpus ironcalc DAYS_DAYS360.xlsx D37-D41, D28/D29), text that
    // is no number #VALUE! (D36), below 0 #NUM! (D25); the day of the serial rounded to the second: 23:59:59.91
    // is the next day (D24 DAYS360(45992.000001,46000.999999) 9, where DAYS gives 8), 23:59 the same day (D20).
    // Not established: the last 0.4 seconds before that, date or numeric text, a serial past 9999-12-31, and
    // the serials 59 and 60 (the end of February 1900, which Excel's calendar gives 29 days).
    fn: `function($v) {(
  $x := $type($v) = "boolean" ? ($v ? 1 : 0) : $v = null ? 0 : $v;
  $type($x) = "object" ? $x :
  $type($x) = "string" ? ($type($xlNum($x)) = "object" ? {"error": "#VALUE!"} : ${NE('DAYS360 of date or numeric text')}) :
  $x < 0 ? {"error": "#NUM!"} : (
    $s := ($x - $floor($x)) * 86400;
    $d := $s >= 86399.9 ? $floor($x) + 1 : $floor($x);
    $s >= 86399.5 and $s < 86399.9 ? ${NE('DAYS360 of a time in the last second of a day')} :
    $d > 2958465 or $d = 59 or $d = 60 ? ${NE('DAYS360 of a date past 9999-12-31 or at the end of February 1900')} : $d
  )
)}`,
    doc: 'a DAYS360 date as a whole serial (internal)',
  },
  xlDays360: {
    // DAYS360(start, end, method): 360 a year, 30 a month. The U.S. method (FALSE, blank, left out): a start on
    // its month's last day is the 30th (also 28 or 29 February: D14 2024-02-29 to 2025-02-28 is 358, D15), an
    // end on the 31st is the 30th when the start is then the 30th (D16, D17), else it stays 31 (the 1st of the
    // next month, Microsoft's DAYS360 page; D3, H3); the European method (TRUE): the 31st is the 30th on both
    // sides (H2). The method coerced as a logical value (H4:H14: numbers non-zero, the text "TRUE", other
    // text #VALUE!). Negative when the start is later (D6); errors left to right (D30-D32).
    fn: `function($a, $b, $m) {(
  $s := $xlD360Date($a); $e := $xlD360Date($b); $eu := $xlBool($m);
  $type($s) = "object" ? $s : $type($e) = "object" ? $e : $type($eu) = "object" ? $eu : (
    $p := $xlYmd($s); $q := $xlYmd($e);
    $sd := $eu ? ($p[2] = 31 ? 30 : $p[2]) : $p[2] = $xlMonthDays($p[0], $p[1]) ? 30 : $p[2];
    $ed := $q[2] = 31 and ($eu or $sd >= 30) ? 30 : $q[2];
    ($q[0] - $p[0]) * 360 + ($q[1] - $p[1]) * 30 + $ed - $sd
  )
)}`,
    doc: 'DAYS360',
  },
  xlYfDate: {
    // A YEARFRAC date: a number, truncated (Microsoft's YEARFRAC page: "All arguments are truncated to
    // integers"); text that is no number #VALUE! ("not valid dates"); not established: a serial below 1 or past
    // 9999-12-31, date or numeric text, a logical value, a blank.
    fn: `function($v) {
  $type($v) = "object" ? $v :
  $type($v) = "number" ? ($v < 61 or $v >= 2958466 ? ${NE('YEARFRAC of a date before 1900-03-01 or past 9999-12-31')} : $floor($v)) :
  $type($v) = "string" and $type($xlNum($v)) = "object" ? {"error": "#VALUE!"} :
  ${NE('YEARFRAC of date or numeric text, a logical value or a blank')}
}`,
    doc: 'a YEARFRAC date as a whole serial (internal)',
  },
  xlYearfrac: {
    // YEARFRAC(start, end, basis): the dates in order (Sheet2!A1 YEARFRAC(44921,44561,2) 1); basis truncated,
    // outside 0..4 #NUM! (Microsoft's page). 0: U.S. 30/360 (a start on the 31st the 30th; an end on the 31st
    // the 30th when the start is the 30th or 31st); 1: actual days over the year's length, 366 within one leap
    // year, 365 within a year that holds no 29 February, else over the average length of the calendar years
    // from the start's to the end's, (end - start) / (days / years) in that order (YEARFRAC.xlsx D20, D28, D30);
    // 2: actual/360; 3: actual/365; 4: European 30/360 (the 31st the 30th on both sides). Corpus ironcalc
    // YEARFRAC.xlsx D2:D30. Not established: basis 0 from the last day of February, basis 1 within a year across
    // two years with a 29 February inside.
    fn: `function($a, $b, $c) {(
  $x := $xlYfDate($a); $y := $xlYfDate($b);
  $k := $type($c) = "number" ? ($c < 0 ? $ceil($c) : $floor($c)) : $type($c) = "object" ? $c : ${NE('a YEARFRAC basis that is not a number')};
  $type($x) = "object" ? $x : $type($y) = "object" ? $y : $type($k) = "object" ? $k :
  $k < 0 or $k > 4 ? {"error": "#NUM!"} : (
    $s := $x < $y ? $x : $y; $e := $x < $y ? $y : $x;
    $p := $xlYmd($s); $q := $xlYmd($e);
    $leap := function($yr) { $yr % 4 = 0 and ($yr % 100 != 0 or $yr % 400 = 0) };
    $k = 2 ? ($e - $s) / 360 : $k = 3 ? ($e - $s) / 365 :
    $k = 4 ? (($q[0] - $p[0]) * 360 + ($q[1] - $p[1]) * 30 + ($q[2] = 31 ? 30 : $q[2]) - ($p[2] = 31 ? 30 : $p[2])) / 360 :
    $k = 0 ? (
      $p[1] = 2 and $p[2] = $xlMonthDays($p[0], 2) ? ${NE('YEARFRAC basis 0 from the last day of February')} : (
        $sd := $p[2] = 31 ? 30 : $p[2];
        $ed := $q[2] = 31 and $sd = 30 ? 30 : $q[2];
        (($q[0] - $p[0]) * 360 + ($q[1] - $p[1]) * 30 + $ed - $sd) / 360
      )
    ) : (
      $within := $p[0] = $q[0] or ($q[0] = $p[0] + 1 and ($p[1] > $q[1] or ($p[1] = $q[1] and $p[2] >= $q[2])));
      $feb := function($yr) { $leap($yr) and $s <= $xlMonthStart($yr, 3) - 1 and $e >= $xlMonthStart($yr, 3) - 1 };
      $within and $p[0] = $q[0] ? ($e - $s) / ($leap($p[0]) ? 366 : 365) :
      $within ? ($feb($p[0]) or $feb($q[0]) ? ${NE('YEARFRAC basis 1 within a year across a 29 February')} : ($e - $s) / 365) :
      ($e - $s) / (($xlMonthStart($q[0] + 1, 1) - $xlMonthStart($p[0], 1)) / ($q[0] - $p[0] + 1))
    )
  )
)}`,
    doc: 'YEARFRAC (bases 0-4)',
  },
};
