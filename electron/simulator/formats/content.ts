// Reading the text out of the content shapes the formats share: a string, or an array of typed parts.
import { invalidRequest } from '../errors.ts';
import { isRecord } from '../../../shared/wire.ts';

/**
 * The text of `content`: a string, or an array of parts whose `type` is in `textTypes` (their `text`
 * joined by newlines). Part types in `ignoredTypes` carry no prompt text and are skipped.
 */
export function contentText(
  content: unknown,
  where: string,
  textTypes: readonly string[],
  ignoredTypes: readonly string[] = [],
): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) throw invalidRequest(`${where} must be a string or an array of parts`, where);
  const texts: string[] = [];
  content.forEach((part, i) => {
    if (!isRecord(part) || typeof part['type'] !== 'string') {
      throw invalidRequest(`${where}[${i}] must be an object with a type`, where);
    }
    if (ignoredTypes.includes(part['type'])) return;
    if (!textTypes.includes(part['type'])) {
      throw invalidRequest(
        `${where}[${i}].type '${part['type']}' is not supported by the simulator (expected ${textTypes.join(' or ')})`,
        where,
      );
    }
    if (typeof part['text'] !== 'string') throw invalidRequest(`${where}[${i}].text must be a string`, where);
    texts.push(part['text']);
  });
  return texts.join('\n');
}
