import { describe, expect, it } from 'vitest';
import type { Turn } from '../../shared/conversation.ts';
import {
  applyResult,
  selectTabParams,
  visibleTurns,
  type PendingSend,
} from '../../renderer/store/chat-helpers.ts';
import { errorTitle } from '../../renderer/features/chat/error-title.ts';
import { keptSignature } from '../../renderer/features/chat/kept-signature.ts';
import { metaText } from '../../renderer/features/chat/usage-words.ts';
import { snippetRuns } from '../../renderer/features/chat/search-snippet.ts';
import { paramsProblem } from '../../renderer/features/params/params-problem.ts';
import { paramsSummary } from '../../renderer/features/params/params-line.ts';
import { TOOL_EXAMPLES } from '../../shared/tools.ts';
import { messagesThinking, withParam } from '../../renderer/features/params/edit.ts';
import { formatMs } from '../../renderer/components/format.ts';
import { totalsOf } from '../../shared/usage.ts';
import type { StoreState } from '../../renderer/store/types.ts';

const t = (id: string, role: Turn['role'], extra: Partial<Turn> = {}): Turn => ({
  id,
  role,
  text: id,
  status: 'complete',
  createdAt: 1,
  ...extra,
});
const pending = (p: Partial<PendingSend>): PendingSend => ({
  requestId: 'r',
  kind: 'send',
  text: 'x',
  editTurnId: null,
  ...p,
});

describe('conversation helpers', () => {
  it('hides what a running edit or regenerate will replace', () => {
    const turns = [t('u1', 'user'), t('a1', 'assistant'), t('u2', 'user'), t('a2', 'assistant')];
    expect(visibleTurns(turns, undefined)).toBe(turns);
    expect(visibleTurns(turns, pending({ editTurnId: 'u2' })).map((x) => x.id)).toEqual(['u1', 'a1']);
    expect(visibleTurns(turns, pending({ kind: 'regenerate', text: null })).map((x) => x.id)).toEqual([
      'u1',
      'a1',
      'u2',
    ]);
    expect(visibleTurns(turns, pending({})).map((x) => x.id)).toHaveLength(4);
  });

  it('applies a regenerate after a failed reply without duplicating the user turn', () => {
    const conv = {
      id: 'c',
      format: 'chat' as const,
      model: 'm',
      title: 't',
      params: { stream: true },
      createdAt: 1,
      updatedAt: 1,
      turns: [t('u1', 'user'), t('a1', 'assistant', { status: 'error' })],
    };
    const next = applyResult(
      conv,
      { kind: 'regenerate', editTurnId: null },
      { userTurn: t('u1', 'user'), reply: t('a2', 'assistant', { createdAt: 9 }), totals: {} },
    );
    expect(next.turns.map((x) => x.id)).toEqual(['u1', 'a2']);
    expect(next.updatedAt).toBe(9);
  });

  it('sums the usage of every reply, cache figures included, leaving out figures nobody reported', () => {
    const totals = totalsOf([
      t('u1', 'user'),
      t('a1', 'assistant', { usage: { input: 10, output: 5, total: 15, cacheRead: 8 } }),
      t('a2', 'assistant', { usage: { input: 20, output: 7, total: 27, thinking: 4 } }),
      t('a3', 'assistant', { status: 'error' }),
    ]);
    expect(totals).toEqual({ input: 30, output: 12, total: 42, thinking: 4, cacheRead: 8 });
  });

  it('defaults new conversations per format, with the tab’s remembered parameters on top', () => {
    const base = {
      activeConversation: { chat: null, responses: null, messages: null, generate: null },
      loaded: {},
      draftParams: {},
    };
    const state = (tabs: Record<string, unknown>) =>
      ({ ...base, settings: { theme: 'system', tabs, compareColumns: [] } }) as unknown as StoreState;
    expect(selectTabParams(state({}), 'messages')).toEqual({ stream: true, maxTokens: 1024 });
    expect(selectTabParams(state({}), 'chat')).toEqual({ stream: true });
    expect(
      selectTabParams(state({ generate: { params: { includeThoughts: true, stream: false } } }), 'generate'),
    ).toEqual({ stream: false, includeThoughts: true });
  });
});

describe('turn information', () => {
  it('sees a kept signature in generate parts, messages thinking blocks and responses reasoning', () => {
    expect(
      keptSignature(
        t('a', 'assistant', {
          raw: { format: 'generate', parts: [{ text: 'hi' }, { text: '', thoughtSignature: 'c2ln' }] },
        }),
      ),
    ).toBe(true);
    expect(keptSignature(t('a', 'assistant', { raw: { format: 'generate', parts: [{ text: 'hi' }] } }))).toBe(
      false,
    );
    expect(
      keptSignature(
        t('a', 'assistant', {
          raw: {
            format: 'messages',
            content: [
              { type: 'thinking', thinking: '…', signature: 'sig' },
              { type: 'text', text: 'x' },
            ],
          },
        }),
      ),
    ).toBe(true);
    expect(
      keptSignature(
        t('a', 'assistant', {
          raw: { format: 'messages', content: [{ type: 'redacted_thinking', data: 'zz' }] },
        }),
      ),
    ).toBe(true);
    expect(
      keptSignature(
        t('a', 'assistant', {
          raw: { format: 'responses', output: [{ type: 'reasoning', encrypted_content: 'e' }] },
        }),
      ),
    ).toBe(true);
    expect(
      keptSignature(
        t('a', 'assistant', { raw: { format: 'chat', message: { role: 'assistant', content: 'x' } } }),
      ),
    ).toBe(false);
    expect(keptSignature(t('a', 'assistant'))).toBe(false);
  });

  it('describes a reply in one line', () => {
    const line = metaText(
      t('a', 'assistant', {
        model: 'gemini-2.5-pro',
        finishReason: 'STOP',
        usage: { input: 1200, output: 30, total: 1230, thinking: 88 },
        timings: { firstTokenMs: 420, totalMs: 1830 },
      }),
    );
    expect(line).toBe(
      'gemini-2.5-pro · STOP · 1,200 in / 30 out / 1,230 total / 88 thinking · TTFT 420 ms · 1.83 s',
    );
  });

  it('heads an error card with the HTTP status, else with what happened', () => {
    expect(errorTitle({ kind: 'http', status: 529, vendorType: 'overloaded_error', message: 'x' })).toBe(
      'HTTP 529 · overloaded_error',
    );
    expect(errorTitle({ kind: 'timeout-idle', message: 'x' })).toBe('The stream went silent');
  });

  it('checks the messages thinking budget against max tokens', () => {
    expect(paramsProblem('messages', { stream: true })?.field).toBe('maxTokens');
    expect(
      paramsProblem('messages', { stream: true, maxTokens: 4096, thinkingBudget: 1000 })?.message,
    ).toContain('at least 1,024');
    expect(
      paramsProblem('messages', { stream: true, maxTokens: 2048, thinkingBudget: 2048 })?.message,
    ).toContain('below max tokens (2,048)');
    expect(paramsProblem('messages', { stream: true, maxTokens: 4096, thinkingBudget: 2048 })).toBeNull();
    expect(paramsProblem('generate', { stream: true, thinkingBudget: -1 })).toBeNull();
  });

  it('splits a search snippet into plain and matched runs', () => {
    expect(snippetRuns('…the \u0001zebra\u0002 and the \u0001Zebra\u0002')).toEqual([
      { text: '…the ', match: false },
      { text: 'zebra', match: true },
      { text: ' and the ', match: false },
      { text: 'Zebra', match: true },
    ]);
    expect(snippetRuns('no marks')).toEqual([{ text: 'no marks', match: false }]);
    expect(snippetRuns('\u0001open')).toEqual([{ text: 'open', match: true }]);
  });

  it('removes a parameter instead of storing undefined', () => {
    expect(withParam({ stream: true, temperature: 1 }, 'temperature', undefined)).toEqual({ stream: true });
    expect(withParam({ stream: true }, 'maxTokens', 10)).toEqual({ stream: true, maxTokens: 10 });
  });

  it('formats durations for people', () => {
    expect(formatMs(420.4)).toBe('420 ms');
    expect(formatMs(1834)).toBe('1.83 s');
    expect(formatMs(12_340)).toBe('12.3 s');
    expect(formatMs(125_000)).toBe('2 m 05 s');
    expect(formatMs(undefined)).toBe('–');
  });
});

describe('messages extended thinking', () => {
  it('turns on with the minimum budget and makes room under max tokens when needed', () => {
    expect(messagesThinking({ stream: true, maxTokens: 1024 }, true)).toEqual({
      stream: true,
      maxTokens: 4096,
      thinkingBudget: 1024,
    });
    expect(messagesThinking({ stream: true, maxTokens: 8000 }, true)).toEqual({
      stream: true,
      maxTokens: 8000,
      thinkingBudget: 1024,
    });
    expect(messagesThinking({ stream: true, maxTokens: 8000, thinkingBudget: 2000 }, false)).toEqual({
      stream: true,
      maxTokens: 8000,
    });
  });
});

describe('the parameters summary under the composer', () => {
  it('names structured output and the functions offered, with the tool choice', () => {
    const tools = [TOOL_EXAMPLES[0]!, TOOL_EXAMPLES[1]!];
    expect(paramsSummary('chat', { stream: true, tools, toolChoice: 'required' })).toBe(
      'streaming · 2 functions (required)',
    );
    // the next request carries the results of calls: a forcing choice goes as auto, and the line says so
    expect(paramsSummary('chat', { stream: true, tools, toolChoice: 'required' }, true)).toBe(
      'streaming · 2 functions (required; auto with the results)',
    );
    expect(paramsSummary('chat', { stream: true, tools, toolChoice: 'none' }, true)).toBe(
      'streaming · 2 functions (none)',
    );
    expect(
      paramsSummary('generate', {
        stream: true,
        tools: tools.slice(0, 1),
        toolChoice: { name: 'get_weather' },
        output: { mode: 'schema', name: 'weather', schema: '{}' },
      }),
    ).toBe('streaming · schema weather · 1 function (get_weather)');
    // messages has no plain JSON mode: nothing is sent, so nothing is said
    expect(paramsSummary('messages', { stream: true, output: { mode: 'json' } })).toBe('streaming');
  });
});
