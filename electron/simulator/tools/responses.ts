// Tool calls in responses: `tools`, `tool_choice`, `parallel_tool_calls`, `function_call` output items and
// the `function_call_output` items that answer them (README "Tool calls").
import { invalidRequest, type SimError } from '../errors.ts';
import { optionalBoolean } from '../validate.ts';
import { isFunctionName, seedId, type SimCall, type SimTool, type ToolRequest, NO_TOOLS } from './plan.ts';
import { isRecord } from '../../../shared/wire.ts';
import type { ReceivedAttachment } from '../attachments/received.ts';
import { readContent } from '../formats/content.ts';
import { RESPONSES_PARTS } from '../formats/attachment-parts.ts';
import { readImageTool, type ImageTool } from './image-generation.ts';

/** The request's tools and choice, and the values the response echoes for them. */
export interface ResponsesTools extends ToolRequest {
  echo: { tools: unknown[]; tool_choice: unknown; parallel_tool_calls: boolean };
  /** the built-in image_generation tool, when declared */
  image?: ImageTool;
}

/** `tools: [{type: 'function', name, description?, parameters?, strict?}]` and the choice. */
export function responsesToolRequest(body: Record<string, unknown>): ResponsesTools {
  const raw = body['tools'];
  const rawChoice = body['tool_choice'];
  const parallel = optionalBoolean(body, 'parallel_tool_calls') ?? true;
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) {
    throw invalidRequest("Invalid type for 'tools': expected an array.", 'tools');
  }
  const list: unknown[] = Array.isArray(raw) ? raw : [];
  let image: ImageTool | undefined;
  const tools = list.flatMap((tool, i): SimTool[] => {
    const where = `tools[${i}]`;
    if (!isRecord(tool)) throw invalidRequest(`Invalid type for '${where}': expected an object.`, where);
    if (tool['type'] === 'image_generation') {
      if (image !== undefined) {
        throw invalidRequest(`Invalid 'tools': the image_generation tool appears more than once.`, where);
      }
      image = readImageTool(tool, where);
      return [];
    }
    if (tool['type'] !== 'function') {
      throw invalidRequest(
        `Invalid value for '${where}.type': the simulator supports 'function' and 'image_generation' tools only.`,
        `${where}.type`,
      );
    }
    if (!isFunctionName(tool['name'])) {
      throw invalidRequest(
        `Invalid '${where}.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`,
        `${where}.name`,
      );
    }
    if (
      tool['description'] !== undefined &&
      tool['description'] !== null &&
      typeof tool['description'] !== 'string'
    ) {
      throw invalidRequest(
        `Invalid type for '${where}.description': expected a string.`,
        `${where}.description`,
      );
    }
    const parameters = tool['parameters'];
    if (parameters !== undefined && parameters !== null && !isRecord(parameters)) {
      throw invalidRequest(
        `Invalid type for '${where}.parameters': expected an object.`,
        `${where}.parameters`,
      );
    }
    optionalBoolean(tool, 'strict');
    return [{ name: tool['name'], schema: isRecord(parameters) ? parameters : {} }];
  });
  const seen = new Set<string>();
  tools.forEach((t, i) => {
    if (seen.has(t.name)) {
      throw invalidRequest(
        `Invalid 'tools': the function name '${t.name}' appears more than once.`,
        `tools[${i}].name`,
      );
    }
    seen.add(t.name);
  });
  const forcesImage = isRecord(rawChoice) && rawChoice['type'] === 'image_generation';
  if (forcesImage && image === undefined) {
    throw invalidRequest(
      "Invalid value for 'tool_choice': the image_generation tool is not in 'tools'.",
      'tool_choice',
    );
  }
  const choice = forcesImage ? { mode: 'none' as const } : responsesChoice(rawChoice, tools);
  const echo = { tools: list, tool_choice: rawChoice ?? 'auto', parallel_tool_calls: parallel };
  const request = tools.length === 0 ? { ...NO_TOOLS, echo } : { tools, choice, parallel, echo };
  return image === undefined ? request : { ...request, image };
}

/** 'auto' | 'none' | 'required' | {type: 'function', name}; absent is auto. */
function responsesChoice(value: unknown, tools: readonly SimTool[]): ToolRequest['choice'] {
  if (value === undefined || value === null || value === 'auto') return { mode: 'auto' };
  if (value === 'none' || value === 'required') return { mode: value };
  const name = isRecord(value) && value['type'] === 'function' ? value['name'] : undefined;
  if (typeof name !== 'string') {
    throw invalidRequest(
      "Invalid value for 'tool_choice': expected 'none', 'auto', 'required' or {type: 'function', name}.",
      'tool_choice',
    );
  }
  if (!tools.some((t) => t.name === name)) {
    throw invalidRequest(
      `Invalid value for 'tool_choice': no function named '${name}' is in 'tools'.`,
      'tool_choice.name',
    );
  }
  return { mode: 'required', allowed: [name] };
}

/** A `function_call` input item: the call id a result names, and the call. */
export function responsesCallItem(
  item: Record<string, unknown>,
  where: string,
): { id: string; name: string; arguments: string } {
  const callId = item['call_id'];
  const name = item['name'];
  const args = item['arguments'];
  if (typeof callId !== 'string' || callId === '')
    throw invalidRequest(`${where}.call_id must be a string`, 'input');
  if (typeof name !== 'string') throw invalidRequest(`${where}.name must be a string`, 'input');
  if (typeof args !== 'string') throw invalidRequest(`${where}.arguments must be a string`, 'input');
  return { id: callId, name, arguments: args };
}

/** A `function_call_output` input item: the call it answers and its output text. */
export function responsesOutputItem(
  item: Record<string, unknown>,
  where: string,
): { callId: string; output: string; received: ReceivedAttachment[] } {
  const callId = item['call_id'];
  if (typeof callId !== 'string' || callId === '')
    throw invalidRequest(`${where}.call_id must be a string`, 'input');
  const output = item['output'];
  if (typeof output === 'string') return { callId, output, received: [] };
  // The output may also be a list of input_text, input_image and input_file parts (images and files a
  // tool returned, read as a user message's are).
  if (Array.isArray(output)) {
    const read = readContent(
      output,
      `${where}.output`,
      { text: ['input_text'], attachments: RESPONSES_PARTS },
      true,
    );
    return { callId, output: read.text, received: read.received };
  }
  throw invalidRequest(
    `${where}.output must be a string or an array of input_text, input_image and input_file parts`,
    'input',
  );
}

export function responsesMissingOutput(callId: string): SimError {
  return invalidRequest(`No tool output found for function call ${callId}.`, 'input');
}

export function responsesStrangerOutput(callId: string): SimError {
  return invalidRequest(`No tool call found for function call output with call_id ${callId}.`, 'input');
}

/** The reply's `function_call` output items. */
export function responsesCallItems(calls: readonly SimCall[]): Array<Record<string, unknown>> {
  return calls.map((c) => ({
    id: `fc_${c.seed.slice(0, 48)}`,
    type: 'function_call',
    status: 'completed',
    arguments: c.argsText,
    call_id: `call_${seedId(c.seed, 24)}`,
    name: c.name,
  }));
}
