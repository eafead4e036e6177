/**
 * The batch progress bar (cli-progress) on stderr: files done/total, elapsed, ETA and the file most recently
 * started. Shown only when it helps a person watching: stderr is a TTY, `--quiet` is off and `CI` is unset
 * (CI logs are not terminals that redraw, and a bar there is noise). Lines logged while it runs go above it.
 * The bar uses no colour, so `NO_COLOR` needs nothing more. cli-progress is loaded only when a bar is shown: the
 * one-file `convert` loads this module too, and has no bar.
 */
import { createRequire } from 'node:module';
import type cliProgressTypes from 'cli-progress';

export interface ProgressOptions {
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  quiet: boolean;
  env: NodeJS.ProcessEnv;
}

/** Reports progress; `log` writes a line to stderr without breaking the bar. */
export interface Progress {
  start(total: number): void;
  started(file: string): void;
  finished(): void;
  log(line: string): void;
  stop(): void;
}

export function progressEnabled(o: ProgressOptions): boolean {
  return o.stream.isTTY === true && !o.quiet && !o.env.CI;
}

export function createProgress(o: ProgressOptions): Progress {
  if (!progressEnabled(o)) {
    return {
      start() {},
      started() {},
      finished() {},
      log: (line) => void o.stream.write(line.endsWith('\n') ? line : line + '\n'),
      stop() {},
    };
  }
  const cliProgress = createRequire(import.meta.url)('cli-progress') as typeof cliProgressTypes;
  const multi = new cliProgress.MultiBar(
    {
      stream: o.stream,
      format: ' {bar} {value}/{total} files | {duration_formatted} elapsed | ETA {eta_formatted} | {file}',
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  let bar: cliProgressTypes.SingleBar | undefined;
  return {
    start(total) {
      bar = multi.create(total, 0, { file: '' });
    },
    started(file) {
      bar?.update({ file });
    },
    finished() {
      bar?.increment();
    },
    log(line) {
      multi.log(line.endsWith('\n') ? line : line + '\n');
    },
    stop() {
      multi.stop();
    },
  };
}
