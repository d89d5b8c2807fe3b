// The stdio transport of the MCP client, written here rather than taken from the SDK because the SDK's
// passes the host's HOME, USER, SHELL and TERM on to every server: a server's environment must hold only
// what its entry in mcp.json names, plus PATH so that a command such as `npx` or `uvx` can be found.
import { spawn, type ChildProcess } from 'node:child_process';
import {
  deserializeMessage,
  serializeMessage,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
} from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { McpStdioEntry } from '../../shared/mcp.ts';

/** The environment a server starts with: PATH, then exactly what its entry names. */
export function serverEnvironment(
  entry: McpStdioEntry,
  hostPath: string | undefined = process.env['PATH'],
): Record<string, string> {
  return { ...(hostPath === undefined ? {} : { PATH: hostPath }), ...(entry.env ?? {}) };
}

/** Keeps the last `max` characters written to standard error, in one pass per chunk. */
export class TailBuffer {
  #text = '';
  readonly #max: number;
  constructor(max: number) {
    this.#max = max;
  }
  push(chunk: string): void {
    this.#text =
      (this.#text.length + chunk.length > this.#max * 2 ? this.#text.slice(-this.#max) : this.#text) + chunk;
  }
  get text(): string {
    return this.#text.slice(-this.#max);
  }
}

/**
 * Splits a server's output into lines, looking for the line end only in each new chunk and joining a
 * line's chunks once: linear. (The SDK's ReadBuffer joins the whole buffer again and searches it from its
 * start on every chunk, so a large result, sent in 64 KiB chunks, held the host's loop for 50-100 ms.)
 */
export class LineReader {
  #chunks: Buffer[] = [];
  #size = 0;
  readonly #max: number;
  constructor(max = STDIO_DEFAULT_MAX_BUFFER_SIZE) {
    this.#max = max;
  }
  /** the whole lines `chunk` ends; throws past `max` bytes without a line end */
  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let from = 0;
    for (let end = chunk.indexOf(0x0a); end !== -1; end = chunk.indexOf(0x0a, from)) {
      this.#chunks.push(chunk.subarray(from, end));
      lines.push(Buffer.concat(this.#chunks).toString('utf8').replace(/\r$/, ''));
      this.#chunks = [];
      this.#size = 0;
      from = end + 1;
    }
    if (from < chunk.length) {
      this.#size += chunk.length - from;
      if (this.#size > this.#max) {
        this.clear();
        throw new Error(`the server wrote more than ${this.#max} bytes without a line end`);
      }
      this.#chunks.push(chunk.subarray(from));
    }
    return lines;
  }
  clear(): void {
    this.#chunks = [];
    this.#size = 0;
  }
}

export class IsolatedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  readonly #entry: McpStdioEntry;
  readonly #stderr: TailBuffer;
  readonly #lines = new LineReader();
  #process: ChildProcess | undefined;

  constructor(entry: McpStdioEntry, stderr: TailBuffer) {
    this.#entry = entry;
    this.#stderr = stderr;
  }

  get pid(): number | undefined {
    return this.#process?.pid;
  }

  start(): Promise<void> {
    if (this.#process) return Promise.reject(new Error('The server is already started.'));
    return new Promise((resolve, reject) => {
      const child = spawn(this.#entry.command, this.#entry.args ?? [], {
        env: serverEnvironment(this.#entry),
        stdio: ['pipe', 'pipe', 'pipe'],
        shell: false,
        windowsHide: true,
      });
      this.#process = child;
      child.on('error', (error) => {
        reject(error);
        this.onerror?.(error);
      });
      child.on('spawn', () => resolve());
      child.on('close', () => {
        this.#process = undefined;
        this.onclose?.();
      });
      child.stdin?.on('error', (error) => this.onerror?.(error));
      child.stdout?.on('data', (chunk: Buffer) => {
        try {
          for (const line of this.#lines.push(chunk)) this.onmessage?.(deserializeMessage(line));
        } catch (error) {
          // a line that is not JSON-RPC, or more than the buffer's cap without a line end: a broken server
          this.onerror?.(error as Error);
          void this.close();
        }
      });
      child.stderr?.setEncoding('utf8');
      child.stderr?.on('data', (chunk: string) => this.#stderr.push(chunk));
    });
  }

  async close(): Promise<void> {
    const child = this.#process;
    this.#process = undefined;
    this.#lines.clear();
    if (!child || child.exitCode !== null) return;
    const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
    const within = (ms: number) =>
      Promise.race([closed, new Promise<void>((resolve) => setTimeout(resolve, ms).unref())]);
    child.stdin?.end();
    await within(1_000);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await within(1_000);
    }
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#process?.stdin;
    if (!stdin) return Promise.reject(new Error('The server is not running.'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', () => resolve());
    });
  }
}
