// #1 Request overhead: the core's sendTurn against the simulator versus a bare fetch of the very same
// request (URL, headers, body captured from the core's own call), per interface, non-streaming and
// streaming, interleaved call by call so both see the same machine noise.
import { createServiceClient } from '../../electron/core/index.ts';
import { SANDBOX_KEY, startSimulator } from '../../electron/simulator/index.ts';
import type { Turn } from '../../shared/conversation.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { ms, percentile, verdict, type BenchResult } from './util.ts';

const FORMATS: readonly { format: TextFormat; model: string }[] = [
  { format: 'chat', model: 'gpt-5-mini' },
  { format: 'responses', model: 'gpt-5-mini' },
  { format: 'messages', model: 'claude-sonnet-4-5' },
  { format: 'generate', model: 'gemini-2.5-flash' },
];

const CALLS = 500;
/** the fair comparison: the same calls against a service that takes a realistic 20 ms to answer */
const LATENCY_MS = 20;
const LATENCY_CALLS = 40;
const WARMUP = 50;
/** a realistic short reply: 100 tokens, i.e. about 100 stream events */
const PROMPT = 'Say hello [[tokens:100]]';

interface Captured {
  url: string;
  init: RequestInit;
}

/** Calls every contender in turn, `calls` times, rotating who goes first so all see the same noise. */
async function interleave(contenders: [() => Promise<void>, number[]][], calls: number): Promise<void> {
  for (let i = 0; i < calls; i++) {
    for (let j = 0; j < contenders.length; j++) {
      const [fn, out] = contenders[(i + j) % contenders.length]!;
      const t0 = performance.now();
      await fn();
      out.push(performance.now() - t0);
    }
  }
}

/**
 * Splits an event stream at its blank lines (`\n\n`, or `\r\n\r\n` as generate content sends them) and
 * parses each event's JSON data (`[DONE]` excepted).
 */
function decodeEvents(text: string): void {
  for (const block of text.split(/\r?\n\r?\n/)) {
    const at = block.indexOf('data: ');
    if (at === -1) continue;
    const data = block.slice(at + 6);
    if (data !== '[DONE]') JSON.parse(data);
  }
}

export async function run(): Promise<BenchResult> {
  const sim = await startSimulator();
  const rows: BenchResult['rows'] = [];
  try {
    for (const { format, model } of FORMATS) {
      for (const stream of [false, true]) {
        let captured: Captured | undefined;
        let delayMs = 0;
        const delayed = async (input: Parameters<typeof fetch>[0], init?: RequestInit): Promise<Response> => {
          if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
          return fetch(input, init);
        };
        const capturingFetch: typeof fetch = (input, init) => {
          captured ??= { url: String(input), init: { ...init, signal: null } };
          return delayed(input, init);
        };
        const client = createServiceClient({
          baseUrl: sim.baseUrl,
          keys: { default: SANDBOX_KEY },
          fetch: capturingFetch,
        });
        const history: Turn[] = [{ id: 'u1', role: 'user', text: PROMPT, status: 'complete', createdAt: 0 }];
        const core = async (): Promise<void> => {
          await client.sendTurn({
            format,
            model,
            history,
            params: { stream, maxTokens: 4096 },
            onDelta: () => {},
          });
        };
        await core();
        const req = captured!;
        const bare = async (): Promise<void> => {
          const r = await delayed(req.url, req.init);
          const text = await r.text();
          if (!stream) JSON.parse(text);
        };
        // The least any client that shows a streamed reply must do: read it and JSON.parse each event.
        const decoded = async (): Promise<void> => {
          const r = await delayed(req.url, req.init);
          decodeEvents(await r.text());
        };
        // streaming is judged against the decoding peer, non-streaming against fetch + JSON.parse
        const peer = stream ? decoded : bare;
        const contenders: [() => Promise<void>, number[]][] = [
          [core, []],
          [peer, []],
        ];
        if (stream) contenders.push([bare, []]);
        for (let i = 0; i < WARMUP; i++) for (const [fn] of contenders) await fn();
        await interleave(contenders, CALLS);
        const [tCore, tPeer, tBytes] = contenders.map(([, out]) => out) as [number[], number[], number[]?];
        // the same, against a service with realistic latency (both sides wait LATENCY_MS before fetching)
        delayMs = LATENCY_MS;
        const latency: [() => Promise<void>, number[]][] = [
          [core, []],
          [peer, []],
        ];
        await interleave(latency, LATENCY_CALLS);
        const [lCore, lPeer] = latency.map(([, out]) => out) as [number[], number[]];
        delayMs = 0;
        const l50 = percentile(lCore, 50) / percentile(lPeer, 50);
        const c50 = percentile(tCore, 50);
        const b50 = percentile(tPeer, 50);
        const c99 = percentile(tCore, 99);
        const b99 = percentile(tPeer, 99);
        const ratio = c50 / b50;
        const peerName = stream ? 'fetch + event decoding' : 'fetch';
        const bytesOnly = tBytes
          ? `; vs fetch reading the bytes only ${(c50 / percentile(tBytes, 50)).toFixed(3)}x (${ms(percentile(tBytes, 50))})`
          : '';
        rows.push({
          item: '1',
          name: `Request overhead, ${format}, ${stream ? 'streaming' : 'non-streaming'} (${CALLS} calls)`,
          measured:
            `${ratio.toFixed(3)}x at p50 (core ${ms(c50)} vs ${peerName} ${ms(b50)}); ` +
            `p99 ${ms(c99)} vs ${ms(b99)} (${(c99 / b99).toFixed(2)}x)${bytesOnly}`,
          budget: '≤ 1.10x bare fetch at p50',
          verdict: verdict(ratio <= 1.1),
        });
        rows.push({
          item: '1',
          name: `Request overhead, ${format}, ${stream ? 'streaming' : 'non-streaming'}, service answering in ${LATENCY_MS} ms (${LATENCY_CALLS} calls)`,
          measured: `${l50.toFixed(3)}x at p50 (core ${ms(percentile(lCore, 50))} vs ${peerName} ${ms(percentile(lPeer, 50))}); fixed cost of the core ${((c50 - b50) * 1000).toFixed(0)} µs per call at p50`,
          budget: '≤ 1.10x bare fetch at p50',
          verdict: verdict(l50 <= 1.1),
        });
      }
    }
  } finally {
    await sim.close();
  }
  return {
    rows,
    notes: [
      `**Request overhead (#1).** ${CALLS} calls per interface and mode after ${WARMUP} warm-up calls, against the ` +
        `simulator on 127.0.0.1, prompt \`${PROMPT}\` (a 100-token reply, about 100 stream events). The peer is ` +
        'a bare `fetch` of the exact URL, headers and body the core sent (captured from its own first call). ' +
        'Non-streaming, the peer reads the body and `JSON.parse`s it. Streaming, the judged peer reads the body, ' +
        'splits it at blank lines and `JSON.parse`s each event: the least any client must do to show a streamed ' +
        'token, as `JSON.parse` is for one body; the ratio to a fetch that only reads the bytes is shown beside it. ' +
        'The core call includes validating the input, building the body, SSE parsing (eventsource-parser), the ' +
        'reducer, the exchange record and redaction. Contenders take turns call by call, rotating who goes first. ' +
        `The second row per interface and mode repeats ${LATENCY_CALLS} calls with both sides waiting ${LATENCY_MS} ` +
        'ms before the fetch (a service with realistic latency), where the fixed cost of the core is measured ' +
        'against a realistic whole.',
    ],
  };
}
