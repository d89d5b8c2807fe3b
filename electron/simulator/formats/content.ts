// Reading the content shapes the formats share: a string, or an array of typed parts (text, and in user
// turns the attachments each format defines).
import { invalidRequest } from '../errors.ts';
import type { ReceivedAttachment } from '../attachments/received.ts';
import { isRecord } from '../../../shared/wire.ts';

/** Reads one attachment part of a format; throws the 400 that says why the part is refused. */
export type PartReader = (part: Record<string, unknown>, where: string) => ReceivedAttachment;

export interface ContentRules {
  /** part types whose `text` is prompt text */
  text: readonly string[];
  /** part types that carry no prompt text and are skipped */
  skip?: readonly string[];
  /** attachment part types and how to read them; only user turns may carry them */
  attachments?: Readonly<Record<string, PartReader>>;
}

export interface ReadContent {
  text: string;
  received: ReceivedAttachment[];
}

/**
 * The text of `content` (a string, or its text parts joined by newlines) and the attachments it carried.
 * `userTurn` false refuses attachment parts, as the real services do outside user turns.
 */
export function readContent(
  content: unknown,
  where: string,
  rules: ContentRules,
  userTurn: boolean,
): ReadContent {
  if (typeof content === 'string') return { text: content, received: [] };
  if (!Array.isArray(content)) throw invalidRequest(`${where} must be a string or an array of parts`, where);
  const texts: string[] = [];
  const received: ReceivedAttachment[] = [];
  const attachments = rules.attachments ?? {};
  content.forEach((part, i) => {
    const at = `${where}[${i}]`;
    if (!isRecord(part) || typeof part['type'] !== 'string') {
      throw invalidRequest(`${at} must be an object with a type`, where);
    }
    const type = part['type'];
    if (rules.skip?.includes(type)) return;
    const reader = Object.hasOwn(attachments, type) ? attachments[type] : undefined;
    if (reader !== undefined) {
      if (!userTurn) throw invalidRequest(`${at}.type '${type}' is only allowed in user turns`, where);
      received.push(reader(part, at));
      return;
    }
    if (!rules.text.includes(type)) {
      const known = [...rules.text, ...Object.keys(attachments)];
      throw invalidRequest(
        `${at}.type '${type}' is not supported by the simulator (expected ${known.join(' or ')})`,
        where,
      );
    }
    if (typeof part['text'] !== 'string') throw invalidRequest(`${at}.text must be a string`, where);
    texts.push(part['text']);
  });
  return { text: texts.join('\n'), received };
}

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
  return readContent(content, where, { text: textTypes, skip: ignoredTypes }, false).text;
}

/** A string field of a part, or the 400 naming it. */
export function partString(part: Record<string, unknown>, field: string, where: string): string {
  const value = part[field];
  if (typeof value !== 'string') throw invalidRequest(`${where}.${field} must be a string`, where);
  return value;
}

/** An optional string field of a part (absent or null is undefined). */
export function optionalPartString(
  part: Record<string, unknown>,
  field: string,
  where: string,
): string | undefined {
  const value = part[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`${where}.${field} must be a string`, where);
  return value;
}

/** An optional `detail` of an image part: low, high or auto. */
export function checkDetail(part: Record<string, unknown>, where: string): void {
  const detail = optionalPartString(part, 'detail', where);
  if (detail !== undefined && !['low', 'high', 'auto'].includes(detail)) {
    throw invalidRequest(`${where}.detail must be low, high or auto`, where);
  }
}
