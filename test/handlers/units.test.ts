// Pure pieces of the core: the log redaction, link and title rules, the doctor's helpers.
import { describe, expect, it } from 'vitest';
import {
  checksToMarkdown,
  modelListShapeProblem,
  pickImageModel,
  pickTextModel,
} from '../../electron/doctor/index.ts';
import { titleFrom } from '../../electron/handlers/conversation-view.ts';
import { fileSlug } from '../../electron/handlers/export-markdown.ts';
import { suggestedImageName } from '../../electron/handlers/images.ts';
import { safeExternalUrl } from '../../electron/handlers/links.ts';
import { createLogger } from '../../electron/handlers/logger.ts';
import { CANARY } from './harness.ts';

describe('logger', () => {
  it('never logs a key it has handled, in any encoding', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    log.remember(CANARY);
    log.error(
      `request to https://x.test/?key=${encodeURIComponent(CANARY)} failed`,
      new Error(`bad ${CANARY}`),
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(CANARY);
    expect(lines[0]).toContain(`••••${CANARY.slice(-4)}`);
  });
});

describe('small rules', () => {
  it('allows only http(s) links', () => {
    expect(safeExternalUrl('https://a.test/x')).toBe('https://a.test/x');
    expect(safeExternalUrl('HTTP://A.test')).toBe('http://a.test/');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('//a.test')).toBeNull();
    expect(safeExternalUrl('file:///etc/passwd')).toBeNull();
  });

  it('titles and file names', () => {
    expect(titleFrom('  short\n title ')).toBe('short title');
    expect(titleFrom('   ')).toBe('New conversation');
    expect(titleFrom('x'.repeat(100))).toBe(`${'x'.repeat(60)}…`);
    expect(fileSlug('Crème brûlée: a recipe?!', 'f')).toBe('creme-brulee-a-recipe');
    expect(fileSlug('***', 'fallback')).toBe('fallback');
    expect(suggestedImageName('A fox / in the snow', 2, 'jpeg')).toBe('quartet-a-fox-in-the-snow-2.jpg');
  });
});

describe('doctor helpers', () => {
  it('checks the model list shape the spec promises', () => {
    expect(modelListShapeProblem('{"data":[{"id":"a","object":"model"}]}')).toBeNull();
    expect(modelListShapeProblem('{"data":[{"id":"a","object":"engine"}]}')).toMatch(/object is "engine"/);
    expect(modelListShapeProblem('{"models":[]}')).toMatch(/no data array/);
    expect(modelListShapeProblem('<html>')).toMatch(/not JSON/);
  });

  it('picks a model that suits each format', () => {
    const models = ['gpt-image-1', 'text-embedding-3', 'claude-x', 'gemini-y', 'gpt-z'].map((id) => ({ id }));
    expect(pickTextModel(models, 'chat')).toEqual({ id: 'gpt-z', listed: true });
    expect(pickTextModel(models, 'messages')).toEqual({ id: 'claude-x', listed: true });
    expect(pickTextModel(models, 'generate')).toEqual({ id: 'gemini-y', listed: true });
    expect(pickTextModel([{ id: 'only-one' }], 'generate')).toEqual({ id: 'only-one', listed: true });
    expect(pickTextModel(undefined, 'chat').listed).toBe(false);
    expect(pickImageModel(models)).toBe('gpt-image-1');
    expect(pickImageModel([{ id: 'gpt-z' }])).toBeUndefined();
  });

  it('writes a Markdown table with pipes escaped', () => {
    const md = checksToMarkdown([{ id: 'a', group: 'g', name: 'n', status: 'fail', detail: 'a | b\nc' }], {
      baseUrl: 'https://x.test',
    });
    expect(md).toContain('| ❌ fail | g | n | a \\| b c |');
    expect(md).toContain('- Summary: 0 pass, 0 warn, 1 fail');
  });
});
