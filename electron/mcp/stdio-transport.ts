// The stdio transport of the MCP client, written here rather than taken from the SDK because the SDK's
// passes the host's HOME, USER, SHELL and TERM on to every server: a server's environment must hold only
// what its entry in mcp.json names, plus PATH so that a command such as `npx` or `uvx` can be found.
import { spawn, type ChildProcess } from 'node:child_process';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
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

export class IsolatedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;
  readonly #entry: McpStdioEntry;
  readonly #stderr: TailBuffer;
  readonly #readBuffer = new ReadBuffer();
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
          this.#readBuffer.append(chunk);
          for (let m = this.#readBuffer.readMessage(); m !== null; m = this.#readBuffer.readMessage()) {
            this.onmessage?.(m);
          }
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
    this.#readBuffer.clear();
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
