import type { Entry } from '../translate.ts';

/** Functions the model may call: the Tools section, the calls in a reply, and the results form. */
export const tools = {
  'tools.title': 'Tools',
  'tools.sent': (v) => `sent · ${v.count} function${v.count === 1 ? '' : 's'}`,
  'tools.sentImageTool': (v) =>
    v.count === 0
      ? 'sent · image tool'
      : `sent · ${v.count} function${v.count === 1 ? '' : 's'} + image tool`,
  'tools.sentImageOutput': (v) =>
    v.count === 0
      ? 'sent · image output'
      : `sent · ${v.count} function${v.count === 1 ? '' : 's'} + image output`,
  'tools.empty': 'Functions the model may call. Its calls show in the reply; you answer each with a result.',
  'tools.add': 'Add function',
  'tools.addExample': 'Add an example function',
  'tools.addExample.placeholder': 'Add example…',
  'tools.full': 'At most {max} functions.',
  'tools.sentAs': 'Sent as {wire}.',
  'tools.problem': 'Tools: {name}: {problem}',
  'tools.problem.list': 'Tools: {problem}',
  'tools.problem.invalid': 'not valid.',

  'tools.choice': 'Tool choice',
  'tools.choice.default': 'Default (not sent: auto)',
  'tools.choice.auto': 'auto: the model decides',
  'tools.choice.none': 'none: no calls',
  'tools.choice.required': 'required: at least one call',
  'tools.choice.requiredThinking': 'required: at least one call (not with thinking)',
  'tools.choice.function': '{name}: this function',
  'tools.choice.functionThinking': '{name}: this function (not with thinking)',
  'tools.choice.undefined': '{name} (not defined)',
  'tools.choice.notSent': 'Not sent: the service decides (auto).',
  'tools.choice.unknown': 'Tool choice: {name} is not one of the functions; pick another.',
  'tools.choice.thinkingClash':
    'Tool choice: with extended thinking on, Messages accepts only auto or none; choose one, or turn thinking off.',
  'tools.choice.thinking': 'With extended thinking on, Messages accepts only auto or none.',

  'tools.def.unnamed': 'function {n}',
  'tools.def.fixed': 'fixed result',
  'tools.def.fix': 'fix',
  'tools.def.remove': 'Remove {name}',
  'tools.def.removeUnnamed': 'Remove this function',
  'tools.def.name': 'Name',
  'tools.def.description': 'Description',
  'tools.def.description.placeholder': 'What it does and when to call it',
  'tools.def.parameters': 'Parameters (JSON Schema)',
  'tools.def.fixedOn': 'Return this JSON every time',
  'tools.def.fixedLabel': 'Fixed result of {name}',
  'tools.def.fixedHint':
    'Its calls are answered with this, without asking (when every call of a reply has one).',

  'tools.calls': 'Function calls',
  'tools.calls.hidden': '{count} of {total} calls not shown.',
  'tools.calls.showMore': 'Show {count} more',
  'tools.call.id': 'Call id',
  'tools.call.arguments': 'Arguments of {name}',
  'tools.call.argumentsUnnamed': 'Arguments of the call',
  'tools.call.unparsed': 'Not valid JSON: shown as received.',

  'tools.results': 'Results',
  'tools.results.error': 'error',
  'tools.results.wire.chat': 'Sent as one tool message per call (tool_call_id, content).',
  'tools.results.wire.responses': 'Sent as function_call_output items (call_id, output).',
  'tools.results.wire.messages':
    'Sent as tool_result blocks (tool_use_id, content, is_error) opening a user message.',
  'tools.results.wire.generate':
    'Sent as functionResponse parts; a result that is not a JSON object goes as {"result": …}.',
  'tools.results.empty': 'Type a result for {name} ({id}); for a failure, describe it and tick error.',
  'tools.results.tooBig': 'The result for {name} is larger than 2 MB.',
  'tools.results.fixInParams': '{problem} Fix it in Parameters.',
  'tools.results.edit': 'Edit the results',
  'tools.results.answerAll': 'Answer the function calls',
  'tools.results.answer': (v) => (v.count === 1 ? 'Answer the call' : `Answer the ${v.count} calls`),
  'tools.results.placeholder': 'The result: JSON such as {"temp": 21}, or plain text',
  'tools.results.fixedResult': "The function's fixed result.",
  'tools.results.sends': 'sends',
  'tools.results.sendVersion': 'Send as a new version',
  'tools.results.send': 'Send results',
  /** what copying a turn with results or calls puts before them */
  'tools.copy.results': 'Results:',
  'tools.copy.calls': 'Calls:',
  'tools.copy.error': '(error)',

  // Compare
  'tools.compare.choiceNotSent': 'Tool choice not sent in any column: each service decides (auto).',
  'tools.compare.choiceGoesAs': 'Every column sends the functions; the tool choice goes as',
  'tools.compare.functionsSentAs': 'Functions sent as {wire}',
  'tools.compare.asking':
    'Column {n} ({format}) asks to run a server tool: answer it first (Run or Deny under its reply).',
  'tools.compare.askingMany':
    'Columns {list} and {last} ask to run a server tool: answer them first (Run or Deny under their replies).',
  'tools.compare.waiting':
    'Column {n} ({format}) waits for function results: send them first (the form under its reply).',
  'tools.compare.waitingMany':
    'Columns {list} and {last} wait for function results: send them first (the forms under their replies).',

  // A list of functions with problems: kept as a draft, not sent
  'tools.draft.badge': 'draft · not sent',
  'tools.draft.notSent': 'This draft is not sent while it has problems: Send waits until they are fixed.',
  'tools.draft.saved': (v) =>
    `Saved meanwhile: the last valid function${v.count === 1 ? '' : 's'}, ${v.names}.`,
  'tools.draft.savedNone': 'Saved meanwhile: no functions.',
  'tools.draft.discard': 'Discard draft',
  'tools.draft.blocked': 'The functions draft is not sent. {problem}',
  'tools.choice.draftInvalid': '{name} (draft with problems: not offered)',
  'tools.choice.waits': 'Not sent while the functions above have problems.',
} satisfies Record<string, Entry>;
