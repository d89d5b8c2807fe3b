// What an uploaded file is, from its bytes: the host describes a file the user attaches, the CLI each
// --attach. The name and the declared type only propose; the bytes decide, so a PNG saved as .jpg goes
// out as image/png and a renamed binary is never sent as text.
import {
  classifyFile,
  fileProblem,
  PDF_MIME_TYPE,
  type AttachmentKind,
} from '../../../shared/attachments.ts';
import { imageProblem } from '../images/raster.ts';
import { sniffInputImage } from '../images/sniff.ts';

export type FileDescription =
  { kind: AttachmentKind; mimeType: string; width?: number; height?: number } | { problem: string };

const PDF_SIGNATURE = '%PDF-';

function startsWithAscii(bytes: Uint8Array, prefix: string): boolean {
  if (bytes.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (bytes[i] !== prefix.charCodeAt(i)) return false;
  return true;
}

/** Why bytes meant as text are not, naming the file; undefined when they are UTF-8 without NUL bytes. */
function textProblem(name: string, bytes: Uint8Array): string | undefined {
  if (bytes.includes(0)) return `"${name}" holds NUL bytes, so it is not a text file.`;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return `"${name}" is not UTF-8 text; save it as UTF-8 to attach it.`;
  }
  return undefined;
}

/**
 * The kind, media type and (for an image) size of a file to attach, read from its bytes; or the problem
 * that keeps it from being attached, naming the file (an unknown type, empty, too large, an image or PDF
 * whose bytes are not one, text that is not UTF-8).
 */
export function describeFile(name: string, declaredType: string, bytes: Uint8Array): FileDescription {
  const image = sniffInputImage(bytes);
  const isPdf = startsWithAscii(bytes, PDF_SIGNATURE);
  const proposed = classifyFile(name, declaredType)?.kind;
  // The bytes' own type wins over the name's and the declared one.
  const kind: AttachmentKind | undefined = image ? 'image' : isPdf ? 'pdf' : proposed;
  const problem = fileProblem(name, kind, bytes.length);
  if (problem !== undefined) return { problem };
  if (image) return { kind: 'image', mimeType: image.mimeType, width: image.width, height: image.height };
  if (isPdf) return { kind: 'pdf', mimeType: PDF_MIME_TYPE };
  if (kind === 'image') {
    return { problem: `"${name}" is not a PNG, JPEG, WebP or GIF image (its bytes are not one).` };
  }
  if (kind === 'pdf') return { problem: `"${name}" is not a PDF (it does not start with ${PDF_SIGNATURE}).` };
  const notText = textProblem(name, bytes);
  return notText !== undefined ? { problem: notText } : { kind: 'text', mimeType: 'text/plain' };
}

/**
 * describeFile, and for an image the real check: the pixels it declares within MAX_IMAGE_PIXELS and its
 * data decoding whole. Every way a file comes in (upload, paste, drop, gallery, import, the CLI's --attach)
 * goes through this one function.
 */
export async function inspectFile(
  name: string,
  declaredType: string,
  bytes: Uint8Array,
): Promise<FileDescription> {
  const described = describeFile(name, declaredType, bytes);
  if ('problem' in described || described.kind !== 'image') return described;
  const problem = await imageProblem(name, bytes, {
    width: described.width ?? 0,
    height: described.height ?? 0,
  });
  return problem === undefined ? described : { problem };
}
