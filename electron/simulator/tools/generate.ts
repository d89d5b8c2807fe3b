// Tool calls in generate content: `tools[].functionDeclarations`, `toolConfig.functionCallingConfig`,
// functionCall parts in model turns and the functionResponse parts that answer them (README "Tool calls").
import { invalidRequest, type SimError } from '../errors.ts';
import type { SimTool, ToolRequest } from './plan.ts';
import { NO_TOOLS } from './plan.ts';
import { isRecord } from '../../../shared/wire.ts';
import type { ReceivedAttachment } from '../attachments/received.ts';
import { generateInlineData } from '../formats/attachment-parts.ts';

/** The service's rule for declared names: a letter or underscore first, then letters, digits, _ . : - */
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]{0,63}$/;
const MODES = ['AUTO', 'ANY', 'NONE', 'VALIDATED', 'MODE_UNSPECIFIED'];

/** A field under its JSON name or its proto name (`functionDeclarations` / `function_declarations`). */
function field(record: Record<string, unknown>, camel: string, snake: string): unknown {
  return record[camel] ?? record[snake];
}

/**
 * `parameters` is an OpenAPI-style schema whose types may be upper case (`OBJECT`, `STRING`); the
 * simulator's schema reader knows JSON Schema, so the types are lowered.
 */
function lowerTypes(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(lowerTypes);
  if (!isRecord(schema)) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === 'type' && typeof value === 'string' ? value.toLowerCase() : lowerTypes(value);
  }
  return out;
}

/** `tools: [{functionDeclarations: [{name, description?, parameters? | parametersJsonSchema?}]}]` and `toolConfig`. */
export function generateToolRequest(body: Record<string, unknown>): ToolRequest {
  const raw = body['tools'];
  if (raw !== undefined && raw !== null && !Array.isArray(raw)) {
    throw invalidRequest('Invalid JSON payload received. tools must be a list of Tool objects.');
  }
  const tools: SimTool[] = [];
  (Array.isArray(raw) ? raw : []).forEach((tool, i) => {
    if (!isRecord(tool)) throw invalidRequest(`tools[${i}] must be a Tool object`);
    const declarations = field(tool, 'functionDeclarations', 'function_declarations');
    if (declarations === undefined) {
      const kind = Object.keys(tool)[0] ?? 'an empty tool';
      throw invalidRequest(
        `tools[${i}]: ${kind} is not supported by the simulator (functionDeclarations only).`,
      );
    }
    if (!Array.isArray(declarations)) throw invalidRequest(`tools[${i}].functionDeclarations must be a list`);
    declarations.forEach((decl, j) =>
      tools.push(declaration(decl, `tools[${i}].function_declarations[${j}]`)),
    );
  });
  const seen = new Set<string>();
  for (const t of tools) {
    if (seen.has(t.name)) throw invalidRequest(`Duplicate function declaration found: ${t.name}`);
    seen.add(t.name);
  }
  const config = generateChoice(body['toolConfig'] ?? body['tool_config'], tools);
  return tools.length === 0 ? NO_TOOLS : { tools, choice: config, parallel: true };
}

function declaration(decl: unknown, where: string): SimTool {
  if (!isRecord(decl))
    throw invalidRequest(`* GenerateContentRequest.${where}: must be a FunctionDeclaration object`);
  const name = decl['name'];
  if (typeof name !== 'string' || !NAME.test(name)) {
    throw invalidRequest(
      `* GenerateContentRequest.${where}.name: Invalid function name. Must start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores, dots, colons and dashes, with a maximum length of 64.`,
    );
  }
  if (decl['description'] !== undefined && typeof decl['description'] !== 'string') {
    throw invalidRequest(`* GenerateContentRequest.${where}.description: must be a string`);
  }
  const openApi = decl['parameters'];
  const jsonSchema = field(decl, 'parametersJsonSchema', 'parameters_json_schema');
  if (openApi !== undefined && jsonSchema !== undefined) {
    throw invalidRequest(
      `* GenerateContentRequest.${where}: parameters and parameters_json_schema cannot both be set.`,
    );
  }
  const schema = jsonSchema ?? (openApi === undefined ? undefined : lowerTypes(openApi));
  if (schema !== undefined && !isRecord(schema)) {
    throw invalidRequest(`* GenerateContentRequest.${where}.parameters: must be a Schema object`);
  }
  return { name, schema: schema ?? {} };
}

/** `toolConfig: {functionCallingConfig: {mode, allowedFunctionNames?}}`; absent is AUTO. */
function generateChoice(value: unknown, tools: readonly SimTool[]): ToolRequest['choice'] {
  if (value === undefined || value === null) return { mode: 'auto' };
  if (!isRecord(value)) throw invalidRequest('toolConfig must be an object');
  const config = field(value, 'functionCallingConfig', 'function_calling_config');
  if (config === undefined || config === null) return { mode: 'auto' };
  if (!isRecord(config)) throw invalidRequest('toolConfig.functionCallingConfig must be an object');
  const mode = config['mode'] ?? 'AUTO';
  if (typeof mode !== 'string' || !MODES.includes(mode)) {
    throw invalidRequest(
      `Invalid value at 'tool_config.function_calling_config.mode' (type.googleapis.com/google.ai.generativelanguage.v1beta.FunctionCallingConfig.Mode), "${String(mode)}"`,
    );
  }
  const allowed = field(config, 'allowedFunctionNames', 'allowed_function_names');
  if (allowed !== undefined && allowed !== null) {
    if (!Array.isArray(allowed) || allowed.some((n) => typeof n !== 'string')) {
      throw invalidRequest('toolConfig.functionCallingConfig.allowedFunctionNames must be a list of strings');
    }
    if (mode !== 'ANY' && mode !== 'VALIDATED') {
      throw invalidRequest(
        'toolConfig.functionCallingConfig.allowedFunctionNames may be set only when the mode is ANY.',
      );
    }
    for (const name of allowed as string[]) {
      if (!tools.some((t) => t.name === name)) {
        throw invalidRequest(
          `toolConfig.functionCallingConfig.allowedFunctionNames: no function named '${name}' is declared.`,
        );
      }
    }
  }
  const names = Array.isArray(allowed) && allowed.length > 0 ? { allowed: allowed as string[] } : {};
  if (mode === 'NONE') return { mode: 'none' };
  if (mode === 'ANY') return { mode: 'required', ...names };
  return { mode: 'auto', ...names };
}

/** A functionCall part's call (model turns only). */
export function readFunctionCall(
  part: Record<string, unknown>,
  where: string,
): { name: string; args: unknown } | undefined {
  const call = field(part, 'functionCall', 'function_call');
  if (call === undefined) return undefined;
  if (!isRecord(call) || typeof call['name'] !== 'string') {
    throw invalidRequest(`${where}.functionCall must be an object with a name`);
  }
  const args = call['args'];
  if (args !== undefined && args !== null && !isRecord(args)) {
    throw invalidRequest(`${where}.functionCall.args must be an object`);
  }
  return { name: call['name'], args: args ?? {} };
}

/**
 * A functionResponse part's result (user turns only): the function's name and the response as text. A
 * response of only `{result: value}` (how a client wraps a result that is not an object) is shown as the
 * value, so the results sentence reads the same as through the other formats.
 */
export function readFunctionResponse(
  part: Record<string, unknown>,
  where: string,
): { name: string; content: string; received?: ReceivedAttachment[] } | undefined {
  const response = field(part, 'functionResponse', 'function_response');
  if (response === undefined) return undefined;
  if (!isRecord(response) || typeof response['name'] !== 'string') {
    throw invalidRequest(`${where}.functionResponse must be an object with a name`);
  }
  const value = response['response'];
  if (!isRecord(value)) {
    throw invalidRequest(
      `${where}.functionResponse.response must be an object (wrap other values as {"result": …})`,
    );
  }
  const keys = Object.keys(value);
  const shown = keys.length === 1 && keys[0] === 'result' ? value['result'] : value;
  const content = JSON.stringify(shown) ?? 'null';
  // multimodal function responses: `parts` of inlineData (the media a function returned)
  const parts = response['parts'];
  if (parts === undefined) return { name: response['name'], content };
  if (!Array.isArray(parts)) throw invalidRequest(`${where}.functionResponse.parts must be an array`);
  const received = parts.map((p, k) => {
    const at = `${where}.functionResponse.parts[${k}]`;
    const media = isRecord(p) ? generateInlineData(p, at) : undefined;
    if (media === undefined) throw invalidRequest(`${at} must hold inlineData`);
    return media;
  });
  return { name: response['name'], content, received };
}

/** A replayed call without the signature it was issued with; `position` counts contents from 1. */
export function generateMissingSignature(name: string, position: number): SimError {
  return invalidRequest(
    `Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance. Additional data, function call \`default_api:${name}\` , position ${position}.`,
  );
}

export function generatePairing(): SimError {
  return invalidRequest(
    'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
  );
}
