// Tool calls in chat completions: `tools`, `tool_choice`, `parallel_tool_calls`, an assistant message's
// `tool_calls` and the `role: "tool"` messages that answer them (README "Tool calls").
import { invalidRequest, type SimError } from '../errors.ts';
import { readContent } from '../formats/content.ts';
import { optionalBoolean } from '../validate.ts';
import { isFunctionName, seedId, type SimCall, type SimTool, type ToolRequest, NO_TOOLS } from './plan.ts';
import { isRecord } from '../../../shared/wire.ts';

const NAME_PATTERN = '^[a-zA-Z0-9_-]+$';

/** `tools: [{type: 'function', function: {name, description?, parameters?, strict?}}]` and the choice. */
export function chatToolRequest(body: Record<string, unknown>): ToolRequest {
  const raw = body['tools'];
  const rawChoice = body['tool_choice'];
  if (raw === undefined || raw === null) {
    if (rawChoice !== undefined && rawChoice !== null) {
      throw invalidRequest(
        "Invalid value for 'tool_choice': 'tool_choice' is only allowed when 'tools' are specified.",
        'tool_choice',
      );
    }
    return NO_TOOLS;
  }
  if (!Array.isArray(raw)) throw invalidRequest("Invalid type for 'tools': expected an array.", 'tools');
  if (raw.length === 0) {
    throw invalidRequest("Invalid 'tools': empty array. Expected an array with minimum length 1.", 'tools');
  }
  const tools = raw.map((tool, i): SimTool => {
    const where = `tools[${i}]`;
    if (!isRecord(tool)) throw invalidRequest(`Invalid type for '${where}': expected an object.`, where);
    if (tool['type'] !== 'function') {
      throw invalidRequest(
        `Invalid value for '${where}.type': the simulator supports 'function' tools only.`,
        `${where}.type`,
      );
    }
    const fn = tool['function'];
    if (!isRecord(fn)) {
      throw invalidRequest(`Missing required parameter: '${where}.function'.`, `${where}.function`);
    }
    const name = fn['name'];
    if (!isFunctionName(name)) {
      throw invalidRequest(
        `Invalid '${where}.function.name': string does not match pattern. Expected a string that matches the pattern '${NAME_PATTERN}'.`,
        `${where}.function.name`,
      );
    }
    if (fn['description'] !== undefined && typeof fn['description'] !== 'string') {
      throw invalidRequest(
        `Invalid type for '${where}.function.description': expected a string.`,
        `${where}.function.description`,
      );
    }
    const parameters = fn['parameters'];
    if (parameters !== undefined && !isRecord(parameters)) {
      throw invalidRequest(
        `Invalid type for '${where}.function.parameters': expected an object.`,
        `${where}.function.parameters`,
      );
    }
    optionalBoolean(fn, 'strict');
    return { name, schema: parameters ?? {} };
  });
  refuseDuplicates(tools);
  const parallel = optionalBoolean(body, 'parallel_tool_calls') ?? true;
  return { tools, choice: chatChoice(rawChoice, tools), parallel };
}

function refuseDuplicates(tools: readonly SimTool[]): void {
  const seen = new Set<string>();
  tools.forEach((t, i) => {
    if (seen.has(t.name)) {
      throw invalidRequest(
        `Invalid 'tools': the function name '${t.name}' appears more than once.`,
        `tools[${i}].function.name`,
      );
    }
    seen.add(t.name);
  });
}

/** 'auto' | 'none' | 'required' | {type: 'function', function: {name}}; absent is auto. */
function chatChoice(value: unknown, tools: readonly SimTool[]): ToolRequest['choice'] {
  if (value === undefined || value === null || value === 'auto') return { mode: 'auto' };
  if (value === 'none' || value === 'required') return { mode: value };
  const fn = isRecord(value) && value['type'] === 'function' ? value['function'] : undefined;
  const name = isRecord(fn) ? fn['name'] : undefined;
  if (typeof name !== 'string') {
    throw invalidRequest(
      "Invalid value for 'tool_choice': expected 'none', 'auto', 'required' or {type: 'function', function: {name}}.",
      'tool_choice',
    );
  }
  if (!tools.some((t) => t.name === name)) {
    throw invalidRequest(
      `Invalid value for 'tool_choice': no function named '${name}' is in 'tools'.`,
      'tool_choice.function.name',
    );
  }
  return { mode: 'required', allowed: [name] };
}

/** One call of an assistant message's `tool_calls`, as the simulator checks it. */
export interface ChatCall {
  id: string;
  name: string;
  arguments: string;
}

/** The `tool_calls` of an assistant message (none when absent). */
export function chatMessageCalls(message: Record<string, unknown>, where: string): ChatCall[] {
  const raw = message['tool_calls'];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw invalidRequest(`${where}.tool_calls must be an array`, 'messages');
  return raw.map((call, i) => {
    const at = `${where}.tool_calls[${i}]`;
    if (!isRecord(call) || typeof call['id'] !== 'string' || call['id'] === '') {
      throw invalidRequest(`${at} must be an object with an id`, 'messages');
    }
    if (call['type'] !== 'function') throw invalidRequest(`${at}.type must be 'function'`, 'messages');
    const fn = call['function'];
    if (!isRecord(fn) || typeof fn['name'] !== 'string' || typeof fn['arguments'] !== 'string') {
      throw invalidRequest(`${at}.function must be {name, arguments} (both strings)`, 'messages');
    }
    return { id: call['id'], name: fn['name'], arguments: fn['arguments'] };
  });
}

/** A `role: "tool"` message: which call it answers and the result text. */
export function chatToolMessage(
  message: Record<string, unknown>,
  where: string,
): { callId: string; content: string } {
  const callId = message['tool_call_id'];
  if (typeof callId !== 'string' || callId === '') {
    throw invalidRequest(`Missing required parameter: '${where}.tool_call_id'.`, `${where}.tool_call_id`);
  }
  const content = readContent(message['content'], `${where}.content`, { text: ['text'] }, false).text;
  return { callId, content };
}

/** "An assistant message with 'tool_calls' must be followed by tool messages …" for `missing` call ids. */
export function chatMissingResults(at: number, missing: readonly string[]): SimError {
  return invalidRequest(
    `An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: ${missing.join(', ')}`,
    `messages.[${at}].role`,
  );
}

/** A tool message that answers no call of the assistant message right before it. */
export function chatStrangerResult(at: number): SimError {
  return invalidRequest(
    "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
    `messages.[${at}].role`,
  );
}

/** The reply's `tool_calls`. */
export function chatCallsOut(calls: readonly SimCall[]): Array<Record<string, unknown>> {
  return calls.map((c) => ({
    id: chatCallId(c),
    type: 'function',
    function: { name: c.name, arguments: c.argsText },
  }));
}

export function chatCallId(call: SimCall): string {
  return `call_${seedId(call.seed, 24)}`;
}
