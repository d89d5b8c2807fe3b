import type { Entry } from '../translate.ts';

/**
 * What Settings says of a base address as it is typed: shared/endpoints.ts's refusals and the note when
 * a whole endpoint was pasted (the English page says shared/'s words exactly). Addresses and what the
 * user typed are placeholders, so the page can mark them as not to be translated.
 */
export const endpoints = {
  'endpoints.problem.empty': 'The base address is empty.',
  'endpoints.problem.not-url': '"{text}" is not a URL; write it like {example}.',
  'endpoints.problem.scheme': 'The base address must start with {http} or {https}, not {protocol}.',
  'endpoints.problem.credentials':
    'The base address must not contain a user name or password; put keys in the key slots.',
  'endpoints.problem.query': 'The base address must not contain a query (?…) or fragment (#…).',
  'endpoints.pasted':
    "That is the {name} endpoint: Quartet uses its base, {root}, and adds each interface's path itself.",
  'endpoints.pasted.models':
    "That is the model list endpoint: Quartet uses its base, {root}, and adds each interface's path itself.",
  /** after either note, with its own leading space (Chinese writes none) */
  'endpoints.pasted.keyDropped': ' The key in its query was not kept: put keys in the key slots.',
} satisfies Record<string, Entry>;
