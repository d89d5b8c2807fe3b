// The response tables of the service spec (docs/spec/service-spec.md §2), transcribed row by row: field
// path, type, and the constant the spec documents (`equals`) or only reports as observed (`observed`).
// Data, not logic: the conformance check judges a service by them, and the simulator's tests hold its
// replies to them. Keep in step with the spec.

export type FieldType = 'string' | 'integer' | 'boolean' | 'array' | 'object' | 'string|null' | 'object|null';

export interface FieldRule {
  /** Dotted path as the spec writes it; `[]` walks every item of an array: `choices[].message.role`. */
  path: string;
  type: FieldType;
  /** A documented constant (or one of several): another value is a problem. */
  equals?: string | readonly string[];
  /** A value the spec only reports as observed: another value is a note, not a problem. */
  observed?: string | readonly string[];
  /** The spec says the field appears on some items only. */
  optional?: boolean;
  /** An array that must hold at least one item for the reply to make sense. */
  nonEmpty?: boolean;
}

export interface SpecTable {
  /** How detail lines name the object: "chat completion". */
  name: string;
  /** Where the table is in the spec: "§2.3". */
  section: string;
  fields: readonly FieldRule[];
}

/** §4.1 and §2.1: the model list and its entries. */
export const MODEL_LIST: SpecTable = {
  name: 'model list',
  section: '§4.1, §2.1',
  fields: [
    { path: 'data', type: 'array' },
    { path: 'data[].id', type: 'string' },
    { path: 'data[].object', type: 'string', equals: 'model' },
  ],
};

/** §2.3 Chat completion. */
export const CHAT_COMPLETION: SpecTable = {
  name: 'chat completion',
  section: '§2.3',
  fields: [
    { path: 'id', type: 'string' },
    { path: 'object', type: 'string', equals: 'chat.completion' },
    { path: 'created', type: 'integer' },
    { path: 'model', type: 'string' },
    { path: 'choices', type: 'array', nonEmpty: true },
    { path: 'choices[].index', type: 'integer' },
    { path: 'choices[].message.role', type: 'string', equals: 'assistant' },
    { path: 'choices[].message.content', type: 'string' },
    // "a finishing reason; `stop` on normal completion": the probe asks for a short, normal completion.
    { path: 'choices[].finish_reason', type: 'string', equals: 'stop' },
    { path: 'usage.prompt_tokens', type: 'integer' },
    { path: 'usage.completion_tokens', type: 'integer' },
    { path: 'usage.total_tokens', type: 'integer' },
    { path: 'service_tier', type: 'string' },
  ],
};

/** §2.4 Response object (and §3: `completed` on the response and on each output item). */
export const RESPONSE_OBJECT: SpecTable = {
  name: 'response object',
  section: '§2.4',
  fields: [
    { path: 'id', type: 'string' },
    { path: 'object', type: 'string', equals: 'response' },
    { path: 'created_at', type: 'integer' },
    { path: 'model', type: 'string' },
    { path: 'status', type: 'string', equals: 'completed' },
    { path: 'output', type: 'array', nonEmpty: true },
    { path: 'output[].type', type: 'string', equals: 'message' },
    { path: 'output[].id', type: 'string' },
    { path: 'output[].role', type: 'string', equals: 'assistant' },
    { path: 'output[].status', type: 'string', equals: 'completed' },
    { path: 'output[].content', type: 'array', nonEmpty: true },
    { path: 'output[].content[].type', type: 'string', equals: 'output_text' },
    { path: 'output[].content[].text', type: 'string' },
    { path: 'usage.input_tokens', type: 'integer' },
    { path: 'usage.output_tokens', type: 'integer' },
    { path: 'usage.total_tokens', type: 'integer' },
    { path: 'service_tier', type: 'string' },
  ],
};

/** §2.5 Image generation result. */
export const IMAGE_RESULT: SpecTable = {
  name: 'image generation result',
  section: '§2.5',
  fields: [
    { path: 'created', type: 'integer' },
    { path: 'background', type: 'string', observed: 'opaque' },
    { path: 'data', type: 'array', nonEmpty: true },
    { path: 'data[].b64_json', type: 'string' },
    { path: 'data[].generation_id', type: 'string' },
    { path: 'data[].model', type: 'string' },
    { path: 'data[].size', type: 'string' },
    { path: 'output_format', type: 'string' },
    { path: 'quality', type: 'string' },
    { path: 'size', type: 'string' },
    { path: 'usage.input_tokens', type: 'integer' },
    { path: 'usage.input_tokens_details.image_tokens', type: 'integer' },
    { path: 'usage.input_tokens_details.text_tokens', type: 'integer' },
    { path: 'usage.output_tokens', type: 'integer' },
    { path: 'usage.output_tokens_details.image_tokens', type: 'integer' },
    { path: 'usage.output_tokens_details.text_tokens', type: 'integer' },
    { path: 'usage.total_tokens', type: 'integer' },
  ],
};

/** §2.6 Message (messages format). */
export const MESSAGE: SpecTable = {
  name: 'message',
  section: '§2.6',
  fields: [
    { path: 'id', type: 'string' },
    { path: 'type', type: 'string', equals: 'message' },
    { path: 'role', type: 'string', equals: 'assistant' },
    { path: 'model', type: 'string' },
    { path: 'content', type: 'array', nonEmpty: true },
    { path: 'content[].type', type: 'string', equals: 'text' },
    { path: 'content[].text', type: 'string' },
    { path: 'content[].citations', type: 'array' },
    { path: 'stop_reason', type: 'string', observed: 'end_turn' },
    { path: 'stop_sequence', type: 'string|null' },
    { path: 'stop_details', type: 'object|null' },
    { path: 'context_management.applied_edits', type: 'array' },
    { path: 'usage.input_tokens', type: 'integer' },
    { path: 'usage.cache_creation_input_tokens', type: 'integer' },
    { path: 'usage.cache_read_input_tokens', type: 'integer' },
    { path: 'usage.cache_creation.ephemeral_5m_input_tokens', type: 'integer' },
    { path: 'usage.cache_creation.ephemeral_1h_input_tokens', type: 'integer' },
    { path: 'usage.output_tokens', type: 'integer' },
    { path: 'usage.output_tokens_details.thinking_tokens', type: 'integer' },
    { path: 'usage.service_tier', type: 'string', observed: 'standard' },
    { path: 'usage.inference_geo', type: 'string', observed: ['global', 'not_available'] },
  ],
};

/** §2.7 Generate-content result. `parts[]` are the parts of `candidates[].content`. */
export const GENERATE_RESULT: SpecTable = {
  name: 'generate-content result',
  section: '§2.7',
  fields: [
    { path: 'candidates', type: 'array', nonEmpty: true },
    { path: 'candidates[].content.role', type: 'string', equals: 'model' },
    { path: 'candidates[].content.parts', type: 'array', nonEmpty: true },
    { path: 'candidates[].content.parts[].text', type: 'string' },
    { path: 'candidates[].content.parts[].thought', type: 'boolean', optional: true },
    { path: 'candidates[].content.parts[].thoughtSignature', type: 'string', optional: true },
    { path: 'candidates[].finishReason', type: 'string', observed: 'STOP' },
    { path: 'usageMetadata.promptTokenCount', type: 'integer' },
    { path: 'usageMetadata.candidatesTokenCount', type: 'integer' },
    { path: 'usageMetadata.totalTokenCount', type: 'integer' },
    { path: 'modelVersion', type: 'string' },
    { path: 'responseId', type: 'string' },
  ],
};
