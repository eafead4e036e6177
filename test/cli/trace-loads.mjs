// A module hook for test/cli/startup.full.test.ts: prints every module the process resolves, one
// `LOAD <thread> <url>` a line on stderr (`main`, or `worker<threadId>` for a worker thread, which runs this
// file too: workers inherit `--import`), so a test can see which packages each thread of a command loaded.
// ES modules are seen by a resolve hook; CommonJS ones (`require`, `createRequire`: the oracle loads
// HyperFormula so) by wrapping the CommonJS compiler, which runs once per file actually loaded.
import { writeSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread, threadId } from 'node:worker_threads';

const thread = isMainThread ? 'main' : `worker${threadId}`;
const hook = `let thread = '?';
export function initialize(data) { thread = data.thread; }
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  process.stderr.write('LOAD ' + thread + ' ' + r.url + '\\n');
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, { data: { thread } });

const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename, ...rest) {
  // Written at once to fd 2: a worker's process.stderr reaches the parent asynchronously, and a worker ended
  // right after its job (as the conversion's is) could lose the last lines.
  writeSync(2, `LOAD ${thread} ${pathToFileURL(filename).href}\n`);
  return compile.call(this, content, filename, ...rest);
};
