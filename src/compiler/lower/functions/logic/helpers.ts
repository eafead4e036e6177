/** Library helpers: IF, NOT, AND, OR and the comparison operators. */
import type { HelperSource } from '../../helpers/source.js';

export const LOGIC_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlIf: {
    fn: `function($c, $t, $f) {( $b := $xlBool($c); $xlIsErr($b) ? $b : $b ? $t : $f )}`,
    doc: 'IF with Excel condition coercion',
  },
  xlNot: {
    fn: `function($v) {( $b := $xlBool($v); $xlIsErr($b) ? $b : $not($b) )}`,
    doc: 'NOT',
  },
  xlRefBools: {
    fn: `function($l) { $map($l[$type($) = "boolean" or $type($) = "number" or $type($) = "object"], function($v) { $type($v) = "number" ? $v != 0 : $v }) }`,
    doc: 'the logical values of a reference: booleans, numbers as non-zero, errors; text and blanks dropped',
  },
  xlLogicalArg: {
    fn: `function($v) { $v = "" ? $xlNE("AND, OR or XOR given a computed \\"\\"") : $xlBool($v) }`,
    doc: 'a computed argument of AND/OR/XOR: "" not established, otherwise its logical value',
  },
  xlAnd: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? {"error": "#VALUE!"} : $not(false in $l) )}`,
    doc: 'AND over a list of logical values (#VALUE! when empty)',
  },
  xlOr: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? {"error": "#VALUE!"} : true in $l )}`,
    doc: 'OR over a list of logical values (#VALUE! when empty)',
  },
  xlXor: {
    fn: `function($l) {( $e := $l[$type($) = "object"][0]; $exists($e) ? $e : $count($l) = 0 ? {"error": "#VALUE!"} : $count($l[$ = true]) % 2 = 1 )}`,
    doc: 'XOR over a list of logical values: an odd count of TRUE (#VALUE! when empty)',
  },
  xlCompare: {
    // Blank takes the other side's type (0, "", FALSE); types order numbers < text < booleans; text compares
    // case-insensitively (lower-cased, then UTF-16 code units); numbers at 15 significant digits.
    fn: `function($a, $b, $op) {
  $type($a) = "number" and $type($b) = "number" ? (
    $p := $xlR15($a); $q := $xlR15($b);
    $op = "=" ? $p = $q : $op = "<>" ? $p != $q : $op = "<" ? $p < $q : $op = "<=" ? $p <= $q : $op = ">" ? $p > $q : $p >= $q
  ) :
  $xlIsErr($a) ? $a : $xlIsErr($b) ? $b : (
    $ta := $type($a) = "null" or $not($exists($a)) ? "blank" : $type($a);
    $tb := $type($b) = "null" or $not($exists($b)) ? "blank" : $type($b);
    $zero := function($t) { $t = "string" ? "" : $t = "boolean" ? false : 0 };
    $x := $ta = "blank" ? $zero($tb) : $a;
    $y := $tb = "blank" ? $zero($ta) : $b;
    $rank := function($v) { $type($v) = "number" ? 0 : $type($v) = "string" ? 1 : 2 };
    $c := $rank($x) != $rank($y) ? ($rank($x) < $rank($y) ? -1 : 1) :
      $type($x) = "number" ? ( $p := $xlR15($x); $q := $xlR15($y); $p = $q ? 0 : $p < $q ? -1 : 1 ) :
      $type($x) = "string" ? ($lowercase($x) = $lowercase($y) ? 0 : $lowercase($x) < $lowercase($y) ? -1 : 1) :
      ($x = $y ? 0 : $x ? 1 : -1);
    $op = "=" ? $c = 0 : $op = "<>" ? $c != 0 : $op = "<" ? $c < 0 : $op = "<=" ? $c <= 0 : $op = ">" ? $c > 0 : $c >= 0
  )
}`,
    doc: 'comparison operators with Excel typing, case-insensitive text and 15-digit numbers',
  },
};
