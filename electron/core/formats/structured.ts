// Structured output on the wire: each format's own documented field, only when the conversation asks.
import type { Params } from '../../../shared/conversation.ts';
import { parseSchema } from '../../../shared/json-schema.ts';
import type { Json } from './util.ts';

/** chat completions: `response_format`. */
export function chatResponseFormat(params: Params): Json | undefined {
  const o = params.output;
  if (!o) return undefined;
  if (o.mode === 'json') return { type: 'json_object' };
  return { type: 'json_schema', json_schema: { name: o.name, schema: parseSchema(o.schema), strict: true } };
}

/** responses: `text.format` (the name and schema sit beside the type, not nested). */
export function responsesTextFormat(params: Params): Json | undefined {
  const o = params.output;
  if (!o) return undefined;
  if (o.mode === 'json') return { format: { type: 'json_object' } };
  return { format: { type: 'json_schema', name: o.name, schema: parseSchema(o.schema), strict: true } };
}

/** generate content: fields of `generationConfig` (a JSON reply, with the schema as `responseJsonSchema`). */
export function generateOutputConfig(params: Params): Json {
  const o = params.output;
  if (!o) return {};
  if (o.mode === 'json') return { responseMimeType: 'application/json' };
  return { responseMimeType: 'application/json', responseJsonSchema: parseSchema(o.schema) };
}

/**
 * messages: `output_config.format` with a JSON Schema (the generally available field). Messages has no
 * plain JSON mode, so JSON mode sends nothing there (the panel says so).
 */
export function messagesOutputConfig(params: Params): Json | undefined {
  const o = params.output;
  if (o?.mode !== 'schema') return undefined;
  return { format: { type: 'json_schema', schema: parseSchema(o.schema) } };
}
