/**
 * The worker's side of `startWorker`: one channel to the parent, whichever kind started it (a thread's
 * `parentPort`, a child process's IPC). `send` resolves once the message is handed over, so a child process
 * may exit right after without losing it.
 */
import { parentPort, workerData } from 'node:worker_threads';

/** What the worker was started with (`StartOptions.data`): a thread's `workerData`, a process's argument. */
export function workerInput(): unknown {
  if (parentPort) return workerData;
  const arg = process.argv[2];
  return arg === undefined ? undefined : JSON.parse(arg);
}

export interface ParentChannel {
  send(message: unknown, transfer?: ArrayBuffer[]): Promise<void>;
  onMessage(listener: (message: unknown) => void): void;
}

/** The channel to the parent; throws when this code is not running in a worker or a forked child. */
export function parentChannel(): ParentChannel {
  const port = parentPort;
  if (port) {
    return {
      send: async (message, transfer) => port.postMessage(message, transfer),
      onMessage: (listener) => void port.on('message', listener),
    };
  }
  const send = process.send?.bind(process);
  if (!send) throw new Error('not running in a worker thread or a forked child process');
  return {
    send: (message) => new Promise((resolve) => send(message, undefined, undefined, () => resolve())),
    onMessage: (listener) => void process.on('message', listener),
  };
}
