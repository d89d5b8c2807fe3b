import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../electron/core/index.ts';
import type { CliIO } from '../../electron/cli/io.ts';
import { createTerminal } from '../../electron/cli/terminal.ts';

function fakeIO(tty: boolean) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: { write: (t) => void out.push(t), isTTY: tty },
    stderr: { write: (t) => void err.push(t), isTTY: tty },
    env: {},
    readStdin: async () => '',
    onSignal: () => () => undefined,
  };
  return { io, out, err };
}

describe('terminal output', () => {
  it('shows a spinner with elapsed seconds only on a terminal, and clears it before other output', () => {
    const tty = fakeIO(true);
    const term = createTerminal(tty.io, (t) => t);
    const spinner = term.spinner('thinking');
    expect(tty.err.join('')).toMatch(/^\r\S thinking \d+\.\ds$/);
    term.out('answer');
    expect(tty.err.at(-1)).toBe('\r\x1b[K');
    spinner.stop(); // already cleared: nothing more is written
    expect(tty.err.filter((e) => e === '\r\x1b[K')).toHaveLength(1);
    expect(term.dim('x')).toBe('\x1b[2mx\x1b[22m');

    const pipe = fakeIO(false);
    const plain = createTerminal(pipe.io, (t) => t);
    plain.spinner('thinking').stop();
    expect(pipe.err).toEqual([]);
    expect(plain.dim('x')).toBe('x');
  });

  it('redacts every line it prints', () => {
    const { io, out, err } = fakeIO(false);
    const term = createTerminal(io, createRedactor(['sk-secret-value-1234']));
    term.out('key sk-secret-value-1234\n');
    term.err('again sk-secret-value-1234\n');
    expect([...out, ...err].join('')).not.toContain('sk-secret');
    expect(out.join('')).toBe('key ••••1234\n');
  });
});
