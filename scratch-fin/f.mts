import { translateFormula } from '/work/wt-fin/src/compiler/formula-command.js';
const cases: [string, Record<string, unknown>][] = [['=LN(A1)', { A1: 10 }], ['=EXP(A1)', { A1: 1 }], ['=LOG(A1)', { A1: 1000 }], ['=LOG(A1,B1)', { A1: 10, B1: 1 }], ['=LOG10(A1)', { A1: 0.004 }], ['=LN(A1)', { A1: null }], ['=EXP(A1)', { A1: 710 }], ['=EXP(A1)', { A1: -800 }], ['=LOG(A1,)', { A1: 3 }], ['=A1^0.5', {A1: 2}]];
for (const [f, cells] of cases) { const r = await translateFormula(f, cells as any, {}); console.log(f, JSON.stringify(cells), JSON.stringify('error' in r ? r.error : r.value)); }
