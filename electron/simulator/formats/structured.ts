// Structured output requests (each format's own field): the reply becomes a deterministic JSON instance of
// the schema, or a small fixed object in plain JSON mode, so a client's JSON view can be tested offline.
import { invalidRequest } from '../errors.ts';
import { isRecord } from '../../../shared/wire.ts';
import { JSON_MODE_SAMPLE, schemaInstance } from '../../../shared/json-schema.ts';

/** The reply text a structured request gets, or undefined for a plain text reply. */
type Structured = string | undefined;

function instanceOf(schema: unknown, where: string): string {
  if (!isRecord(schema)) throw invalidRequest(`${where} must be an object`, where);
  return JSON.stringify(schemaInstance(schema));
}

const JSON_MODE = JSON.stringify(JSON_MODE_SAMPLE);

/** chat: `response_format: {type: text | json_object | json_schema, json_schema: {name, schema, strict}}`. */
export function chatStructured(body: Record<string, unknown>): Structured {
  const rf = body['response_format'];
  if (rf === undefined || rf === null) return undefined;
  if (!isRecord(rf)) throw invalidRequest('response_format must be an object', 'response_format');
  const type = rf['type'];
  if (type === 'text') return undefined;
  if (type === 'json_object') return JSON_MODE;
  if (type !== 'json_schema') {
    throw invalidRequest(
      "response_format.type must be one of 'text', 'json_object', 'json_schema'",
      'response_format.type',
    );
  }
  const js = rf['json_schema'];
  if (!isRecord(js))
    throw invalidRequest('response_format.json_schema must be an object', 'response_format.json_schema');
  if (typeof js['name'] !== 'string' || js['name'] === '') {
    throw invalidRequest('response_format.json_schema.name is required', 'response_format.json_schema.name');
  }
  return instanceOf(js['schema'] ?? {}, 'response_format.json_schema.schema');
}

/** responses: `text: {format: {type, name, schema, strict}}`; the format is echoed on the response. */
export function responsesStructured(body: Record<string, unknown>): { text: Structured; format: unknown } {
  const t = body['text'];
  if (t === undefined || t === null) return { text: undefined, format: { type: 'text' } };
  if (!isRecord(t)) throw invalidRequest('text must be an object', 'text');
  const f = t['format'] ?? { type: 'text' };
  if (!isRecord(f)) throw invalidRequest('text.format must be an object', 'text.format');
  const type = f['type'];
  if (type === 'text') return { text: undefined, format: f };
  if (type === 'json_object') return { text: JSON_MODE, format: f };
  if (type !== 'json_schema') {
    throw invalidRequest(
      "text.format.type must be one of 'text', 'json_object', 'json_schema'",
      'text.format.type',
    );
  }
  if (typeof f['name'] !== 'string' || f['name'] === '') {
    throw invalidRequest('text.format.name is required', 'text.format.name');
  }
  return { text: instanceOf(f['schema'], 'text.format.schema'), format: f };
}

/** generate content: `generationConfig.responseMimeType` with `responseJsonSchema` or `responseSchema`. */
export function generateStructured(config: Record<string, unknown>): Structured {
  const mime = config['responseMimeType'];
  const schema = config['responseJsonSchema'] ?? config['responseSchema'];
  if (mime !== undefined && typeof mime !== 'string') {
    throw invalidRequest('generationConfig.responseMimeType must be a string');
  }
  if (schema !== undefined && mime !== 'application/json') {
    throw invalidRequest("generationConfig: a response schema needs responseMimeType 'application/json'");
  }
  if (mime !== 'application/json') return undefined;
  return schema === undefined ? JSON_MODE : instanceOf(schema, 'generationConfig.responseJsonSchema');
}

/** messages: `output_config: {format: {type: 'json_schema', schema}}`. */
export function messagesStructured(body: Record<string, unknown>): Structured {
  const oc = body['output_config'];
  if (oc === undefined || oc === null) return undefined;
  if (!isRecord(oc)) throw invalidRequest('output_config must be an object', 'output_config');
  const f = oc['format'];
  if (f === undefined || f === null) return undefined;
  if (!isRecord(f) || f['type'] !== 'json_schema') {
    throw invalidRequest("output_config.format.type must be 'json_schema'", 'output_config.format');
  }
  return instanceOf(f['schema'], 'output_config.format.schema');
}
