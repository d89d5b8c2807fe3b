import { describe, expect, it } from 'vitest';
import { createBlockSplitter, GROUP_SIZE } from '../../renderer/components/markdown-blocks.ts';
import { splitBlocks } from './split-blocks.ts';

describe('splitBlocks', () => {
  it('splits at blank lines and drops them', () => {
    expect(splitBlocks('one\ntwo\n\nthree\n\n\nfour')).toEqual(['one\ntwo', 'three', 'four']);
    expect(splitBlocks('')).toEqual([]);
    expect(splitBlocks('\n\n  \n')).toEqual([]);
    expect(splitBlocks('a\n\n')).toEqual(['a']);
  });

  it('keeps a fenced code block with blank lines inside as one block', () => {
    const code = '```ts\nconst a = 1;\n\n\nconst b = 2;\n```';
    expect(splitBlocks(`intro\n\n${code}\n\nafter`)).toEqual(['intro', code, 'after']);
    const tilde = '~~~~\nx\n\n~~~\nstill code\n~~~~';
    expect(splitBlocks(`${tilde}\n\nafter`)).toEqual([tilde, 'after']);
  });

  it('closes a fence only with the same marker, at least as long', () => {
    const code = '````\na\n\n```\n\nb\n````';
    expect(splitBlocks(`${code}\n\nc`)).toEqual([code, 'c']);
    const mixed = '```\na\n\n~~~\n\nb\n```';
    expect(splitBlocks(mixed)).toEqual([mixed]);
  });

  it('an unclosed fence runs to the end as one block', () => {
    expect(splitBlocks('p\n\n```\ncode\n\nmore code')).toEqual(['p', '```\ncode\n\nmore code']);
  });

  it('a backtick line with a backtick in its info string is not a fence', () => {
    expect(splitBlocks('``` a`b\n\nnext')).toEqual(['``` a`b', 'next']);
  });

  it('keeps tables and tight lists whole', () => {
    const table = '| a | b |\n|---|---|\n| 1 | 2 |';
    const list = '- one\n- two\n  - nested';
    expect(splitBlocks(`${table}\n\n${list}`)).toEqual([table, list]);
  });
});

describe('createBlockSplitter (incremental)', () => {
  const text = [
    'Intro paragraph',
    '```js\nlet x = 1;\n\nx++;\n```',
    '| a | b |\n|---|---|\n| 1 | 2 |',
    ...Array.from({ length: 80 }, (_, i) => `para ${i} with words`),
  ].join('\n\n');

  it('gives the same blocks fed piece by piece as the whole text at once', () => {
    const s = createBlockSplitter();
    for (let i = 1; i <= text.length; i += 7) {
      const last = s.update(text.slice(0, i));
      const all = [...last.groups.flat(), ...(last.tail.trim() ? [last.tail] : [])];
      expect(all.join('\n\n')).toBe(splitBlocks(text.slice(0, i)).join('\n\n'));
    }
    const last = s.update(text);
    expect([...last.groups.flat(), last.tail]).toEqual(splitBlocks(text));
  });

  it('keeps full groups identical across updates, only the newest group changes', () => {
    const s = createBlockSplitter();
    const a = s.update(text.slice(0, text.length - 40));
    const b = s.update(text);
    expect(a.groups.length).toBeGreaterThan(1);
    for (let i = 0; i < a.groups.length - 1; i++) {
      expect(a.groups[i]!.length).toBe(GROUP_SIZE);
      expect(b.groups[i]).toBe(a.groups[i]);
    }
  });

  it('the growing tail is the unfinished last block', () => {
    const s = createBlockSplitter();
    expect(s.update('done\n\nwor').tail).toBe('wor');
    expect(s.update('done\n\nwords\nmore').tail).toBe('words\nmore');
    expect(s.update('done\n\nwords\nmore\n\n').tail).toBe('');
    expect(s.update('done\n\nwords\nmore\n\n').groups.flat()).toEqual(['done', 'words\nmore']);
  });

  it('starts over when the text is replaced rather than extended', () => {
    const s = createBlockSplitter();
    s.update('first\n\nsecond\n\n');
    const b = s.update('other\n\nthing');
    expect(b.groups.flat()).toEqual(['other']);
    expect(b.tail).toBe('thing');
  });
});
