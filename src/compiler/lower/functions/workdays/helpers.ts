/**
 * Library helpers: working days (NETWORKDAYS, NETWORKDAYS.INTL, WORKDAY, WORKDAY.INTL). A weekend is a mask of
 * seven characters, Monday first, "1" a weekend day (Microsoft's NETWORKDAYS.INTL page; "0000011" is Saturday
 * and Sunday); serial 1 (1900-01-01) is a Sunday in Excel's calendar, so the mask's index of serial `s` is
 * `(s + 5) % 7`. Whole weeks are counted at once (seven days in a row hold every weekday once), so a span of
 * years costs what a week does. The evidence of each rule is with the function entries (entry.ts).
 */
import type { HelperSource } from '../../helpers/source.js';

const NE = (reason: string): string => `$xlNE(${JSON.stringify(reason)})`;
/** The mask index of serial `$x`, also below 0. */
const DOW = (x: string): string => `((${x} + 5) % 7 + 7) % 7`;

export const WORKDAY_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlWdDate: {
    // A date of these functions: a number, out of range #NUM! where Microsoft's page says so ($num), else not
    // established; a fraction truncated where the page says so ($cut: WORKDAY.INTL "truncated to integer"),
    // else not established; text that is no number #VALUE! (NETWORKDAYS page: "If any argument is not a valid
    // date ... #VALUE!"); date or numeric text, a logical value and a blank are not established.
    fn: `function($v, $num, $cut) {
  $type($v) = "object" ? $v :
  $type($v) = "number" ? (
    $v < 0 or $v >= 2958466 ? ($num ? {"error": "#NUM!"} : ${NE('NETWORKDAYS of a date outside 0..2958465')}) :
    $v = $floor($v) or $cut ? $floor($v) : ${NE('NETWORKDAYS of a date with a time of day')}
  ) :
  $type($v) = "string" and $type($xlNum($v)) = "object" ? {"error": "#VALUE!"} :
  ${NE('a working-day date given as text, a logical value or a blank')}
}`,
    doc: 'a date of the working-day functions as a whole serial (internal)',
  },
  xlWeekendMask: {
    // The weekend: a number 1-7 (two days, 1 Saturday and Sunday ... 7 Friday and Saturday) or 11-17 (one
    // day, 11 Sunday ... 17 Saturday), or seven characters 0/1, Monday first (Microsoft's NETWORKDAYS.INTL and
    // WORKDAY.INTL pages); other text #VALUE! (both pages: "invalid length or contains invalid characters").
    // WORKDAY.INTL ($wd): weekend 0 #NUM! (its page's example), "1111111" invalid without its error named:
    // not established. Other numbers, a fraction, a logical value and a blank are not established.
    fn: `function($w, $wd) {(
  $codes := {"1": "0000011", "2": "1000001", "3": "1100000", "4": "0110000", "5": "0011000", "6": "0001100",
    "7": "0000110", "11": "0000001", "12": "1000000", "13": "0100000", "14": "0010000", "15": "0001000",
    "16": "0000100", "17": "0000010"};
  $type($w) = "object" ? $w :
  $type($w) = "number" ? (
    $c := $w = $floor($w) ? $lookup($codes, $string($w));
    $exists($c) ? $c : $w = 0 and $wd ? {"error": "#NUM!"} : ${NE('a weekend number other than 1-7 and 11-17')}
  ) :
  $type($w) = "string" ? (
    $contains($w, /^[01]{7}$/) ? ($w = "1111111" and $wd ? ${NE('WORKDAY.INTL with every day a weekend day')} : $w)
      : {"error": "#VALUE!"}
  ) : ${NE('a weekend given as a logical value or a blank')}
)}`,
    doc: 'the weekend of the .INTL functions as a Monday-first mask of seven 0/1 characters (internal)',
  },
  xlHolidayList: {
    // The holidays: whole serials 0..2958465, duplicates counted once; a blank cell kept as -1 (its reading is
    // checked where the period reaches serial 0). Out of range: #NUM! for WORKDAY/WORKDAY.INTL ($wd: "If any
    // date in holidays is outside the range ... #NUM!"), else not established; a fraction, text, a logical
    // value or an error in the holidays are not established.
    fn: `function($hs, $wd) {(
  $bad := $filter($hs, function($v) { $not($v = null or ($type($v) = "number" and $v = $floor($v) and $v >= 0 and $v <= 2958465)) });
  $b := $exists($bad) ? [$bad][0];
  $exists($bad) ? (
    $wd and $type($b) = "number" and $b = $floor($b) ? {"error": "#NUM!"} : ${NE('holidays holding a fraction, text, a logical value, an error or a date out of range')}
  ) : $distinct([$map($hs, function($v) { $v = null ? -1 : $v })])
)}`,
    doc: 'the holidays as distinct whole serials, a blank as -1 (internal)',
  },
  xlWorkdaysIn: {
    // Working days (mask "0") from $a to $b (a <= b) before holidays: whole weeks, then the days left.
    fn: `function($a, $b, $m) {(
  $n := $b - $a + 1; $full := $floor($n / 7); $rest := $n - $full * 7;
  $per := $count($filter([0..6], function($i) { $substring($m, $i, 1) = "0" }));
  $full * $per + ($rest > 0 ? $count($filter([0..$rest - 1], function($i) { $substring($m, ${DOW('$a + $i')}, 1) = "0" })) : 0)
)}`,
    doc: 'working days in a period, holidays aside (internal)',
  },
  xlNetworkdays: {
    // NETWORKDAYS.INTL (NETWORKDAYS with $w "0000011" and $intl false): the working days from start to end, both
    // counted, less the holidays on working days in the period; negative when start is after end; "1111111" 0
    // (the page: "Using 1111111 will always return 0"). Errors and undetermined cases in argument order.
    fn: `function($s0, $e0, $w, $hs, $intl) {(
  $s := $xlWdDate($s0, $intl, false); $e := $xlWdDate($e0, $intl, false);
  $m := $xlWeekendMask($w, false); $h := $xlHolidayList($hs, false);
  $type($s) = "object" ? $s : $type($e) = "object" ? $e : $type($m) = "object" ? $m : $type($h) = "object" ? $h : (
    $lo := $s < $e ? $s : $e; $hi := $s < $e ? $e : $s;
    $off := $count($filter($h, function($d) { $d >= $lo and $d <= $hi and $substring($m, ${DOW('$d')}, 1) = "0" }));
    $n := $xlWorkdaysIn($lo, $hi, $m) - $off;
    -1 in $h and $lo = 0 ? ${NE('a blank holiday where the period reaches serial 0')} : $s <= $e ? $n : -$n
  )
)}`,
    doc: 'NETWORKDAYS and NETWORKDAYS.INTL',
  },
  xlWdAdvance: {
    // The date $k working days (mask "0", $k not 0) after $d ($k < 0: before), holidays aside: whole weeks at
    // once, then day by day (at most 13 steps).
    fn: `function($d, $k, $m) {(
  $dir := $k > 0 ? 1 : -1; $a := $abs($k);
  $per := $count($filter([0..6], function($i) { $substring($m, $i, 1) = "0" }));
  $full := $floor(($a - 1) / $per);
  $walk := function($x, $l) {(
    $y := $x + $dir;
    $substring($m, ${DOW('$y')}, 1) = "0" ? ($l = 1 ? $y : $walk($y, $l - 1)) : $walk($y, $l)
  )};
  $walk($d + $dir * 7 * $full, $a - $full * $per)
)}`,
    doc: 'a date some working days on, holidays aside (internal)',
  },
  xlWorkday: {
    // WORKDAY.INTL (WORKDAY with $w "0000011"): start and days truncated (Microsoft's WORKDAY.INTL page),
    // 0 days the start itself; each holiday on a working day passed over adds one more day, until none is
    // met; a result outside 0..2958465 #NUM! ("If start_date plus day-offset yields an invalid date"). Days
    // that are not a number are not established; a blank holiday where the result reaches serial 0 neither.
    fn: `function($s0, $n0, $w, $hs) {(
  $s := $xlWdDate($s0, true, true);
  $n := $type($n0) = "number" ? ($n0 < 0 ? $ceil($n0) : $floor($n0)) : $type($n0) = "object" ? $n0 :
    ${NE('WORKDAY days given as text, a logical value or a blank')};
  $m := $xlWeekendMask($w, true); $h := $xlHolidayList($hs, true);
  $type($s) = "object" ? $s : $type($n) = "object" ? $n : $type($m) = "object" ? $m : $type($h) = "object" ? $h :
  $n = 0 ? $s : $abs($n) > 2958466 ? {"error": "#NUM!"} : (
    $dir := $n > 0 ? 1 : -1;
    $hw := $filter($h, function($d) { $d >= 0 and $substring($m, ${DOW('$d')}, 1) = "0" });
    $step := function($cur, $k) {(
      $next := $xlWdAdvance($cur, $k * $dir, $m);
      $c := $count($filter($hw, function($d) { $dir > 0 ? $d > $cur and $d <= $next : $d < $cur and $d >= $next }));
      $c = 0 ? $next : $step($next, $c)
    )};
    $r := $step($s, $abs($n));
    -1 in $h and $r <= 0 ? ${NE('a blank holiday where the result reaches serial 0')} :
    $r < 0 or $r > 2958465 ? {"error": "#NUM!"} : $r
  )
)}`,
    doc: 'WORKDAY and WORKDAY.INTL',
  },
};
