import {
  DEFAULT_MAX_TOKENS_MESSAGES,
  ParamsSchema,
  type Params,
  type Turn,
} from '../../../shared/conversation.ts';
import type { AppError } from '../../../shared/errors.ts';
import { MAX_MODEL_ID_CHARS } from '../../../shared/limits.ts';
import { messageAttachmentsProblem } from '../../../shared/attachments.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { MIN_THINKING_BUDGET } from '../formats/messages.ts';
import { pairingProblem } from '../../../shared/tools.ts';

/** Why a model id cannot be used, or undefined when it can. */
export function modelIdProblem(model: string): string | undefined {
  if (model.trim() === '') return 'Choose a model.';
  if (model.length > MAX_MODEL_ID_CHARS)
    return `The model id is longer than ${MAX_MODEL_ID_CHARS} characters.`;
  // Any id the service lists must be usable (it is encoded as one path segment, and sent as is in bodies);
  // only what no request can carry is refused.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(model))
    return `The model id ${JSON.stringify(model)} contains control characters, which no request can carry.`;
  return undefined;
}

/** A named tool choice must name a defined function; messages with thinking takes only auto or none. */
function toolChoiceIssues(format: TextFormat, p: Params): { path: string; message: string }[] {
  const choice = p.toolChoice;
  const tools = p.tools ?? [];
  if (choice === undefined || tools.length === 0) return [];
  if (typeof choice === 'object' && !tools.some((t) => t.name === choice.name)) {
    return [
      { path: 'params.toolChoice', message: `The tool choice names ${choice.name}, which is not defined.` },
    ];
  }
  const thinking = (p.thinkingBudget ?? 0) >= MIN_THINKING_BUDGET;
  if (format === 'messages' && thinking && choice !== 'auto' && choice !== 'none') {
    return [
      {
        path: 'params.toolChoice',
        message: 'Messages: with thinking enabled, the tool choice must be auto or none.',
      },
    ];
  }
  return [];
}

export interface TurnInput {
  format: TextFormat;
  model: string;
  history: Turn[];
  params: Params;
}

/**
 * Checks a turn before any request is made: a model, a last user turn with text or files (within the
 * format's attachment limits), parameters in range, and the rules of the chosen format. Returns an 'invalid-input' AppError, or undefined when it may be sent.
 */
export function validateTurnInput(input: TurnInput): AppError | undefined {
  const issues: { path: string; message: string }[] = [];
  const modelProblem = modelIdProblem(input.model);
  if (modelProblem) issues.push({ path: 'model', message: modelProblem });

  const last = input.history[input.history.length - 1];
  if (!last || last.role !== 'user') {
    issues.push({ path: 'history', message: 'The conversation must end with the new user message.' });
  } else {
    const attachments = last.attachments ?? [];
    // Files may be the whole message ("what is in this picture?" can go unsaid); the text then stays off
    // the wire, since the services refuse an empty text part.
    const results = last.toolResults ?? [];
    if (last.text.trim() === '' && attachments.length === 0 && results.length === 0) {
      issues.push({ path: 'prompt', message: 'Write a message first.' });
    }
    const before = input.history[input.history.length - 2];
    const unanswered =
      before?.role === 'assistant' && before.status === 'complete' && !before.edited
        ? (before.toolCalls ?? [])
        : [];
    if (results.length === 0 && unanswered.length > 0) {
      // Every format refuses a message after calls that have no results; say it before the request.
      const names = [...new Set(unanswered.map((c) => c.name))].join(', ');
      issues.push({
        path: 'toolResults',
        message: `The last reply called ${names}: send the results first (the form under the reply).`,
      });
    }
    if (results.length > 0) {
      // The services refuse results that do not answer the previous reply's calls one for one.
      const problem =
        before?.role === 'assistant'
          ? pairingProblem(before.toolCalls ?? [], results)
          : 'Tool results must answer the function calls of the reply before them.';
      if (problem) issues.push({ path: 'toolResults', message: problem });
    }
    const filesProblem =
      attachments.length > 0 ? messageAttachmentsProblem(input.format, attachments) : undefined;
    if (filesProblem) issues.push({ path: 'attachments', message: filesProblem });
  }

  const parsed = ParamsSchema.safeParse(input.params);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ path: `params.${issue.path.join('.')}`, message: issue.message });
    }
  } else if (input.format === 'messages') {
    const p = parsed.data;
    const maxTokens = p.maxTokens ?? DEFAULT_MAX_TOKENS_MESSAGES;
    const budget = p.thinkingBudget;
    if (budget !== undefined && budget > 0) {
      if (budget < MIN_THINKING_BUDGET) {
        issues.push({
          path: 'params.thinkingBudget',
          message: `Messages: the thinking budget must be at least ${MIN_THINKING_BUDGET} tokens (or 0 for no thinking).`,
        });
      } else if (budget >= maxTokens) {
        issues.push({
          path: 'params.thinkingBudget',
          message: `Messages: the thinking budget (${budget}) must be below max tokens (${maxTokens}).`,
        });
      } else if (p.temperature !== undefined && p.temperature !== 1) {
        issues.push({
          path: 'params.temperature',
          message: 'Messages: with thinking enabled, temperature must be 1 or unset.',
        });
      }
    }
    if (p.temperature !== undefined && p.temperature > 1) {
      issues.push({ path: 'params.temperature', message: 'Messages: temperature must be between 0 and 1.' });
    }
  }

  if (parsed.success) issues.push(...toolChoiceIssues(input.format, parsed.data));

  if (
    parsed.success &&
    input.format === 'generate' &&
    parsed.data.thinkingLevel !== undefined &&
    parsed.data.thinkingBudget !== undefined
  ) {
    // The service refuses thinkingConfig with both; say it before the request instead of after.
    issues.push({
      path: 'params.thinkingLevel',
      message: 'Generate content: set a thinking level or a thinking budget, not both.',
    });
  }

  if (issues.length === 0) return undefined;
  return { kind: 'invalid-input', message: issues.map((i) => i.message).join(' '), issues };
}
