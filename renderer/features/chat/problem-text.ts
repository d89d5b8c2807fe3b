/**
 * The problems shared/ finds in what the user typed (extra body, schema, functions, results, a reply's
 * JSON) are English sentences the host and the command line use too. The page says them in its own
 * language: each sentence is matched against its English template in renderer/i18n/en/problems.ts and
 * said again with the same values; a sentence no template knows is shown as it is.
 */
import { activeLocale, t } from '../../i18n/active.ts';
import { en, type MessageKey, type Vars } from '../../i18n/translate.ts';

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
] as const satisfies readonly MessageKey[];

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

const patterns = new Map<MessageKey, RegExp>();

/** The English template as a pattern: its text literally, each {name} any text (as little as will do). */
function patternOf(key: MessageKey): RegExp {
  let re = patterns.get(key);
  if (!re) {
    const template = en[key];
    const source = (typeof template === 'string' ? template : '')
      .split(/(\{\w+\})/)
      .map((part) =>
        /^\{\w+\}$/.test(part) ? `(?<${part.slice(1, -1)}>.+?)` : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('');
    re = new RegExp(`^${source}$`, 's');
    patterns.set(key, re);
  }
  return re;
}

function match(keys: readonly MessageKey[], text: string): { key: MessageKey; vars: Vars } | undefined {
  for (const key of keys) {
    const m = patternOf(key).exec(text);
    if (m) return { key, vars: { ...m.groups } };
  }
  return undefined;
}

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
  if (typeof vars['expected'] === 'string')
    vars['expected'] = vars['expected'].split(en['problems.schema.or']).join(t('problems.schema.or'));
  return t(found.key, vars);
}
