/** Starts `sheetspec serve --http --port 0` as a child and reads the URL it prints. */
import { type ChildProcess, spawn } from 'node:child_process';

export function spawnHttpServer(
  command: string,
  args: string[],
  timeoutMs = 30_000,
): Promise<{ child: ChildProcess; url: string; port: number }> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  return new Promise((resolve, reject) => {
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start: ${stderr}`));
    }, timeoutMs);
    child.stderr!.on('data', (b: Buffer) => {
      stderr += b.toString('utf8');
      const m = /MCP server on (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        child.stderr!.removeAllListeners('data');
        child.stderr!.resume();
        resolve({ child, url: m[1]!, port: Number(m[2]) });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}): ${stderr}`));
    });
  });
}
