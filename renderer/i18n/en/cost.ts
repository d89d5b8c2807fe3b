import type { Entry } from '../translate.ts';

/** Prices per model (Settings) and what replies cost at them (replies, conversations, Compare columns). */
export const cost = {
  'cost.label': 'Cost',
  'cost.part.input': 'Input',
  'cost.part.cachedInput': 'Cached input',
  'cost.part.cacheWrite': 'Cache write',
  'cost.part.output': 'Output',
  'cost.part.thinking': 'Thinking',
  'cost.perMillion': '{price}/M',
  'cost.line': '{part}: {tokens} tokens × {price} = {amount}',
  'cost.line.total': '{part}: {tokens} tokens, {amount}',
  'cost.reply.title': 'At your prices for {pattern} (per million tokens):',
  'cost.conversation.title': 'The replies on screen, at your prices:',
  'cost.unpriced': (v) =>
    `${String(v.count)} ${v.count === 1 ? 'reply has' : 'replies have'} no price and ${v.count === 1 ? 'is' : 'are'} not counted.`,
  'cost.atLeast': '≥ {amount}',

  'cost.cheapest': 'cheapest',
  'cost.dearest': 'most expensive',
  'cost.prices.title': 'Prices',
  'cost.prices.intro':
    'Optional: what each model costs you, per million tokens. Replies, conversations and Compare columns then show their cost; a model without a price shows none.',
  'cost.prices.currency': 'Currency',
  'cost.prices.currency.hint':
    'A three-letter code (USD, EUR, CNY). Amounts are labelled with it, never converted.',
  'cost.prices.currency.invalid': 'A three-letter currency code such as USD.',
  /** {pattern}, {specific} and {dated} are model ids (gpt-5*, gpt-5-mini*, gpt-5-2025-08-07), never translated */
  'cost.prices.rule':
    'Model: an exact id, or a pattern where * stands for any characters ({pattern}). An exact id wins over a pattern; among patterns, the one with the most characters besides * wins ({specific} before {pattern}). Letter case is ignored. A reply is priced by the model the service reported, or, for a dated version ({dated}), by the model it was sent to.',
  'cost.prices.blanks':
    'Blank cached input: charged as input. Blank thinking: charged as output (every format bills thinking as output). Blank cache write: a reply that wrote to the prompt cache (Messages) shows no cost.',
  'cost.prices.model': 'Model or pattern',
  'cost.prices.unit': 'Prices per million tokens, in {currency}',
  'cost.prices.modelLabel': 'Model or pattern, row {row}',
  'cost.prices.fieldLabel': '{field} price, row {row}',
  'cost.prices.add': 'Add a price',
  'cost.prices.remove': 'Remove row {row}',
  'cost.prices.empty': 'No prices yet, so no costs are shown.',
  'cost.prices.saved': 'Saved.',
  'cost.prices.unsaved': 'Not saved: fix the marked fields. Costs use the last saved prices until then.',
  'cost.prices.import': 'Import…',
  'cost.prices.export': 'Export',
  'cost.prices.example': 'Example file',
  'cost.prices.example.note':
    'Import takes a file like this one (or a bare list of rows). The figures are an illustration, not any service’s prices.',

  'cost.problem.model.empty': 'Enter a model id or a pattern.',
  'cost.problem.model.space': 'A model id or pattern has no spaces.',
  'cost.problem.model.too-long': 'A model id or pattern is at most {max} characters.',
  'cost.problem.model.duplicate': 'Row {row} already prices this model.',
  'cost.problem.missing': '{field}: needed.',
  'cost.problem.invalid': '{field}: a number from 0 to {max}, such as 1.25.',
  'cost.problem.not-object': 'Not a price row (an object with model, input and output).',
  'cost.problem.unknown-field':
    'Unknown field “{name}” (the fields are model, input, cachedInput, cacheWrite, output and thinking).',

  'cost.import.done': 'From “{file}”: {added} added, {replaced} updated.',
  'cost.import.skipped': 'Skipped rows: {count}',
  'cost.import.row': 'Row {position}: {reasons}',
  'cost.import.rowNamed': 'Row {position} “{model}”: {reasons}',
  'cost.import.more': '…and {count} more.',
  'cost.import.full': 'Rows left out past the limit of {max}: {count}.',
  'cost.import.notSaved': 'Not saved yet: fix the marked rows below.',
  'cost.import.error.not-json': '“{file}” could not be imported: it is not JSON.',
  'cost.import.error.too-large':
    '“{file}” could not be imported: it is larger than 1 MB, far more than a table of prices holds.',
  'cost.import.error.no-prices':
    '“{file}” could not be imported: it holds no list of prices (a “prices” list, or a list of rows).',
  'cost.import.error.currency':
    '“{file}” could not be imported: its currency is not a three-letter code such as USD.',
  'cost.import.error.currencyDiffers':
    '“{file}” is in {fileCurrency} and the table in {currency}; amounts are not converted. Change the currency to {fileCurrency} or remove the rows first.',
} satisfies Record<string, Entry>;
