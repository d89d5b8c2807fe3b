// Tool calls on the wire: each format's own fields for the functions offered, the tool choice, the calls a
// reply makes and the results the next request carries (docs/architecture.md, "Tool calls").
import type { Params, Turn } from '../../../shared/conversation.ts';
import { parseSchema } from '../../../shared/json-schema.ts';
import {
  resultValue,
  toolChoiceSent,
  type ToolCall,
  type ToolChoice,
  type ToolDef,
  type ToolResult,
} from '../../../shared/tools.ts';
import { isRecord } from '../../../shared/wire.ts';
import { takesMultimodalFunctionResponses } from '../../../shared/model-kinds.ts';
import { dataUrl, wireToolImages, type TurnFiles, type WireFile } from './attachments.ts';
import { asArray, asRecord, asString, type Json } from './util.ts';

/** The functions offered, or undefined when there are none (then no tool field is sent at all). */
function offered(params: Params): ToolDef[] | undefined {
  return params.tools && params.tools.length > 0 ? params.tools : undefined;
}

/** The tool choice of a request whose turns are `history`: auto once the last turn answers calls. */
function choiceFor(params: Params, history: readonly Turn[]): ToolChoice | undefined {
  const last = history.at(-1);
  return toolChoiceSent(params.toolChoice, last !== undefined && hasResults(last));
}

function withDescription<T extends Json>(tool: ToolDef, fields: T): T & { description?: string } {
  return tool.description ? { ...fields, description: tool.description } : fields;
}

// ---------- chat completions ----------

export function chatTools(
  params: Params,
  history: readonly Turn[],
): { tools?: Json[]; tool_choice?: unknown } {
  const tools = offered(params);
  if (!tools) return {};
  const choice = choiceFor(params, history);
  return {
    tools: tools.map((t) => ({
      type: 'function',
      function: withDescription(t, { name: t.name, parameters: parseSchema(t.parameters) }),
    })),
    ...(choice === undefined
      ? {}
      : {
          tool_choice:
            typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } },
        }),
  };
}

/** The calls of a chat message's `tool_calls`. */
export function chatCalls(toolCalls: unknown): ToolCall[] {
  return asArray(toolCalls).flatMap((c, i) => {
    const call = asRecord(c);
    const fn = asRecord(call['function']);
    const name = asString(fn['name']);
    if (name === undefined) return [];
    return [{ id: asString(call['id']) ?? `call_${i}`, name, arguments: asString(fn['arguments']) ?? '' }];
  });
}

/**
 * One `role: "tool"` message per result, right after the assistant message that made the calls. A tool
 * message takes text only, so a result's images follow the tool messages in the user message (`imageParts`:
 * a short text part naming the call, then its `image_url` parts), and its tool message says so.
 */
export function chatResultMessages(
  results: readonly ToolResult[],
  files: TurnFiles | undefined,
): { messages: Json[]; imageParts: Json[] } {
  const imageParts: Json[] = [];
  const messages = results.map((r) => {
    const images = wireToolImages(r, files);
    if (images.length === 0) return { role: 'tool', tool_call_id: r.callId, content: resultText(r) };
    imageParts.push({ type: 'text', text: IMAGES_HEAD(r, images.length) });
    for (const f of images)
      imageParts.push({ type: 'image_url', image_url: { url: dataUrl(f.attachment.mimeType, f.base64()) } });
    const note = CHAT_IMAGES_NOTE(images.length);
    const text = resultText(r);
    return { role: 'tool', tool_call_id: r.callId, content: text === '' ? note : `${text}\n${note}` };
  });
  return { messages, imageParts };
}

/**
 * What the model reads where a result's images cannot go inside the result (chat; generate's older
 * models): a note in the result, and a line naming the call before them (English: the model reads it).
 */
const CHAT_IMAGES_NOTE = (n: number) =>
  n === 1
    ? '[The image this tool returned follows in the next user message.]'
    : `[The ${n} images this tool returned follow in the next user message.]`;
const IMAGES_HEAD = (r: ToolResult, n: number) =>
  `${n === 1 ? 'Image' : 'Images'} returned by ${r.name} (call ${r.callId}):`;

// ---------- responses ----------

export function responsesTools(
  params: Params,
  history: readonly Turn[],
): { tools?: Json[]; tool_choice?: unknown } {
  const tools = offered(params);
  if (!tools) return {};
  const choice = choiceFor(params, history);
  return {
    tools: tools.map((t) =>
      withDescription(t, {
        type: 'function',
        name: t.name,
        parameters: parseSchema(t.parameters),
        strict: false,
      }),
    ),
    ...(choice === undefined
      ? {}
      : { tool_choice: typeof choice === 'string' ? choice : { type: 'function', name: choice.name } }),
  };
}

/** The `function_call` output items as calls (the call id, not the item id, is what a result names). */
export function responsesCalls(output: readonly unknown[]): ToolCall[] {
  return output.flatMap((item) => {
    const it = asRecord(item);
    if (it['type'] !== 'function_call') return [];
    const name = asString(it['name']);
    const id = asString(it['call_id']) ?? asString(it['id']);
    if (name === undefined || id === undefined) return [];
    return [{ id, name, arguments: asString(it['arguments']) ?? '' }];
  });
}

/**
 * A `function_call` item as it goes back in `input`: without its item id, which would tie it to a
 * server-side reasoning item this app does not replay.
 */
export function responsesCallInput(item: Json): Json {
  const { id: _id, status: _status, ...rest } = item;
  return rest;
}

/**
 * function_call_output items. A result with images has an output list: its text as `input_text`, then each
 * image as `input_image` with a data URL; without images the output is the text, as before.
 */
export function responsesResultItems(results: readonly ToolResult[], files: TurnFiles | undefined): Json[] {
  return results.map((r) => {
    const images = wireToolImages(r, files);
    const text = resultText(r);
    const output: Json[] | string =
      images.length === 0
        ? text
        : [
            ...(text === '' ? [] : [{ type: 'input_text', text }]),
            ...images.map((f) => ({
              type: 'input_image',
              image_url: dataUrl(f.attachment.mimeType, f.base64()),
            })),
          ];
    return { type: 'function_call_output', call_id: r.callId, output };
  });
}

// ---------- messages ----------

export function messagesTools(
  params: Params,
  history: readonly Turn[],
): { tools?: Json[]; tool_choice?: Json } {
  const tools = offered(params);
  if (!tools) return {};
  const choice = choiceFor(params, history);
  let toolChoice: Json | undefined;
  if (choice === 'required') toolChoice = { type: 'any' };
  else if (typeof choice === 'string') toolChoice = { type: choice };
  else if (choice !== undefined) toolChoice = { type: 'tool', name: choice.name };
  return {
    tools: tools.map((t) => withDescription(t, { name: t.name, input_schema: parseSchema(t.parameters) })),
    ...(toolChoice ? { tool_choice: toolChoice } : {}),
  };
}

export function messagesCalls(blocks: readonly Json[]): ToolCall[] {
  return blocks.flatMap((b) => {
    if (b['type'] !== 'tool_use') return [];
    const id = asString(b['id']);
    const name = asString(b['name']);
    if (id === undefined || name === undefined) return [];
    return [{ id, name, arguments: JSON.stringify(b['input'] ?? {}) }];
  });
}

/**
 * tool_result blocks; they must open the user message that follows the tool_use blocks. A result with
 * images has a content list: a text block (none when empty: an empty one is refused), then an image
 * block with a base64 source per image.
 */
export function messagesResultBlocks(results: readonly ToolResult[], files: TurnFiles | undefined): Json[] {
  return results.map((r) => {
    const images = wireToolImages(r, files);
    const content: Json[] | string =
      images.length === 0
        ? r.content
        : [
            ...(r.content === '' ? [] : [{ type: 'text', text: r.content }]),
            ...images.map((f) => ({
              type: 'image',
              source: { type: 'base64', media_type: f.attachment.mimeType, data: f.base64() },
            })),
          ];
    return {
      type: 'tool_result',
      tool_use_id: r.callId,
      content,
      ...(r.isError ? { is_error: true } : {}),
    };
  });
}

// ---------- generate content ----------

export function generateTools(
  params: Params,
  history: readonly Turn[],
): { tools?: Json[]; toolConfig?: Json } {
  const tools = offered(params);
  if (!tools) return {};
  const choice = choiceFor(params, history);
  let config: Json | undefined;
  if (choice === 'auto') config = { mode: 'AUTO' };
  else if (choice === 'none') config = { mode: 'NONE' };
  else if (choice === 'required') config = { mode: 'ANY' };
  else if (choice !== undefined) config = { mode: 'ANY', allowedFunctionNames: [choice.name] };
  return {
    // parametersJsonSchema takes JSON Schema as typed; `parameters` is an OpenAPI subset that refuses
    // keywords such as additionalProperties.
    tools: [
      {
        functionDeclarations: tools.map((t) =>
          withDescription(t, { name: t.name, parametersJsonSchema: parseSchema(t.parameters) }),
        ),
      },
    ],
    ...(config ? { toolConfig: { functionCallingConfig: config } } : {}),
  };
}

/**
 * The functionCall parts as calls. A call without an id (the service adds one only sometimes) gets
 * `name#n`, unique within the reply, so a result can name it; only a real id goes back on the wire.
 */
export function generateCalls(parts: readonly Json[]): ToolCall[] {
  let n = 0;
  return parts.flatMap((p) => {
    const fc = p['functionCall'];
    if (!isRecord(fc)) return [];
    const name = asString(fc['name']) ?? '';
    const index = n++;
    return [
      { id: asString(fc['id']) ?? `${name}#${index}`, name, arguments: JSON.stringify(fc['args'] ?? {}) },
    ];
  });
}

/** The real id of a call (from the reply that made it), when the service gave one. */
function generateCallId(previous: Turn | undefined, callId: string): string | undefined {
  const parts = previous?.raw?.format === 'generate' ? previous.raw.parts : [];
  for (const p of parts) {
    const id = asString(asRecord(p['functionCall'])['id']);
    if (id === callId) return id;
  }
  return undefined;
}

/**
 * functionResponse parts; `response` must be an object, so other values are wrapped. A result's images
 * go inside its functionResponse as `parts` of `inlineData` where the model takes multimodal function
 * responses (shared/model-kinds.ts); for an older model they follow the function responses as inlineData
 * parts, each call named in a text part before its images (as chat does).
 */
export function generateResultParts(
  results: readonly ToolResult[],
  previous: Turn | undefined,
  files: TurnFiles | undefined,
  model: string,
): Json[] {
  const inside = takesMultimodalFunctionResponses(model);
  const after: Json[] = [];
  const responses = results.map((r) => {
    const value = resultValue(r.content);
    const response = r.isError ? { error: value } : isRecord(value) ? value : { result: value };
    const id = generateCallId(previous, r.callId);
    const images = wireToolImages(r, files);
    if (images.length > 0 && !inside)
      after.push({ text: IMAGES_HEAD(r, images.length) }, ...images.map(inlineDataOf));
    return {
      functionResponse: {
        name: r.name,
        response,
        ...(id !== undefined ? { id } : {}),
        ...(images.length > 0 && inside ? { parts: images.map(inlineDataOf) } : {}),
      },
    };
  });
  return [...responses, ...after];
}

function inlineDataOf(f: WireFile): Json {
  return { inlineData: { mimeType: f.attachment.mimeType, data: f.base64() } };
}

// ---------- shared ----------

/** A result as text for the formats that take text: as typed, with an error said in words. */
function resultText(r: ToolResult): string {
  return r.isError ? `Error: ${r.content}` : r.content;
}

/** Whether a turn answers calls (and so goes on the wire in its format's result shape). */
export function hasResults(turn: Turn): turn is Turn & { toolResults: ToolResult[] } {
  return turn.role === 'user' && (turn.toolResults?.length ?? 0) > 0;
}
