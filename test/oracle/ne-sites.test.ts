/**
 * The oracle beside the lowering's not-established sites (test/lower/ne-sites.test.ts): where the lowering
 * answers the not-established value the oracle is undetermined (`#ERROR!`), and the established neighbours
 * give Excel's saved answers (the cells are named there).
 */
import { describeOracleCases, err, type OracleCase, UNKNOWN } from './oracle-cases.js';

const VALUE = err('#VALUE!');

const UNSEEN_FORMS = [
  '10/32',
  'Feb-2010',
  '18 Feb 2010',
  '22 August 98',
  '12/2008',
  '1-1-2008',
  'Dec 2',
  '2/30/2024',
  '24:00',
  '6:45 pm',
];

const CASES: OracleCase[] = [
  ['=QUOTIENT(A1,1)', [true], VALUE],
  ['=MROUND(A1,2)', [true], VALUE],
  ['=QUOTIENT(TRUE,1)', [], UNKNOWN],
  ['=QUOTIENT(5,TRUE)', [], UNKNOWN],
  ['=MROUND(TRUE,2)', [], UNKNOWN],
  ['=QUOTIENT(A1>0,1)', [3], UNKNOWN],
  ['=CEILING.MATH(-7.1,1,TRUE)', [], -8],
  ['=FLOOR.MATH(5,1,"one")', [], VALUE],
  ['=CEILING.MATH(-7.1,1,"1")', [], UNKNOWN],
  ['=CEILING.MATH(-7.1,1,A1)', ['1'], UNKNOWN],
  ['=FLOOR.MATH(-7.1,1,A1)', [true], UNKNOWN],
  ['=FLOOR.MATH(-7.1,1,A1)', ['one'], UNKNOWN],
  ['=CEILING.MATH(-7.1,1,A1)', [null], UNKNOWN],
  ['=CEILING.MATH(-7.1,1,A1)', [1], -8],
  ['=CEILING.MATH(TRUE,1)', [], UNKNOWN],
  ['=CEILING.MATH(A1,1)', [true], 1],
  ['=MOD(1E10,3)', [], 1],
  ['=MOD(1E11,1)', [], UNKNOWN],
  ['=MOD(A1,3)', [1e12], UNKNOWN],
  ['=VALUE(A1)', [true], VALUE],
  ['=VALUE(A1)', [null], 0],
  ['=VALUE(TRUE)', [], UNKNOWN],
  ['=VALUE(A1>0)', [1], UNKNOWN],
  ['=DATEVALUE("hello")', [], VALUE],
  ['=VALUE(A1)', ['qwerty'], VALUE],
  ['=A1+1', ['abc'], VALUE],
  ['=A1+0', ['7/5/1800'], VALUE],
  ['=A1+0', [' 2024-01-10 '], VALUE],
  ...UNSEEN_FORMS.flatMap((t): OracleCase[] => [
    ['=VALUE(A1)', [t], UNKNOWN],
    ['=A1+1', [t], UNKNOWN],
  ]),
  ['=DATEVALUE("10/32")', [], UNKNOWN],
  ['=DATEVALUE("18 Feb 2010")', [], UNKNOWN],
  ['=DATEVALUE("6:00")', [], UNKNOWN],
  ['=DATEVALUE(" 2024-01-10")', [], UNKNOWN],
  ['=A1+1', ['1,00'], UNKNOWN],
  ['=A1+1', ['-5€'], UNKNOWN],
  ['=TEXT(A1,"0.00")', ['10/32'], UNKNOWN],
  ['=TEXT(A1,"0.00")', ['abc'], 'abc'],
  ['=A1+1', ['F100'], VALUE],
  ['=A1+1', ['12abc'], VALUE],
  ['=SIGN(A1)', ['--8'], VALUE],
  ['=COUNTIF(B1:C1,1)', [null, 1, '$5'], UNKNOWN],
  ['=COUNTIF(B1:C1,"<>1")', [null, 1, '$5'], UNKNOWN],
  ['=COUNTIF(B1:C1,">0")', [null, 1, '$5'], UNKNOWN],
  ['=COUNTIF(B1:C1,"<>23")', [null, 23, '23'], 1],
  ['=COUNTIF(B1:C1,">1")', [null, 23, '23'], 1],
  ['=COUNTIF(B1:C1,0)', [null, '#DIV/0!', 'x'], 0],
  ['=COUNTIF(B1:C1,A1)', ['6000 miete', '6000 Miete', 6000], 1],
  ['=COUNTIF(B1:C1,A1)', ['$5', 1, '$5'], UNKNOWN],
  ['=COUNTIF(B1:C1,A1)', ['x', 1, 'x'], 1],
  ['=COUNTIF(B1:C1,"<>x")', [null, 1, 'x'], 1],
];

describeOracleCases('the oracle at the not-established sites', CASES);
