// A module hook for test/cli/startup.test.ts: prints every module the process resolves, one
// `LOAD <thread> <url>` a line on stderr (`main`, or `worker<threadId>` for a worker thread, which runs this
// file too: workers inherit `--import`), so a test can see which packages each thread of a command loaded.
import { register } from 'node:module';
import { isMainThread, threadId } from 'node:worker_threads';

const hook = `let thread = '?';
export function initialize(data) { thread = data.thread; }
export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  process.stderr.write('LOAD ' + thread + ' ' + r.url + '\\n');
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`, {
  data: { thread: isMainThread ? 'main' : `worker${threadId}` },
});
