/**
 * Whether an imported reply's provider payload may be kept. Later requests are built from it verbatim
 * (electron/core/formats/*: signatures must go back unchanged), so a file could otherwise make the next
 * request carry what the page never showed: a `role: "system"` item, assistant text beside "Hello!",
 * thinking that is not the turn's thoughts, forged calls. A payload is kept only when it holds nothing but
 * its format's assistant items, with only the fields those carry, and what it says is exactly what the
 * turn shows (its text, its thoughts, its calls, a refusal's words); signatures cannot be checked, so they
 * are kept only on a payload that passes. The readers that make a payload (electron/core/formats/*) derive
 * the shown text the same way; test/handlers/import-payloads.test.ts holds a real export to it.
 */
import type { ProviderPayload, Turn } from './conversation.ts';
import { MAX_JSON_DEPTH } from './extra-body.ts';
import { nestsDeeperThan } from './json-schema.ts';
import type { ToolCall } from './tools.ts';
import { isRecord } from './wire.ts';

type Json = Record<string, unknown>;

/** Between the texts of two parts of a reply (two message items, text after a call). */
const PARAGRAPH = '\n\n';

/** What a payload says: the text, thoughts, calls and refusal it would replay. Undefined: not a payload to keep. */
interface Said {
  text: string;
  thoughts: string;
  calls: ToolCall[];
  refusal: string;
}

/** Only these keys, each with a value the check accepts. */
function onlyKeys(v: unknown, allowed: readonly string[]): v is Json {
  return isRecord(v) && Object.keys(v).every((k) => allowed.includes(k));
}

const isString = (v: unknown): v is string => typeof v === 'string';
const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
/** Fields a service adds that carry nothing when empty (annotations, logprobs, citations). */
const emptyList = (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0);

// ---------- chat completions: only `tool_calls` goes back beside the turn's own text ----------

function chatSaid(raw: Extract<ProviderPayload, { format: 'chat' }>, turn: Turn): Said | undefined {
  const { message } = raw;
  if (message.content !== turn.text) return undefined;
  const calls: ToolCall[] = [];
  for (const [i, c] of (message.tool_calls ?? []).entries()) {
    if (!onlyKeys(c, ['id', 'type', 'function', 'index']) || c['type'] !== 'function') return undefined;
    const fn = c['function'];
    if (!onlyKeys(fn, ['name', 'arguments']) || !isString(fn['name']) || !isString(fn['arguments'])) {
      return undefined;
    }
    if (!optionalString(c['id'])) return undefined;
    calls.push({
      id: (c['id'] as string | undefined) ?? `call_${i}`,
      name: fn['name'],
      arguments: fn['arguments'],
    });
  }
  return { text: message.content, thoughts: turn.thoughts ?? '', calls, refusal: turn.endDetail ?? '' };
}

// ---------- responses: assistant message, reasoning, image_generation_call and function_call items ----------

const IMAGE_ITEM_KEYS = [
  'id',
  'type',
  'status',
  'background',
  'output_format',
  'quality',
  'size',
  'revised_prompt',
  'result',
] as const;

function responsesSaid(raw: Extract<ProviderPayload, { format: 'responses' }>): Said | undefined {
  const paragraphs: string[] = [];
  const thoughts: string[] = [];
  const refusal: string[] = [];
  const calls: ToolCall[] = [];
  for (const item of raw.output) {
    if (!isRecord(item)) return undefined;
    if (item['type'] === 'message') {
      if (!onlyKeys(item, ['id', 'type', 'status', 'role', 'content']) || item['role'] !== 'assistant')
        return undefined;
      if (!optionalString(item['id']) || !optionalString(item['status']) || !Array.isArray(item['content'])) {
        return undefined;
      }
      let text = '';
      for (const part of item['content']) {
        if (onlyKeys(part, ['type', 'text', 'annotations', 'logprobs']) && part['type'] === 'output_text') {
          if (!isString(part['text']) || !emptyList(part['annotations']) || !emptyList(part['logprobs'])) {
            return undefined;
          }
          text += part['text'];
        } else if (
          onlyKeys(part, ['type', 'refusal']) &&
          part['type'] === 'refusal' &&
          isString(part['refusal'])
        ) {
          if (part['refusal'] !== '') refusal.push(part['refusal']);
        } else return undefined;
      }
      if (text !== '') paragraphs.push(text);
    } else if (item['type'] === 'reasoning') {
      // never replayed (electron/core/formats/responses.ts), but shown as thoughts
      if (!onlyKeys(item, ['id', 'type', 'status', 'summary', 'encrypted_content', 'content']))
        return undefined;
      if (!optionalString(item['encrypted_content']) || !emptyList(item['content'])) return undefined;
      if (!Array.isArray(item['summary'])) return undefined;
      for (const s of item['summary']) {
        if (!onlyKeys(s, ['type', 'text']) || s['type'] !== 'summary_text' || !isString(s['text']))
          return undefined;
        if (s['text'] !== '') thoughts.push(s['text']);
      }
    } else if (item['type'] === 'image_generation_call') {
      // an image the image tool made: no words of the reply, sent back whole so the next turn can edit it
      if (!onlyKeys(item, IMAGE_ITEM_KEYS)) return undefined;
      if (!IMAGE_ITEM_KEYS.every((k) => optionalString(item[k]) || (k === 'result' && item[k] === null))) {
        return undefined;
      }
    } else if (item['type'] === 'function_call') {
      if (!onlyKeys(item, ['id', 'type', 'status', 'call_id', 'name', 'arguments'])) return undefined;
      const id = item['call_id'] ?? item['id'];
      if (!isString(id) || !isString(item['name']) || !isString(item['arguments'])) return undefined;
      if (!optionalString(item['id']) || !optionalString(item['status'])) return undefined;
      calls.push({ id, name: item['name'], arguments: item['arguments'] });
    } else return undefined;
  }
  return {
    text: paragraphs.join(PARAGRAPH),
    thoughts: thoughts.join(PARAGRAPH),
    calls,
    refusal: refusal.join(PARAGRAPH),
  };
}

// ---------- messages: text, thinking, redacted_thinking and tool_use blocks ----------

function messagesSaid(raw: Extract<ProviderPayload, { format: 'messages' }>, turn: Turn): Said | undefined {
  let text = '';
  const thoughts: string[] = [];
  const calls: ToolCall[] = [];
  /** the block before: text right after a call is a new paragraph, as the reader joins it */
  let before: unknown;
  for (const b of raw.content) {
    const afterCall = before === 'tool_use';
    before = b['type'];
    if (b['type'] === 'text' && onlyKeys(b, ['type', 'text', 'citations'])) {
      if (!isString(b['text']) || !emptyList(b['citations'])) return undefined;
      if (afterCall && text !== '') text += PARAGRAPH;
      text += b['text'];
    } else if (b['type'] === 'thinking' && onlyKeys(b, ['type', 'thinking', 'signature'])) {
      if (!isString(b['thinking']) || !optionalString(b['signature'])) return undefined;
      if (b['thinking'] !== '') thoughts.push(b['thinking']);
    } else if (b['type'] === 'redacted_thinking' && onlyKeys(b, ['type', 'data'])) {
      if (!isString(b['data'])) return undefined;
    } else if (b['type'] === 'tool_use' && onlyKeys(b, ['type', 'id', 'name', 'input'])) {
      if (!isString(b['id']) || !isString(b['name']) || !isRecord(b['input'])) return undefined;
      calls.push({ id: b['id'], name: b['name'], arguments: JSON.stringify(b['input']) });
    } else return undefined;
  }
  return { text, thoughts: thoughts.join(PARAGRAPH), calls, refusal: turn.endDetail ?? '' };
}

// ---------- generate content: text, thought, functionCall and inlineData parts ----------

function generateSaid(raw: Extract<ProviderPayload, { format: 'generate' }>, turn: Turn): Said | undefined {
  let text = '';
  let thoughts = '';
  let interrupted = false;
  const calls: ToolCall[] = [];
  for (const p of raw.parts) {
    if (!optionalString(p['thoughtSignature'])) return undefined;
    if ('text' in p) {
      if (!onlyKeys(p, ['text', 'thought', 'thoughtSignature']) || !isString(p['text'])) return undefined;
      if (p['thought'] !== undefined && typeof p['thought'] !== 'boolean') return undefined;
      if (p['thought'] === true) thoughts += p['text'];
      else {
        if (interrupted && text !== '' && p['text'] !== '') text += PARAGRAPH;
        text += p['text'];
        interrupted = false;
      }
    } else if ('functionCall' in p) {
      if (!onlyKeys(p, ['functionCall', 'thoughtSignature'])) return undefined;
      const fc = p['functionCall'];
      if (!onlyKeys(fc, ['name', 'args', 'id']) || !isString(fc['name']) || !optionalString(fc['id'])) {
        return undefined;
      }
      if (fc['args'] !== undefined && !isRecord(fc['args'])) return undefined;
      calls.push({
        id: (fc['id'] as string | undefined) ?? `${fc['name']}#${calls.length}`,
        name: fc['name'],
        arguments: JSON.stringify(fc['args'] ?? {}),
      });
      interrupted = true;
    } else if ('inlineData' in p) {
      // an image (or another file) the model made, its signature beside it: sent back as it came
      if (!onlyKeys(p, ['inlineData', 'thoughtSignature', 'thought'])) return undefined;
      if (p['thought'] !== undefined && typeof p['thought'] !== 'boolean') return undefined;
      const data = p['inlineData'];
      if (!onlyKeys(data, ['mimeType', 'data']) || !isString(data['mimeType']) || !isString(data['data'])) {
        return undefined;
      }
      interrupted = true;
    } else if (onlyKeys(p, ['thoughtSignature'])) {
      // a signature on a part of its own: sent back as it came, it says nothing
      interrupted = true;
    } else return undefined;
  }
  return { text, thoughts, calls, refusal: turn.endDetail ?? '' };
}

function said(raw: ProviderPayload, turn: Turn): Said | undefined {
  switch (raw.format) {
    case 'chat':
      return chatSaid(raw, turn);
    case 'responses':
      return responsesSaid(raw);
    case 'messages':
      return messagesSaid(raw, turn);
    case 'generate':
      return generateSaid(raw, turn);
  }
}

function sameCalls(a: readonly ToolCall[], b: readonly ToolCall[]): boolean {
  return (
    a.length === b.length &&
    a.every((c, i) => c.id === b[i]?.id && c.name === b[i]?.name && c.arguments === b[i]?.arguments)
  );
}

/** Whether the turn's payload says exactly what the turn shows, in its format's assistant items only. */
export function payloadAgrees(turn: Turn, format: ProviderPayload['format']): boolean {
  const raw = turn.raw;
  if (raw === undefined) return true;
  // a user turn never has one; a rewritten reply goes back as its text
  if (turn.role !== 'assistant' || turn.edited === true || raw.format !== format) return false;
  if (nestsDeeperThan(raw, MAX_JSON_DEPTH)) return false;
  const s = said(raw, turn);
  if (!s) return false;
  if (raw.format === 'responses' && raw.responseId !== undefined && raw.responseId.length > 200) return false;
  return (
    s.text === turn.text &&
    s.thoughts === (turn.thoughts ?? '') &&
    sameCalls(s.calls, turn.toolCalls ?? []) &&
    (s.refusal === '' || s.refusal === turn.endDetail)
  );
}

/**
 * The turn as an import keeps it: its payload when it agrees with what it shows, else without it. A
 * complete reply (the only kind whose payload is sent) says so, so the page can tell the user.
 */
export function withCheckedPayload(turn: Turn, format: ProviderPayload['format']): Turn {
  if (turn.raw === undefined || payloadAgrees(turn, format)) return turn;
  const { raw: _dropped, ...rest } = turn;
  return turn.role === 'assistant' && turn.status === 'complete' ? { ...rest, payloadDropped: true } : rest;
}
