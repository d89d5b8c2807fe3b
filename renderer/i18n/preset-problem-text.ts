/**
 * Why a preset was not saved, or a presets file (or one preset of it) not imported, in the page's
 * language. The host says it in English, with shared/presets.ts's words, the parameters' (shared/
 * conversation.ts) or zod's: each sentence is matched against its English template and said again; a
 * sentence no template knows is shown as it is.
 */
import { activeLocale, t } from './active.ts';
import type { MessageKey } from './translate.ts';
import { matchTemplate } from './templates.ts';
import { sharedProblemText } from './problem-text.ts';
import { ISSUE_SEPARATOR } from '../../shared/presets.ts';

const SENTENCES = [
  'presets.problem.nameEmpty',
  'presets.problem.nameLong',
  'presets.problem.descriptionText',
  'presets.problem.descriptionLong',
  'presets.problem.messageText',
  'presets.problem.messageLong',
  'presets.problem.nameTaken',
  'presets.problem.noneToExport',
  'presets.problem.fileTooLarge',
  'presets.problem.notJson',
  'presets.problem.conversation',
  'presets.problem.notPresets',
  'presets.problem.newer',
  'presets.problem.notList',
  'presets.problem.importMax',
  'presets.problem.notObject',
] as const satisfies readonly MessageKey[];

/** One whole sentence in the page's language, or undefined when no template knows it. */
function sentence(text: string): string | undefined {
  const found = matchTemplate(SENTENCES, text);
  if (found) return t(found.key, found.vars);
  // zod's words end without a full stop, and a file's reason gets one after them: without it first, or
  // the stop would be taken as part of the last value ("received number.")
  if (text.endsWith('.')) {
    const bare = text.slice(0, -1);
    const said = sharedProblemText(bare);
    if (said !== bare) return `${said}${t('presets.problem.end')}`;
  }
  const shared = sharedProblemText(text);
  return shared !== text ? shared : undefined;
}

/** The host's words about a preset or a presets file, in the page's language. */
export function presetProblemText(message: string): string {
  if (activeLocale() === 'en') return message;
  const one = oneProblemText(message);
  if (one !== message || !message.includes(ISSUE_SEPARATOR)) return one;
  // a preset with several problems: "a: …; b: …; and 3 more." (shared/presets.ts issueText)
  const parts = message.replace(/\.$/, '').split(ISSUE_SEPARATOR);
  return parts
    .map((part) => {
      const more = /^and ([\d,]+) more$/.exec(part);
      if (more?.[1] !== undefined)
        return t('presets.problem.more', { count: Number(more[1].replace(/,/g, '')) });
      return oneProblemText(`${part}.`);
    })
    .join(''); // each part is a whole sentence with its own full stop
}

/** One problem (a sentence, or "path: sentence") in the page's language, or as it is. */
function oneProblemText(message: string): string {
  const whole = sentence(message);
  if (whole !== undefined) return whole;
  // a problem of one field: "params.temperature: Temperature must be …"
  const at = /^([A-Za-z_][\w.]*): (.+)$/s.exec(message);
  const problem = at?.[2] !== undefined ? sentence(at[2]) : undefined;
  return at?.[1] !== undefined && problem !== undefined
    ? t('presets.problem.at', { path: at[1], problem })
    : message;
}

/** Which variables still need a value, said the page's way (each as written: {{name}}). */
export function missingVariablesText(missing: readonly string[]): string {
  return t('presets.fill.missing', { names: missing.map((n) => `{{${n}}}`).join('\n') });
}
