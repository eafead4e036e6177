// A module hook for test/cli/startup.test.ts: prints every module the process resolves, one `LOAD <url>` a line
// on stderr, so a test can see which packages a command loaded.
import { register } from 'node:module';

const hook = `export async function resolve(specifier, context, next) {
  const r = await next(specifier, context);
  process.stderr.write('LOAD ' + r.url + '\\n');
  return r;
}`;
register(`data:text/javascript,${encodeURIComponent(hook)}`);
