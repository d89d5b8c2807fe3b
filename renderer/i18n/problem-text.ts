/**
 * The problems shared/ finds in what the user typed (extra body, schema, functions, results, a reply's
 * JSON) are English sentences the host and the command line use too. The page says them in its own
 * language: each sentence is matched against its English template in renderer/i18n/en/problems.ts and
 * said again with the same values; a sentence no template knows is shown as it is.
 */
import { activeLocale, t } from './active.ts';
import { en, type MessageKey } from './translate.ts';
import { matchTemplate as match } from './templates.ts';
import { CONTROLS, CONTROL_KEYS, type ControlSpec } from '../../shared/controls.ts';

/** The keys that say the request controls' schema messages (a test checks both dictionaries have them). */
const CONTROL_PROBLEM_KEYS = CONTROL_KEYS.flatMap((k) => {
  const spec: ControlSpec = CONTROLS[k];
  const keys = [spec.problemKey, spec.kind === 'list' ? spec.countProblemKey : undefined];
  return keys.filter((key) => key !== undefined) as MessageKey[];
});

const SENTENCES = [
  'problems.json.tooLong',
  'problems.json.syntax',
  'problems.json.notObject',
  'problems.json.empty',
  'problems.schema.type',
  'problems.schema.enum',
  'problems.schema.minimum',
  'problems.schema.maximum',
  'problems.schema.required',
  'problems.schema.additional',
  'problems.tool.name',
  'problems.tool.description',
  'problems.tool.parameters',
  'problems.tool.fixedEmpty',
  'problems.tool.fixedInvalid',
  'problems.tool.tooMany',
  'problems.tool.sameName',
  'problems.result.stranger',
  'problems.result.twice',
  'problems.result.missing',
  'problems.result.tooLarge',
  'problems.params.system',
  // each request control's messages, from the table (shared/controls.ts)
  ...CONTROL_PROBLEM_KEYS,
  'problems.params.schemaName',
  'problems.params.schemaText',
  'problems.params.extraBodyText',
  // a type before a single value: "expected {value}" would take "boolean, received string" whole
  'problems.zod.type',
  'problems.zod.value',
  'problems.zod.option',
  'problems.zod.discriminator',
  'problems.zod.tooLong',
  'problems.zod.tooShort',
  'problems.zod.tooManyItems',
  'problems.zod.tooFewItems',
  'problems.zod.tooBig',
  'problems.zod.tooSmall',
  'problems.zod.invalid',
] satisfies readonly MessageKey[];

/** Where the scanner stopped, said as a whole ("expected no line break …") before the general forms. */
const STOPS = [
  'problems.stop.controlChar',
  'problems.stop.trailing',
  'problems.stop.ends',
  'problems.stop.expected',
] as const satisfies readonly MessageKey[];

const WHATS = [
  'problems.what.hex',
  'problems.what.escape',
  'problems.what.closingQuote',
  'problems.what.propertyName',
  'problems.what.colon',
  'problems.what.afterProperty',
  'problems.what.afterItem',
  'problems.what.value',
] as const satisfies readonly MessageKey[];

function stopText(stop: string): string {
  const found = match(STOPS, stop);
  if (!found) return stop;
  const what = found.vars['what'];
  if (typeof what === 'string') {
    const known = WHATS.find((k) => en[k] === what);
    if (!known) return stop; // half a sentence in each language reads worse than the English whole
    found.vars['what'] = t(known);
  }
  return t(found.key, found.vars);
}

/** `message` (one of shared/'s problem sentences) in the page's language. */
export function sharedProblemText(message: string): string {
  if (activeLocale() === 'en') return message;
  const found = match(SENTENCES, message);
  if (!found) return message;
  const { vars } = found;
  if (vars['subject'] === en['problems.extraBody']) vars['subject'] = t('problems.extraBody');
  if (typeof vars['stop'] === 'string') vars['stop'] = stopText(vars['stop']);
  // zod writes its limits bare (2000000): the page writes them its way (2,000,000)
  for (const limit of ['max', 'min']) {
    const value = vars[limit];
    if (typeof value === 'string' && /^\d+$/.test(value)) vars[limit] = Number(value);
  }
  if (typeof vars['expected'] === 'string')
    vars['expected'] = vars['expected'].split(en['problems.schema.or']).join(t('problems.schema.or'));
  return t(found.key, vars);
}
