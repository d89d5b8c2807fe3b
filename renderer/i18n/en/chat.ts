import type { Entry } from '../translate.ts';

const plural = (n: unknown, one: string, many: string) => (n === 1 ? one : many);

/**
 * A text tab: the conversation's header and totals, its messages and replies (their meta line, versions,
 * edits and error cards), the message box and its parameters line, and the empty conversation.
 */
export const chat = {
  // header
  'chat.header.new': 'New conversation',
  'chat.header.totals': 'Running totals of this conversation (tokens reported by the service)',
  /** {value} is the figure, drawn as an element */
  'chat.header.replies': (v) => `{value} ${plural(v.count, 'reply', 'replies')}`,
  'chat.header.showParams': 'Show parameters',
  'chat.header.export': 'Export this conversation',
  'chat.header.export.markdown': 'Export as Markdown',
  'chat.header.export.json': 'Export as JSON',
  'chat.header.export.jsonShown': 'Export as JSON (the versions on screen)',
  'chat.header.export.jsonAll': 'Export as JSON (every version)',

  // token figures (the meta line, the totals): {value} is the figure
  'chat.usage.in': '{value} in',
  'chat.usage.out': '{value} out',
  'chat.usage.total': '{value} total',
  'chat.usage.thinking': '{value} thinking',
  'chat.usage.in.title': 'Input tokens',
  'chat.usage.out.title': 'Output tokens',
  'chat.usage.total.title': 'Total tokens',
  'chat.usage.thinking.title': 'Thinking tokens',

  // a reply's meta line
  'chat.meta.finishReason': 'Finish reason',
  'chat.meta.usage': 'Tokens reported by the service',
  'chat.meta.ttft': 'Time to first token',
  'chat.meta.total': 'Total time',
  'chat.meta.elapsed': 'Elapsed',
  'chat.meta.signature': 'signature kept: will be sent back verbatim',
  'chat.meta.payloadDropped': 'provider data not kept',
  'chat.meta.payloadDroppedHint':
    "Imported: this reply's provider data did not match what it shows, so it was not kept. The reply goes back as its text (no signatures).",
  'chat.meta.streaming': 'streaming',
  'chat.meta.stopping': 'stopping',

  // messages
  'chat.list': 'Messages',
  'chat.list.latest': 'Latest',
  'chat.user.message': 'Your message',
  'chat.user.results': 'Your results',
  'chat.user.messageSending': 'Your message (sending)',
  'chat.user.resultsSending': 'Your results (sending)',
  'chat.user.edit': 'Edit your message',
  'chat.user.editHint': 'Sent as a new version; this one and its replies stay (switch with ‹ ›).',
  'chat.user.editFiles': (v) =>
    `The new version keeps ${v.count === 1 ? 'this file' : `these ${String(v.count)} files`}:`,
  'chat.user.copy': 'Copy message',
  'chat.user.copyResults': 'Copy results',
  'chat.user.editResend': 'Edit and resend',
  'chat.user.editResultsResend': 'Edit the results and resend',
  'chat.send': 'Send',
  'chat.version.previous': 'Previous version',
  'chat.version.next': 'Next version',
  'chat.fork': 'New conversation from here',

  // replies
  'chat.reply': 'Reply',
  'chat.reply.inProgress': 'Reply in progress',
  'chat.reply.thinking': 'Thinking…',
  'chat.image.alt': 'An image the reply made',
  'chat.image.revised': 'Revised prompt:',
  'chat.image.save': 'Save image',
  'chat.image.copy': 'Copy image',
  'chat.image.gallery': 'Open in gallery',
  'chat.image.ask': 'Ask about this image',
  'chat.image.partial': 'Partial image {n}',
  'chat.reply.thoughtSummary': 'Thought summary',
  'chat.reply.words': (v) => `${String(v.count)} ${plural(v.count, 'word', 'words')}`,
  'chat.reply.waiting': 'Waiting for the reply…',
  'chat.reply.drawing': 'Drawing the image…',
  'chat.reply.stopping': 'Stopping…',
  /** {reason} is what the host said, drawn as an element */
  'chat.reply.retrying': 'Retrying, attempt {attempt} of {of} (the last one failed: {reason})…',
  'chat.reply.copy': 'Copy reply',
  'chat.reply.regenerate': 'Regenerate this reply',
  'chat.reply.answerAgain': 'Answer again (this reply stays as a version)',
  'chat.reply.edit': 'Edit this reply (to steer the next turn)',
  'chat.reply.inspect': 'Inspect the request',
  'chat.reply.editing': 'Edit the reply',
  'chat.reply.edit.calls':
    "The edited version is text only: this reply's function calls stay with the original version.",
  'chat.reply.edit.signature':
    'This reply carries a signature that goes back with it. The edited version is sent as plain text without it; newer models may refuse that, and the reply to your next message will show what the service said.',
  'chat.reply.edit.hint': 'Saved as a new version; the original stays.',

  // an error card
  'chat.error.attempts': 'after {count} attempts',
  'chat.error.inspect': 'Inspect request',
  'chat.error.http': 'The service returned an error',
  'chat.error.stream': 'The stream failed',
  'chat.error.connection': 'Could not connect',
  'chat.error.timeout-headers': 'No response in time',
  'chat.error.timeout-idle': 'The stream went silent',
  'chat.error.aborted': 'Stopped',
  'chat.error.invalid-response': 'The response could not be read',
  'chat.error.invalid-input': 'Not sent',
  'chat.error.not-found': 'Not found',
  'chat.error.internal': 'Something went wrong in the app',

  // the parameters the service would refuse
  'chat.problem.maxTokens': 'Max tokens is required for Messages.',
  'chat.problem.budgetMin': 'The thinking budget must be at least 1,024 tokens.',
  'chat.problem.budgetBelowMax': 'The thinking budget must be below max tokens ({max}).',

  // the message box
  'chat.composer.label': 'Message',
  'chat.composer.placeholder': 'Write a message…',
  'chat.composer.placeholderNext': 'Write your next message…',
  'chat.composer.attach': 'Attach images or files (or drop or paste them)',
  'chat.composer.chooseModel': 'Choose a model above to send.',
  'chat.composer.fixInParams': '{problem} Fix it in Parameters.',
  'chat.composer.writeFirst': 'Write a message first',
  'chat.composer.tooLong':
    'The message has {size} characters; a message may have at most {limit}. Shorten it to send.',
  'chat.composer.send': 'Send (Enter)',
  'chat.composer.sendWhenIn': 'Send once the files are added (Enter)',
  'chat.composer.sendingWhenIn': 'Sending as soon as the files are added…',
  'chat.composer.sendingWhenIn.cancel': 'Don’t send',
  'chat.composer.stop': 'Stop',
  /** {enter} and {shift} are the keys, drawn as elements */
  'chat.composer.hint': '{enter} to send · {shift}+{enter} for a new line',
  'chat.composer.params': 'Parameters:',
  'chat.composer.params.show': 'Show the parameters',
  'chat.composer.params.hide': 'Hide the parameters',

  // the parameters in a few words, under the message box
  'chat.summary.streaming': 'streaming',
  'chat.summary.notStreaming': 'not streaming',
  'chat.summary.temperature': 'temperature {value}',
  'chat.summary.maxTokens': 'max {count} tokens',
  'chat.summary.thoughts': 'thoughts on',
  'chat.summary.schema': 'schema {name}',
  'chat.summary.functions': (v) => `${String(v.count)} function${v.count === 1 ? '' : 's'}`,
  'chat.summary.functionsChoice': (v) =>
    `${String(v.count)} function${v.count === 1 ? '' : 's'} (${String(v.choice)})`,
  'chat.summary.functionsChoiceResults': (v) =>
    `${String(v.count)} function${v.count === 1 ? '' : 's'} (${String(v.choice)}; auto with the results)`,
  'chat.summary.system': 'system prompt',

  // the tab and an empty conversation
  'chat.tab.conversation': '{format} conversation',
  'chat.tab.drop': 'Drop to attach to your next message',
  'chat.tab.loading': 'Loading the conversation',
  'chat.tab.openFailed': 'This conversation could not be opened: {message}',
  'chat.tab.tryAgain': 'Try again',
  'chat.empty.title': 'New {format} conversation',
  /** {model} is the model id, drawn as an element */
  'chat.empty.model': 'Model {model}. Write a message below to start.',
  'chat.empty.chooseModel': 'Choose a model above, then write a message below.',
  /** {link} is chat.empty.sandbox.link, a button */
  'chat.empty.sandbox':
    'You are on the Sandbox, a simulator inside Quartet that echoes your prompts. To use a real service, {link}.',
  'chat.empty.sandbox.link': 'add a connection in Settings',
  // what each format sends; {endpoint} and the wire names are drawn as elements, untranslated
  'chat.intro.chat': '{endpoint}: the history goes as a list of {roleContent} messages.',
  'chat.intro.responses':
    '{endpoint}: the history goes as {input} items, the system prompt as {instructions}.',
  'chat.intro.messages':
    '{endpoint}: {maxTokens} is required; thinking blocks go back with their signatures.',
  'chat.intro.generate': '{endpoint}: model parts go back exactly as received, thought signatures included.',
} satisfies Record<string, Entry>;
