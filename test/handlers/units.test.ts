// Pure pieces of the core: the log redaction, link and title rules.
import { describe, expect, it } from 'vitest';
import { titleFrom } from '../../shared/titles.ts';
import { conversationToMarkdown, fileSlug } from '../../electron/handlers/export-markdown.ts';
import { suggestedImageName } from '../../electron/handlers/images.ts';
import { safeExternalUrl } from '../../shared/links.ts';
import { createLogger } from '../../electron/handlers/logger.ts';
import { CANARY } from '../support/app-core.ts';

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
    // one rule for the page, the host and the CLI: whitespace collapsed, cut at a word end
    expect(titleFrom('\n\n  Tell me   about cats \nmore')).toBe('Tell me about cats more');
    expect(titleFrom(`${'word '.repeat(20)}end`)).toBe(`${'word '.repeat(12).trimEnd()}…`);
    expect(fileSlug('Crème brûlée: a recipe?!', 'f')).toBe('creme-brulee-a-recipe');
    expect(fileSlug('***', 'fallback')).toBe('fallback');
    const at = new Date(2026, 10, 24, 9, 5).getTime(); // local time, as the name uses
    const image = { prompt: 'A fox / in the snow', createdAt: at, format: 'jpeg' as const };
    expect(suggestedImageName(image, 2)).toBe('quartet-2026-11-24-0905-a-fox-in-the-snow-2.jpg');
    expect(suggestedImageName(image)).toBe('quartet-2026-11-24-0905-a-fox-in-the-snow.jpg');
  });
});

describe('Markdown export of a tool call', () => {
  it('shows each call and each result as pretty JSON, fenced so backticks inside cannot end the block', () => {
    const md = conversationToMarkdown({
      id: 'c',
      format: 'chat',
      model: 'm',
      title: 'Weather',
      params: { stream: true },
      createdAt: 1,
      updatedAt: 1,
      turns: [
        { id: 'u', role: 'user', text: 'weather?', status: 'complete', createdAt: 1 },
        {
          id: 'a',
          role: 'assistant',
          text: '',
          status: 'complete',
          toolCalls: [{ id: 'call_a', name: 'get_weather', arguments: '{"city":"Paris"}' }],
          createdAt: 2,
        },
        {
          id: 'r',
          role: 'user',
          text: '',
          status: 'complete',
          toolResults: [
            { callId: 'call_a', name: 'get_weather', content: 'see ```code``` here', isError: true },
          ],
          createdAt: 3,
        },
      ],
    });
    expect(md).toContain('**Function call** `get_weather` (call_a)\n\n```json\n{\n  "city": "Paris"\n}\n```');
    expect(md).toContain('**Function error** `get_weather` (call_a)\n\n````\nsee ```code``` here\n````');
  });
});
