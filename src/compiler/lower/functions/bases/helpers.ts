/**
 * Library helpers: the base conversions DEC2BIN … HEX2OCT (entry.ts). A value in binary, octal
 * or hex is up to ten digits of the radix, the tenth the sign bit (two's complement: 2^10, 8^10 = 2^30,
 * 16^10 = 2^40); every value is an integer below 2^40, so doubles hold them exactly and `$formatBase`
 * writes them.
 */
import type { HelperSource } from '../../helpers/source.js';

export const BASES_HELPERS: Readonly<Record<string, HelperSource>> = {
  xlBaseIn: {
    // Why text of any case: Excel reads `a` as hex 10 (BASES.xlsx non-numeric!M5); a blank and "" read as 0
    // (C2, C3); a number is read from its General text (1010 is "1010", -1 is "-1": not a valid number).
    fn: `function($v, $b) {(
  $type($v) = "object" ? $v : $type($v) = "boolean" ? {"error": "#VALUE!"} : (
    $s := $uppercase($xlText($v));
    $digits := $substring("0123456789ABCDEF", 0, $b);
    $cs := $split($s, "");
    $length($s) > 10 or $count($cs[$not($contains($digits, $))]) > 0 ? {"error": "#NUM!"} : (
      $n := $reduce($cs, function($a, $c) { $a * $b + $length($substringBefore($digits, $c)) }, 0);
      $m := $power($b, 10);
      $length($s) = 10 and $n >= $m / 2 ? $n - $m : $n
    )
  )
)}`,
    doc: "BIN2DEC / OCT2DEC / HEX2DEC: up to ten digits of the radix (two's complement) to a number, else #NUM!",
  },
  xlDecNum: {
    fn: `function($v) { $type($v) = "boolean" ? {"error": "#VALUE!"} : $xlNum($v) }`,
    // Why: a boolean read from a cell is #VALUE! (NUMBER_SYSTEMS.xlsx Decimal!C25 DEC2BIN(TRUE), E25 DEC2HEX,
    // G25 DEC2OCT); the lowering refuses one typed or computed (not established).
    doc: 'DEC2BIN/OCT/HEX: the number read as arithmetic reads it, a boolean #VALUE! (internal)',
  },
  xlPlaces: {
    fn: `function($p) {(
  $n := $type($p) = "boolean" ? {"error": "#VALUE!"} : $xlNum($p);
  $xlIsErr($n) ? $n : (
    $t := $n < 0 ? $ceil($n) : $floor($n);
    $t < 1 or $t > 10 ? {"error": "#NUM!"} : $t
  )
)}`,
    doc: 'the places argument truncated, 1 to 10, else #NUM! (internal)',
  },
  xlToBase: {
    // Why places first: Excel checks places before reading the number (BASES.xlsx places!G38:
    // DEC2BIN("E",0) is #NUM!, G39 DEC2BIN("E",1) #VALUE!); an error passed in the number comes first.
    // The number is truncated toward zero before the range is checked (NUMBER_SYSTEMS.xlsx Decimal!C12
    // DEC2BIN(511.2) and C13 DEC2BIN(511.9) are "111111111", C17 DEC2BIN(-512.8) "1000000000", E17
    // DEC2HEX(-512.8) "FFFFFFFE00"); a negative is its ten-character two's complement, places validated and
    // then ignored (places!G27, G37).
    fn: `function($v, $from, $to, $p, $hasP) {(
  $type($v) = "object" ? $v : (
    $q := $hasP ? $xlPlaces($p) : 0;
    $xlIsErr($q) ? $q : (
      $n := $from = 10 ? $xlDecNum($v) : $xlBaseIn($v, $from);
      $m := $power($to, 10);
      $t := $xlIsErr($n) ? $n : $n < 0 ? $ceil($n) : $floor($n);
      $xlIsErr($t) ? $t : $t < 0 - $m / 2 or $t > $m / 2 - 1 ? {"error": "#NUM!"} : (
        $t < 0 ? $uppercase($formatBase($t + $m, $to)) : (
          $d := $uppercase($formatBase($t, $to));
          $not($hasP) ? $d : $length($d) > $q ? {"error": "#NUM!"} : $pad($d, 0 - $q, "0")
        )
      )
    )
  )
)}`,
    doc: 'DEC2BIN … HEX2OCT: a number (radix 10) or digits to the digits of another radix, with places',
  },
};
