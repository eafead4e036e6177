/**
 * `sheetspec serve [--http] [--host H] [--port P] [--token-file F]`: the MCP server. On stdio (the default)
 * stdout carries protocol messages only and the command ends when stdin closes; with --http it serves
 * stateless Streamable HTTP on http://H:P/mcp (and GET /healthz) until SIGINT/SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { type Command, CommanderError } from 'commander';
import { runStdioServer, startHttpServer } from '../../mcp/index.js';

interface ServeOptions {
  http?: boolean;
  host: string;
  port: string;
  tokenFile?: string;
}

function usage(message: string): never {
  process.stderr.write(`sheetspec: ${message}\n`);
  throw new CommanderError(2, 'sheetspec.serve', message);
}

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the MCP server (stdio by default; --http for Streamable HTTP)')
    .option('--http', 'serve Streamable HTTP instead of stdio')
    .option('--host <host>', 'interface to bind with --http (loopback by default)', '127.0.0.1')
    .option('--port <port>', 'port with --http', '8808')
    .option(
      '--token-file <file>',
      'with --http, require "Authorization: Bearer <token>" (token read from file)',
    )
    .action(async (opts: ServeOptions) => {
      if (!opts.http) {
        if (opts.tokenFile !== undefined) usage('--token-file applies to --http only');
        await runStdioServer();
        return;
      }
      const port = Number(opts.port);
      if (!Number.isInteger(port) || port < 0 || port > 65535)
        usage(`--port must be 0..65535, got ${opts.port}`);
      let token: string | undefined;
      if (opts.tokenFile !== undefined) {
        try {
          token = readFileSync(opts.tokenFile, 'utf8').trim();
        } catch (e) {
          usage(`cannot read --token-file: ${e instanceof Error ? e.message : String(e)}`);
        }
        if (!token) usage('--token-file is empty');
      }
      const running = await startHttpServer({ host: opts.host, port, token });
      process.stderr.write(
        `sheetspec: MCP server on ${running.url}${token ? ' (bearer token required)' : ''}\n`,
      );
      if (!['127.0.0.1', 'localhost', '::1'].includes(opts.host)) {
        process.stderr.write('sheetspec: warning: bound to a non-loopback interface; use --token-file\n');
      }
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off('SIGINT', stop);
          process.off('SIGTERM', stop);
          void running.close().then(resolve);
        };
        process.on('SIGINT', stop);
        process.on('SIGTERM', stop);
      });
    });
}
