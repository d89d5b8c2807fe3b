import type { Params, Turn } from '../../../shared/conversation.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { chatFormat } from './chat.ts';
import { generateFormat } from './generate.ts';
import { messagesFormat } from './messages.ts';
import { responsesFormat } from './responses.ts';
import type { FormatAdapter } from './types.ts';
import type { TurnFiles } from './attachments.ts';

export const FORMATS: Record<TextFormat, FormatAdapter> = {
  chat: chatFormat,
  responses: responsesFormat,
  messages: messagesFormat,
  generate: generateFormat,
};

/** The JSON body of a text request in `format` (the URL is derived separately). Pure. */
export function buildRequest(
  format: TextFormat,
  model: string,
  history: Turn[],
  params: Params,
  stream: boolean,
  files?: TurnFiles,
): Record<string, unknown> {
  return FORMATS[format].buildBody(model, history, params, stream, files);
}
