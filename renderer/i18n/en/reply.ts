import type { Entry } from '../translate.ts';

/**
 * How a reply ended when not normally (the page's own words; shared/end-reason.ts keeps the command
 * line's English), and the check of a reply that asked for JSON.
 */
export const reply = {
  'reply.retry': 'Retry',
  'reply.end.stopped': 'You stopped this reply.',
  'reply.end.network': 'The connection broke before the reply was complete.',
  'reply.end.timeout': 'The service went silent for too long; Quartet stopped waiting.',
  'reply.end.service-error': 'The service sent an error instead of the rest of the reply.',
  'reply.end.too-large': 'The reply reached the size limit set in Settings; Quartet stopped reading it.',
  'reply.end.refusal': 'The model refused to answer.',
  'reply.end.content-filter': "The service's content filter stopped the reply.",
  'reply.end.length': 'The reply reached the maximum number of output tokens.',
  'reply.end.empty': 'The model returned no text.',
  'reply.end.too-many-calls':
    'The reply asked for more than {max} function calls at once, more than Quartet answers; its calls were not kept. Ask again, or ask for fewer calls.',
  'reply.endLabel.stopped': 'stopped by you',
  'reply.endLabel.network': 'connection broke',
  'reply.endLabel.timeout': 'timed out',
  'reply.endLabel.service-error': 'service error',
  'reply.endLabel.too-large': 'size limit',
  'reply.endLabel.refusal': 'refused',
  'reply.endLabel.content-filter': 'filtered',
  'reply.endLabel.length': 'token limit',
  'reply.endLabel.empty': 'no text',
  'reply.endLabel.too-many-calls': 'too many calls',

  'reply.json.valid': 'Valid JSON.',
  'reply.json.invalid': 'Not valid JSON.',
  'reply.json.tooDeep': 'Valid JSON nested deeper than {depth} levels: shown as sent, not checked.',
  'reply.json.invalidAt': 'Not valid JSON (line {line}, column {column}).',
  'reply.json.schemaUnchecked': 'Valid JSON (the schema is not valid JSON, so it was not checked).',
  'reply.json.matches': 'Valid JSON, matches the schema.',
  'reply.json.mismatch': 'Valid JSON, does not match the schema: {problem}.',
  'reply.json.mismatchMany': 'Valid JSON, does not match the schema in {count} places:',
  'reply.json.mismatchMore': 'and {count} more',
} satisfies Record<string, Entry>;
