import { describe, expect, it } from 'vitest';
import { simulatedReply } from '../../electron/simulator/index.ts';
import {
  countTokens,
  streamPieces,
  truncateToTokens,
  simulatedThinking,
} from '../../electron/simulator/replies.ts';

describe('simulatedReply', () => {
  it('quotes the prompt and names the model and turn', () => {
    expect(simulatedReply('hello   there\n', 'gemini-2.5-flash', 2)).toBe(
      'Reply 2 from gemini-2.5-flash: you said "hello there".',
    );
  });

  it('is deterministic', () => {
    expect(simulatedReply('same', 'gpt-4.1', 1)).toBe(simulatedReply('same', 'gpt-4.1', 1));
  });

  it('shortens a long prompt in the quote', () => {
    const reply = simulatedReply('x'.repeat(200), 'gpt-4.1', 1);
    expect(reply).toContain('…');
    expect(reply.length).toBeLessThan(140);
  });

  it('appends a Markdown table, list and ts code block when asked for markdown', () => {
    const reply = simulatedReply('show me some Markdown please', 'claude-haiku-4-5', 1);
    expect(reply).toContain('| --- | --- |');
    expect(reply).toMatch(/^- first item$/m);
    expect(reply).toContain('```ts\n');
  });

  it('writes about 400 words when asked for something long', () => {
    const words = countTokens(simulatedReply('a long answer', 'gpt-5-mini', 1));
    expect(words).toBeGreaterThan(380);
    expect(words).toBeLessThan(450);
  });

  it('does not react to the words inside other words', () => {
    expect(simulatedReply('longer markdowns', 'gpt-5-mini', 1)).not.toContain('\n');
  });

  it('has a thought summary that quotes the prompt too', () => {
    expect(simulatedThinking('why', 3)).toContain('"why" on turn 3');
  });
});

describe('tokens', () => {
  it('counts words', () => {
    expect(countTokens('  one two\nthree  ')).toBe(3);
    expect(countTokens('')).toBe(0);
  });

  it('truncates after the limit, keeping the spacing before the cut', () => {
    expect(truncateToTokens('a  b c d', 2)).toEqual({ text: 'a  b', truncated: true });
    expect(truncateToTokens('a b', 2)).toEqual({ text: 'a b', truncated: false });
    expect(truncateToTokens('a b', undefined)).toEqual({ text: 'a b', truncated: false });
  });

  it('splits into one piece per token that joins back to the text', () => {
    const text = 'Reply 1 from x:\n\n| a |  b';
    const pieces = streamPieces(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces).toHaveLength(countTokens(text));
    expect(streamPieces('')).toEqual([]);
  });
});
