// Tool calls in messages: `tools`, `tool_choice`, `tool_use` blocks in assistant turns and the
// `tool_result` blocks that must open the next user message (README "Tool calls").
import { invalidRequest, type SimError } from '../errors.ts';
import { readContent } from '../formats/content.ts';
import { MESSAGES_PARTS } from '../formats/attachment-parts.ts';
import type { ReceivedAttachment } from '../attachments/received.ts';
import { isFunctionName, seedId, type SimCall, type SimTool, type ToolRequest, NO_TOOLS } from './plan.ts';
import { isRecord } from '../../../shared/wire.ts';

const CHOICE_TYPES = ['auto', 'any', 'tool', 'none'];

/** `tools: [{name, description?, input_schema}]` and `tool_choice: {type, name?, disable_parallel_tool_use?}`. */
export function messagesToolRequest(body: Record<string, unknown>): ToolRequest {
  const raw = body['tools'];
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) {
    throw invalidRequest('tools: Input should be a valid list');
  }
  const tools = (Array.isArray(raw) ? raw : []).map((tool, i): SimTool => {
    const where = `tools.${i}`;
    if (!isRecord(tool)) throw invalidRequest(`${where}: Input should be a valid dictionary`);
    const type = tool['type'];
    // Server tools (web search, code execution, …) have a versioned type; the simulator has none of them.
    if (type !== undefined && type !== null && type !== 'custom') {
      throw invalidRequest(
        `${where}.type: '${String(type)}' is not supported by the simulator (custom tools only)`,
      );
    }
    if (!isFunctionName(tool['name'], 128)) {
      throw invalidRequest(`${where}.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'`);
    }
    if (tool['description'] !== undefined && typeof tool['description'] !== 'string') {
      throw invalidRequest(`${where}.description: Input should be a valid string`);
    }
    const schema = tool['input_schema'];
    if (schema === undefined) throw invalidRequest(`${where}.input_schema: Field required`);
    if (!isRecord(schema)) throw invalidRequest(`${where}.input_schema: Input should be a valid dictionary`);
    if (schema['type'] !== 'object')
      throw invalidRequest(`${where}.input_schema.type: Input should be 'object'`);
    return { name: tool['name'], schema };
  });
  const seen = new Set<string>();
  for (const t of tools) {
    if (seen.has(t.name)) throw invalidRequest('tools: Tool names must be unique.');
    seen.add(t.name);
  }
  const { choice, parallel } = messagesChoice(body['tool_choice'], tools);
  return tools.length === 0 ? NO_TOOLS : { tools, choice, parallel };
}

function messagesChoice(value: unknown, tools: readonly SimTool[]): Omit<ToolRequest, 'tools'> {
  if (value === undefined || value === null) return { choice: { mode: 'auto' }, parallel: true };
  if (!isRecord(value)) throw invalidRequest('tool_choice: Input should be a valid dictionary');
  const type = value['type'];
  if (typeof type !== 'string' || !CHOICE_TYPES.includes(type)) {
    throw invalidRequest(
      `tool_choice: Input tag '${String(type)}' found using 'type' does not match any of the expected tags: ${CHOICE_TYPES.map((t) => `'${t}'`).join(', ')}`,
    );
  }
  const disable = value['disable_parallel_tool_use'];
  if (disable !== undefined && typeof disable !== 'boolean') {
    throw invalidRequest('tool_choice.disable_parallel_tool_use: Input should be a valid boolean');
  }
  const parallel = disable !== true;
  if (type === 'auto') return { choice: { mode: 'auto' }, parallel };
  if (type === 'none') return { choice: { mode: 'none' }, parallel };
  if (type === 'any') return { choice: { mode: 'required' }, parallel };
  const name = value['name'];
  if (typeof name !== 'string') throw invalidRequest('tool_choice.tool.name: Field required');
  if (!tools.some((t) => t.name === name)) {
    throw invalidRequest(`tool_choice.tool.name: Tool '${name}' not found in tools`);
  }
  return { choice: { mode: 'required', allowed: [name] }, parallel };
}

/** Whether the choice forces a call (`any` or a named tool), which extended thinking does not allow. */
export function forcesToolUse(request: ToolRequest): boolean {
  return request.tools.length > 0 && request.choice.mode === 'required';
}

export interface ToolUse {
  id: string;
  name: string;
  input: Record<string, unknown>;
}

/** A `tool_use` block of an assistant message. */
export function readToolUse(block: Record<string, unknown>, where: string): ToolUse {
  const { id, name, input } = block;
  if (typeof id !== 'string' || id === '') throw invalidRequest(`${where}.id: Field required`);
  if (typeof name !== 'string') throw invalidRequest(`${where}.name: Field required`);
  if (!isRecord(input)) throw invalidRequest(`${where}.input: Input should be a valid dictionary`);
  return { id, name, input };
}

export interface ToolResultBlock {
  toolUseId: string;
  content: string;
  received: ReceivedAttachment[];
}

/** A `tool_result` block of a user message: the call it answers and its content as text. */
export function readToolResult(block: Record<string, unknown>, where: string): ToolResultBlock {
  const toolUseId = block['tool_use_id'];
  if (typeof toolUseId !== 'string' || toolUseId === '')
    throw invalidRequest(`${where}.tool_use_id: Field required`);
  const isError = block['is_error'];
  if (isError !== undefined && typeof isError !== 'boolean') {
    throw invalidRequest(`${where}.is_error: Input should be a valid boolean`);
  }
  const raw = block['content'];
  // text, and the images and documents a tool returned, read as a user message's blocks are
  const read =
    raw === undefined
      ? { text: '', received: [] }
      : readContent(raw, `${where}.content`, { text: ['text'], attachments: MESSAGES_PARTS }, true);
  return { toolUseId, content: read.text, received: read.received };
}

/** The assistant message `at` has tool_use blocks that the next message does not answer first. */
export function messagesMissingResults(at: number, missing: readonly string[]): SimError {
  return invalidRequest(
    `messages.${at}: \`tool_use\` ids were found without \`tool_result\` blocks immediately after: ${missing.join(', ')}. Each \`tool_use\` block must have a corresponding \`tool_result\` block in the next message.`,
  );
}

/** Block `block` of user message `at` answers no tool_use block of the message before it. */
export function messagesStrangerResult(at: number, block: number, id: string): SimError {
  return invalidRequest(
    `messages.${at}.content.${block}: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`,
  );
}

/**
 * With thinking enabled, the assistant message whose tool_use blocks the last user message answers must
 * start with its thinking block, as the service requires.
 */
export function messagesThinkingFirst(at: number, found: string): SimError {
  return invalidRequest(
    `messages.${at}.content.0.type: Expected \`thinking\` or \`redacted_thinking\`, but found \`${found}\`. When \`thinking\` is enabled, a final \`assistant\` message must start with a thinking block (preceeding the lastmost set of \`tool_use\` and \`tool_result\` blocks). We recommend you include thinking blocks from previous turns. To avoid this requirement, disable \`thinking\`.`,
  );
}

/** The reply's `tool_use` blocks. */
export function toolUseBlocks(
  calls: readonly SimCall[],
): Array<{ type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }> {
  return calls.map((c) => ({
    type: 'tool_use',
    id: `toolu_01${seedId(c.seed, 22)}`,
    name: c.name,
    input: c.args,
  }));
}
