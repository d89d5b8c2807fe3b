// Which functions a simulated reply calls, and what it says when it gets their results (README "Tool
// calls"). Format-neutral: each format reads its own fields into these shapes and writes the calls back in
// its own; the same prompt then makes the same calls, with the same arguments, through every format.
import { createHash } from 'node:crypto';
import { attachmentSentence, describeReceived, type ReceivedAttachment } from '../attachments/received.ts';
import { invalidRequest } from '../errors.ts';
import { countTokens, simulatedReply, truncateToTokens, type Truncated } from '../replies.ts';
import { schemaInstance } from '../../../shared/json-schema.ts';
import { resultValue } from '../../../shared/tools.ts';
import { isRecord } from '../../../shared/wire.ts';

/** A declared function: its name and its parameters' JSON Schema (`{}` when the request gave none). */
export interface SimTool {
  name: string;
  schema: Record<string, unknown>;
}

/**
 * The tool choice, format-neutral: `required` with `allowed` is a named function (generate content's ANY
 * with allowedFunctionNames); `allowed` also names which function `[[call]]` picks.
 */
export interface SimChoice {
  mode: 'auto' | 'none' | 'required';
  allowed?: readonly string[];
}

/** What a request says about tools, read from its format's fields. */
export interface ToolRequest {
  tools: SimTool[];
  choice: SimChoice;
  /** false: at most one call per reply (chat/responses parallel_tool_calls, messages disable_parallel_tool_use) */
  parallel: boolean;
}

export const NO_TOOLS: ToolRequest = { tools: [], choice: { mode: 'auto' }, parallel: true };

/** One call of a reply, before a format gives it ids. */
export interface SimCall {
  name: string;
  /** the arguments object: `schemaInstance` of the function's parameters */
  args: Record<string, unknown>;
  /** the arguments as JSON text, as chat and responses carry them */
  argsText: string;
  /** hex digest unique to this call of this reply, from which the formats cut their ids */
  seed: string;
}

/** Longest a result is shown in the "Tool results received" sentence. */
export const RESULT_SHOWN_CHARS = 200;

/**
 * The names of a `[[call]]` directive in the prompt: `[]` for a bare `[[call]]` (the first function the
 * choice allows), the listed names for `[[call:a,b]]`, undefined without one. Only the first directive
 * counts.
 */
export function callDirective(prompt: string): string[] | undefined {
  const m = /\[\[call(?::([^\]]*))?\]\]/.exec(prompt);
  if (!m) return undefined;
  return (m[1] ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

/**
 * `[[keep-calling]]` in the prompt: a turn that answers calls is answered with the same calls again, so a
 * client's own step limit can be tried (nothing else would make the model loop).
 */
export function keepsCalling(prompt: string): boolean {
  return prompt.includes('[[keep-calling]]');
}

export interface PlanInput {
  request: ToolRequest;
  /** the text of the last user turn */
  prompt: string;
  /** the last user turn answers calls: then the reply is text, whatever the directive or choice say */
  answering: boolean;
  /** makes the ids of this reply differ from other replies' (the format, the model, the turn) */
  salt: string;
  /** where the 400 for an unknown function name points (bearer formats' `param`) */
  param: string;
}

/**
 * The calls the reply makes: those a `[[call]]` directive names, or with tool_choice `required` (or a named
 * function) and no directive, one call to the first allowed function. None without tools, with choice
 * `none`, or when the request answers calls (so an app that answers calls by itself cannot loop forever),
 * unless the prompt says `[[keep-calling]]`.
 */
export function planCalls(input: PlanInput): SimCall[] {
  const { tools, choice, parallel } = input.request;
  if (tools.length === 0 || choice.mode === 'none') return [];
  if (input.answering && !keepsCalling(input.prompt)) return [];
  const directive = callDirective(input.prompt);
  const first = choice.allowed?.[0] ?? tools[0]?.name ?? '';
  let names: string[];
  if (directive !== undefined) names = directive.length === 0 ? [first] : directive;
  else if (choice.mode === 'required') names = [first];
  else return [];
  for (const name of names) {
    if (!tools.some((t) => t.name === name)) {
      throw invalidRequest(
        `[[call:${name}]]: the request declares no function named '${name}' (declared: ${tools.map((t) => t.name).join(', ')}).`,
        input.param,
      );
    }
  }
  if (!parallel) names = names.slice(0, 1);
  return names.map((name, index) => {
    const tool = tools.find((t) => t.name === name);
    const instance = schemaInstance(tool?.schema ?? {});
    // Every format carries arguments as an object; a schema that is not an object schema gets none.
    const args = isRecord(instance) ? instance : {};
    const argsText = JSON.stringify(args);
    const seed = createHash('sha256')
      .update(JSON.stringify([input.salt, input.prompt, index, name]))
      .digest('hex');
    return { name, args, argsText, seed };
  });
}

/** Output tokens of the calls: one per word of the name and of the argument text, as for any text. */
export function callTokens(calls: readonly SimCall[]): number {
  return calls.reduce((sum, c) => sum + countTokens(`${c.name} ${c.argsText}`), 0);
}

/**
 * Pieces of a call's argument text as the streaming formats send them (chat `arguments`, responses
 * `function_call_arguments.delta`, messages `input_json_delta`): at least two for any text of two or more
 * characters, so a client that does not concatenate shows broken arguments.
 */
export function argumentPieces(text: string): string[] {
  const size = Math.min(12, Math.max(1, Math.ceil(text.length / 2)));
  const pieces: string[] = [];
  for (let at = 0; at < text.length; at += size) pieces.push(text.slice(at, at + size));
  return pieces;
}

/** An id of `length` characters from [0-9A-Za-z], cut from a call's seed (the formats' id alphabets). */
export function seedId(seed: string, length: number): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let n = BigInt(`0x${seed}`);
  let out = '';
  while (out.length < length) {
    out += alphabet[Number(n % 62n)];
    n /= 62n;
  }
  return out;
}

/** One result as the simulator received it: the function's name and the result as text (JSON or plain). */
export interface ReceivedResult {
  name: string;
  content: string;
  /** what the result carried beside its text (images inside it: responses, messages, generate content) */
  received?: ReceivedAttachment[];
}

function shown(content: string): string {
  const compact = JSON.stringify(resultValue(content)) ?? '';
  return compact.length > RESULT_SHOWN_CHARS ? `${compact.slice(0, RESULT_SHOWN_CHARS - 1)}…` : compact;
}

/**
 * The reply to a request whose last user turn answers calls, e.g.
 * `Tool results received: get_weather → {"temp":21}; get_time → "12:00".` Each result is compacted JSON
 * (plain text becomes a JSON string), cut to RESULT_SHOWN_CHARS, in the order the request holds them; a
 * result that carried images (or files) inside it says what they were:
 * `get_chart → "done" with 1 file: image/png 64x64 (120 bytes)`.
 */
export function toolResultsSentence(results: readonly ReceivedResult[]): string {
  const one = (r: ReceivedResult) => {
    const beside = r.received && r.received.length > 0 ? ` with ${describeReceived(r.received, 'file')}` : '';
    return `${r.name} → ${shown(r.content)}${beside}`;
  };
  return `Tool results received: ${results.map(one).join('; ')}.`;
}

/** A function name in a declaration: 1 to `max` of [a-zA-Z0-9_-], as the Bearer and messages formats take. */
export function isFunctionName(name: unknown, max = 64): name is string {
  return typeof name === 'string' && new RegExp(`^[a-zA-Z0-9_-]{1,${max}}$`).test(name);
}

/**
 * The calls of the assistant turn before the current point of a history, and which of them have been
 * answered. The formats read their results against it to refuse a result that answers nothing and a call
 * left without a result, as the real services do.
 */
export class PendingCalls {
  readonly #names = new Map<string, string>();
  readonly #answered = new Set<string>();
  /** the index of the message (item, content) that made the calls */
  readonly at: number;

  constructor(calls: ReadonlyArray<{ id: string; name: string }>, at: number) {
    for (const c of calls) this.#names.set(c.id, c.name);
    this.at = at;
  }

  /** A call made later in the same history (responses: function_call items may come one by one). */
  add(call: { id: string; name: string }): void {
    if (!this.#names.has(call.id)) this.#names.set(call.id, call.name);
  }

  /** The name of the call `id` answers, or undefined when it answers no open call (unknown, or answered). */
  answer(id: string): string | undefined {
    const name = this.#names.get(id);
    if (name === undefined || this.#answered.has(id)) return undefined;
    this.#answered.add(id);
    return name;
  }

  /** The ids of the calls still without a result, in the order they were made. */
  missing(): string[] {
    return [...this.#names.keys()].filter((id) => !this.#answered.has(id));
  }
}

/**
 * The text of a reply to a turn that answers calls: the results sentence, and when that turn also carried
 * attachments, their sentence after a blank line (as any reply to a turn with attachments has).
 */
export function resultsReply(
  results: readonly ReceivedResult[],
  received: readonly ReceivedAttachment[],
): string {
  const sentence = toolResultsSentence(results);
  return received.length === 0 ? sentence : `${sentence}\n\n${attachmentSentence(received)}`;
}

/**
 * What a reply says, the same way in every format: nothing when it calls functions (their calls are the
 * answer), else the structured instance, the results sentence or the simulated sentence, cut at the
 * request's token limit.
 */
export function replyText(o: {
  calls: readonly SimCall[];
  structured: string | undefined;
  results: readonly ReceivedResult[];
  received: readonly ReceivedAttachment[];
  prompt: string;
  model: string;
  turn: number;
  limit: number | undefined;
}): Truncated {
  if (o.calls.length > 0) return { text: '', truncated: false };
  const text =
    o.structured ??
    (o.results.length > 0
      ? resultsReply(o.results, o.received)
      : simulatedReply(o.prompt, o.model, o.turn, o.received));
  return truncateToTokens(text, o.limit);
}
