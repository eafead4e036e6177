import jsonata from '/work/main/node_modules/jsonata/jsonata.js';
import { TRANSCENDENTAL_HELPERS as H } from '/work/wt-fin/src/compiler/lower/helpers/transcendental.js';
const libE = `( $xlExpCore := ${H.xlExpCore.fn}; $.($xlExpCore($)) )`;
for (const x of [0.1, 0.5, 1, 2, -1, 10]) console.log(x, await jsonata(libE).evaluate([x]), Math.exp(x));
