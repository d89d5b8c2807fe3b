// The AI SDK (`ai`) and its providers against the simulator: text, a multi-turn conversation, thinking and
// a tool loop, each streamed and not, for every provider (openai: chat completions and responses). These
// libraries are among the most used clients, and they send history back in their own way (joined text,
// moved signatures, item references), which the simulator must take as the service does.
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createOpenAI } from '@ai-sdk/openai';
import {
  generateText,
  jsonSchema,
  stepCountIs,
  streamText,
  tool,
  type LanguageModel,
  type ModelMessage,
} from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_KEY,
  simulatedReply,
  startSimulator,
  type RunningSimulator,
} from '../../electron/simulator/index.ts';

let sim: RunningSimulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());

type ProviderOptions = NonNullable<Parameters<typeof generateText>[0]['providerOptions']>;

interface Client {
  name: string;
  model: string;
  provider: () => LanguageModel;
  /** provider options every request of this client sends */
  options?: ProviderOptions;
  /** provider options that turn thinking on, with its summary shown */
  thinking: ProviderOptions;
  /** the simulator shows this format's thought summary (the responses format has none to show) */
  showsThoughts: boolean;
  /** the field of a signed reply that must go back with it, when the format has one */
  signature?: string;
}

const CLIENTS: Client[] = [
  {
    name: 'openai .chat()',
    model: 'gpt-5-mini',
    provider: () => createOpenAI({ apiKey: SANDBOX_KEY, baseURL: `${sim.baseUrl}/v1` }).chat('gpt-5-mini'),
    // For a reasoning model the library sends the system prompt as a `developer` message, a role the spec's
    // chat messages do not have (§2.2: system, user, assistant): a client of this service asks for `system`.
    options: { openai: { systemMessageMode: 'system' } },
    thinking: { openai: { systemMessageMode: 'system', reasoningEffort: 'low' } },
    showsThoughts: false,
  },
  {
    name: 'openai .responses()',
    model: 'gpt-5-mini',
    provider: () =>
      createOpenAI({ apiKey: SANDBOX_KEY, baseURL: `${sim.baseUrl}/v1` }).responses('gpt-5-mini'),
    thinking: { openai: { reasoningEffort: 'low', reasoningSummary: 'auto' } },
    showsThoughts: false,
  },
  {
    name: 'anthropic',
    model: 'claude-sonnet-4-5',
    provider: () =>
      createAnthropic({ apiKey: SANDBOX_KEY, baseURL: `${sim.baseUrl}/v1` })('claude-sonnet-4-5'),
    thinking: { anthropic: { thinking: { type: 'enabled', budgetTokens: 1024 } } },
    showsThoughts: true,
    signature: 'signature',
  },
  {
    name: 'google',
    model: 'gemini-2.5-flash',
    provider: () =>
      createGoogleGenerativeAI({ apiKey: SANDBOX_KEY, baseURL: `${sim.baseUrl}/v1beta` })('gemini-2.5-flash'),
    thinking: { google: { thinkingConfig: { includeThoughts: true, thinkingBudget: -1 } } },
    showsThoughts: true,
    signature: 'thoughtSignature',
  },
];

/** The body of the last request the simulator received, as text. */
function lastRequestBody(): string {
  return sim.requests.at(-1)?.body ?? '';
}

/** One call, streamed or not: the reply's text, reasoning, the messages to send back, and each step. */
async function run(
  stream: boolean,
  options: Parameters<typeof generateText>[0],
): Promise<{ text: string; reasoning: string; messages: ModelMessage[]; steps: number }> {
  if (!stream) {
    const r = await generateText({ maxRetries: 0, ...options });
    return {
      text: r.text,
      reasoning: r.reasoningText ?? '',
      messages: r.response.messages,
      steps: r.steps.length,
    };
  }
  let failure: unknown;
  const r = streamText({
    maxRetries: 0,
    ...options,
    onError: ({ error }) => {
      failure = error;
    },
  } as Parameters<typeof streamText>[0]);
  let streamed = '';
  for await (const piece of r.textStream) streamed += piece;
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(String(failure));
  const text = await r.text;
  expect(streamed).toBe(text);
  return {
    text,
    reasoning: (await r.reasoningText) ?? '',
    messages: (await r.response).messages,
    steps: (await r.steps).length,
  };
}

const WEATHER = tool({
  description: 'Current weather for a city.',
  inputSchema: jsonSchema<{ city: string }>({
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  }),
  execute: ({ city }) => ({ city, temperature_c: 21, sky: 'clear' }),
});

describe.each(CLIENTS)('AI SDK, $name', (client) => {
  describe.each([false, true])('streamed: %s', (stream) => {
    it('text', async () => {
      const r = await run(stream, { model: client.provider(), prompt: `text ${stream}` });
      expect(r.text).toBe(simulatedReply(`text ${stream}`, client.model, 1));
    });

    it('a multi-turn conversation, each reply sent back as the library keeps it', async () => {
      const first = await run(stream, {
        model: client.provider(),
        providerOptions: client.options ?? {},
        system: 'Be brief.',
        messages: [{ role: 'user', content: 'first' }],
      });
      const history: ModelMessage[] = [{ role: 'user', content: 'first' }, ...first.messages];
      const second = await run(stream, {
        model: client.provider(),
        providerOptions: client.options ?? {},
        system: 'Be brief.',
        messages: [...history, { role: 'user', content: 'second' }],
      });
      expect(second.text).toBe(simulatedReply('second', client.model, 2));
      expect(lastRequestBody()).toContain(JSON.stringify(first.text).slice(1, -1));
    });

    it('thinking, over two turns', async () => {
      const first = await run(stream, {
        model: client.provider(),
        maxOutputTokens: 4096,
        providerOptions: client.thinking,
        messages: [{ role: 'user', content: 'think' }],
      });
      expect(first.text).toBe(simulatedReply('think', client.model, 1));
      if (client.showsThoughts) expect(first.reasoning).not.toBe('');
      const second = await run(stream, {
        model: client.provider(),
        maxOutputTokens: 4096,
        providerOptions: client.thinking,
        messages: [{ role: 'user', content: 'think' }, ...first.messages, { role: 'user', content: 'again' }],
      });
      expect(second.text).toBe(simulatedReply('again', client.model, 2));
      // the signed reply went back with its signature (generate: on the joined text when streamed)
      if (client.signature) expect(lastRequestBody()).toContain(`"${client.signature}":"`);
    });

    it('a tool loop with thinking on: the call, its result sent back, the answer', async () => {
      // Asked in the prompt, as the library asks when thinking rules out a forced call (messages).
      const r = await run(stream, {
        model: client.provider(),
        tools: { get_weather: WEATHER },
        stopWhen: stepCountIs(3),
        providerOptions: client.thinking,
        maxOutputTokens: 4096,
        prompt: 'Weather in Paris? [[call:get_weather]]',
      });
      expect(r.steps).toBe(2);
      expect(r.text).toContain('Tool results received: get_weather');
    });

    it('a required call, then auto for the step that carries its result', async () => {
      const r = await run(stream, {
        model: client.provider(),
        providerOptions: client.options ?? {},
        tools: { get_weather: WEATHER },
        toolChoice: 'required',
        stopWhen: stepCountIs(3),
        prepareStep: ({ stepNumber }) => (stepNumber > 0 ? { toolChoice: 'auto' } : {}),
        prompt: 'Weather in Paris?',
      });
      expect(r.steps).toBe(2);
      expect(r.text).toContain('Tool results received: get_weather');
    });
  });
});
