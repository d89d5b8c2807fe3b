/**
 * Why a file cannot be attached, in the page's language: the page's own checks come as data
 * (shared/attachments.ts's refusals), the host's as English sentences matched against their templates.
 */
import { formatMegabytes, type AttachmentRefusal } from '../../shared/attachments.ts';
import { activeLocale, t } from './active.ts';
import type { MessageKey, Vars } from './translate.ts';
import { matchTemplate } from './templates.ts';

/** A refusal of shared/attachments.ts, said by the page (the English page says refusalText's words). */
export function refusalMessage(r: AttachmentRefusal): string {
  const vars: Vars = {};
  if ('name' in r) vars['name'] = r.name;
  // sizes as shared/ writes them (3.8 MB), a count as a number
  if ('bytes' in r) vars['size'] = formatMegabytes(r.bytes);
  if ('max' in r) vars['max'] = r.code === 'too-many' ? r.max : formatMegabytes(r.max);
  if ('count' in r) vars['count'] = r.count;
  // pixel sizes as the host and the CLI write them (9000x1000), not as counts (9,000)
  if (r.code === 'image-too-wide')
    Object.assign(vars, {
      width: String(r.width),
      height: String(r.height),
      side: String(r.side),
      format: r.format,
    });
  return t(`files.refused.${r.code}`, vars);
}

const HOST_SENTENCES = [
  'files.refused.unsupported',
  'files.refused.empty',
  'files.refused.text-too-large',
  'files.refused.file-too-large',
  'files.host.notImage',
  'files.host.notPdf',
  'files.host.nulBytes',
  'files.host.notUtf8',
  'files.host.notWhole',
  'files.host.nameTooLong',
  'files.host.tooManyPixels',
  'files.host.notDecodable',
  'files.host.notFitted',
] as const satisfies readonly MessageKey[];

/** Why the host refused an uploaded file, in the page's language; a sentence it does not know as it is. */
export function hostFileProblem(message: string): string {
  if (activeLocale() === 'en') return message;
  // a refusal of the upload's input names the field first ("name: …")
  const found =
    matchTemplate(HOST_SENTENCES, message) ??
    matchTemplate(HOST_SENTENCES, message.replace(/^[A-Za-z]\w*: /, ''));
  return found ? t(found.key, found.vars) : message;
}
