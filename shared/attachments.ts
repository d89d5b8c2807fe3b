// What a user may attach to a message, and the limits the page, the host and the CLI all apply.
import { z } from 'zod';
import { FORMAT_LABELS, type TextFormat } from './formats.ts';

/** How a file goes on the wire: an image part, a document part (PDF), or its text. */
export const ATTACHMENT_KINDS = ['image', 'pdf', 'text'] as const;
export const AttachmentKindSchema = z.enum(ATTACHMENT_KINDS);
export type AttachmentKind = z.infer<typeof AttachmentKindSchema>;

export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const PDF_MIME_TYPE = 'application/pdf';

/**
 * Whether a file name is one that may be shown and stored: no path separator, no control character, no
 * text-direction mark (which makes a name read as another, "txt.exe" as "exe.txt"), not "." or "..". A name
 * never becomes a path (exports write `<id>.<ext>`); this keeps what people see honest as well.
 */
export function isSafeFileName(name: string): boolean {
  if (name === '.' || name === '..') return false;
  for (let i = 0; i < name.length; i++) if (unsafeInName(name.charCodeAt(i))) return false;
  return true;
}

function unsafeInName(c: number): boolean {
  return (
    c === 0x2f ||
    c === 0x5c ||
    c < 0x20 ||
    (c >= 0x7f && c <= 0x9f) ||
    c === 0x061c ||
    c === 0x200e ||
    c === 0x200f ||
    (c >= 0x202a && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069)
  );
}

/** The name a picked file is sent under: every character a name may not hold becomes "_". */
export function safeFileName(name: string): string {
  let out = '';
  for (let i = 0; i < name.length; i++) out += unsafeInName(name.charCodeAt(i)) ? '_' : name[i];
  out = out.trim();
  return out === '' || out === '.' || out === '..' ? 'file' : out;
}

export const UNSAFE_FILE_NAME =
  'A file name may not hold "/" or "\\", control characters or text-direction marks.';

/**
 * A file attached to a user turn. The bytes live in the data folder (never in the database or the page's
 * state); a turn refers to them by id. Width and height are read from an image's bytes.
 */
export const AttachmentSchema = z.object({
  id: z.string().min(1).max(100),
  name: z.string().min(1).max(255).refine(isSafeFileName, UNSAFE_FILE_NAME),
  mimeType: z.string().min(1).max(100),
  kind: AttachmentKindSchema,
  bytes: z.number().int().min(0),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type Attachment = z.infer<typeof AttachmentSchema>;

export const ATTACHMENT_LIMITS = {
  /** one file */
  fileBytes: 20 * 1024 * 1024,
  /** a text file goes into the prompt as text: beyond this it is not a prompt any more */
  textBytes: 2 * 1024 * 1024,
  /** every file of one message together */
  messageBytes: 30 * 1024 * 1024,
  /** files in one message */
  count: 10,
} as const;

/**
 * What each format takes as an image (wire-notes: each vendor's documented input types and sizes): its
 * types, the largest file (messages counts the base64 text against 5 MB, which a file over 3.75 MB makes)
 * and the longest side (messages refuses a side over 8000 px; the others document none, the pixel cap
 * MAX_IMAGE_PIXELS holds for all). An image past them can be fitted
 * (fitImage in the host): scaled down, then JPEG or WebP at falling quality.
 */
export interface ImageLimits {
  types: readonly string[];
  maxBytes: number;
  maxSide: number;
}

export const FORMAT_IMAGE_LIMITS: Record<TextFormat, ImageLimits> = {
  chat: { types: IMAGE_MIME_TYPES, maxBytes: ATTACHMENT_LIMITS.fileBytes, maxSide: Infinity },
  responses: { types: IMAGE_MIME_TYPES, maxBytes: ATTACHMENT_LIMITS.fileBytes, maxSide: Infinity },
  messages: { types: IMAGE_MIME_TYPES, maxBytes: (5 * 1024 * 1024 * 3) / 4, maxSide: 8000 },
  generate: {
    types: ['image/png', 'image/jpeg', 'image/webp'],
    maxBytes: ATTACHMENT_LIMITS.fileBytes,
    maxSide: Infinity,
  },
};

/** The limits an image must keep to go in every one of `formats` (Compare sends one file to several). */
export function imageLimitsFor(formats: readonly TextFormat[]): ImageLimits {
  const all = formats.map((f) => FORMAT_IMAGE_LIMITS[f]);
  return {
    types: IMAGE_MIME_TYPES.filter((type) => all.every((l) => l.types.includes(type))),
    maxBytes: Math.min(...all.map((l) => l.maxBytes)),
    maxSide: Math.min(...all.map((l) => l.maxSide)),
  };
}

/** Whether an image keeps `limits` as it is (no need to fit it). */
export function imageFits(
  limits: ImageLimits,
  a: Pick<Attachment, 'mimeType' | 'bytes'> & Partial<Pick<Attachment, 'width' | 'height'>>,
): boolean {
  return (
    limits.types.includes(a.mimeType) &&
    a.bytes <= limits.maxBytes &&
    Math.max(a.width ?? 0, a.height ?? 0) <= limits.maxSide
  );
}

/** Extensions read as text (source code, data, notes), beside any `text/*` type. */
const TEXT_EXTENSIONS = new Set(
  (
    'txt md markdown csv tsv json jsonl ndjson xml yaml yml toml ini cfg conf log html htm css scss less ' +
    'js mjs cjs jsx ts tsx mts cts py rb go rs java kt kts swift c h cc cpp cxx hpp hh cs php pl pm r ' +
    'scala sh bash zsh fish ps1 bat sql lua dart vue svelte ex exs erl hs clj elm tex rst adoc env ' +
    'gitignore dockerfile makefile gradle properties proto graphql gql'
  ).split(' '),
);

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: PDF_MIME_TYPE,
};

function extensionOf(name: string): string {
  const base = name.toLowerCase().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot === -1 ? base : base.slice(dot + 1);
}

/**
 * The kind and media type of a file from what the picker or the file system said and its name; undefined
 * when Quartet does not attach that type. The host checks the bytes against it (attachmentFromBytes).
 */
export function classifyFile(
  name: string,
  declaredType: string,
): { kind: AttachmentKind; mimeType: string } | undefined {
  const type = declaredType.toLowerCase().split(';')[0]?.trim() ?? '';
  if ((IMAGE_MIME_TYPES as readonly string[]).includes(type)) return { kind: 'image', mimeType: type };
  if (type === PDF_MIME_TYPE) return { kind: 'pdf', mimeType: type };
  const ext = extensionOf(name);
  const byExtension = EXTENSION_TYPES[ext];
  if (byExtension !== undefined && (type === '' || type === 'application/octet-stream')) {
    return byExtension === PDF_MIME_TYPE
      ? { kind: 'pdf', mimeType: byExtension }
      : { kind: 'image', mimeType: byExtension };
  }
  if (type.startsWith('text/') || TEXT_EXTENSIONS.has(ext) || type === 'application/json') {
    return { kind: 'text', mimeType: 'text/plain' };
  }
  return undefined;
}

/** Megabytes with one decimal at most, written the English way (3.8 MB), as every refusal says a size. */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;
}

/**
 * Why a file, or a message's files, cannot be attached, as data: the page says it in its own language,
 * the host and the command line print refusalText's English.
 */
export type AttachmentRefusal =
  | { code: 'unsupported'; name: string }
  | { code: 'empty'; name: string }
  | { code: 'text-too-large'; name: string; bytes: number; max: number }
  | { code: 'file-too-large'; name: string; bytes: number; max: number }
  | { code: 'too-many'; count: number; max: number }
  | { code: 'message-too-large'; bytes: number; max: number }
  | { code: 'generate-gif'; name: string }
  | { code: 'messages-image-too-large'; name: string; bytes: number }
  | { code: 'image-too-wide'; name: string; width: number; height: number; side: number; format: string };

/** Refusals that fitting the image answers (the page offers it, the CLI's --fit-images does it). */
export function isFittable(r: AttachmentRefusal): boolean {
  return r.code === 'generate-gif' || r.code === 'messages-image-too-large' || r.code === 'image-too-wide';
}

/** The refusal as one English sentence naming the file. */
export function refusalText(r: AttachmentRefusal): string {
  switch (r.code) {
    case 'unsupported':
      return `"${r.name}" cannot be attached: Quartet takes images (PNG, JPEG, WebP, GIF), PDFs and text files.`;
    case 'empty':
      return `"${r.name}" is empty.`;
    case 'text-too-large':
      return `"${r.name}" is ${formatMegabytes(r.bytes)}; a text file goes into the prompt and may be at most ${formatMegabytes(r.max)}.`;
    case 'file-too-large':
      return `"${r.name}" is ${formatMegabytes(r.bytes)}; a file may be at most ${formatMegabytes(r.max)}.`;
    case 'too-many':
      return `A message may carry at most ${r.max} files; this one has ${r.count}.`;
    case 'message-too-large':
      return `The files of this message add up to ${formatMegabytes(r.bytes)}; one message may carry at most ${formatMegabytes(r.max)}.`;
    case 'generate-gif':
      return `"${r.name}" is a GIF; Generate Content takes PNG, JPEG and WebP images.`;
    case 'messages-image-too-large':
      return `"${r.name}" is ${formatMegabytes(r.bytes)}; Messages takes images up to 3.75 MB (5 MB once encoded).`;
    case 'image-too-wide':
      return `"${r.name}" is ${r.width}x${r.height} pixels; ${r.format} takes images up to ${r.side} pixels a side.`;
  }
}

/** Why one file cannot be attached; undefined when it can. */
export function fileRefusal(
  name: string,
  kind: AttachmentKind | undefined,
  bytes: number,
): AttachmentRefusal | undefined {
  if (kind === undefined) return { code: 'unsupported', name };
  if (bytes === 0) return { code: 'empty', name };
  if (kind === 'text' && bytes > ATTACHMENT_LIMITS.textBytes) {
    return { code: 'text-too-large', name, bytes, max: ATTACHMENT_LIMITS.textBytes };
  }
  if (bytes > ATTACHMENT_LIMITS.fileBytes) {
    return { code: 'file-too-large', name, bytes, max: ATTACHMENT_LIMITS.fileBytes };
  }
  return undefined;
}

/** Why one file cannot be attached, naming it; undefined when it can. */
export function fileProblem(
  name: string,
  kind: AttachmentKind | undefined,
  bytes: number,
): string | undefined {
  const refusal = fileRefusal(name, kind, bytes);
  return refusal && refusalText(refusal);
}

/** Why a message's files cannot all go in `format`; undefined when they can. */
export function messageAttachmentsRefusal(
  format: TextFormat,
  attachments: readonly (Pick<Attachment, 'name' | 'mimeType' | 'kind' | 'bytes'> &
    Partial<Pick<Attachment, 'width' | 'height'>>)[],
): AttachmentRefusal | undefined {
  if (attachments.length > ATTACHMENT_LIMITS.count) {
    return { code: 'too-many', count: attachments.length, max: ATTACHMENT_LIMITS.count };
  }
  const total = attachments.reduce((sum, a) => sum + a.bytes, 0);
  if (total > ATTACHMENT_LIMITS.messageBytes) {
    return { code: 'message-too-large', bytes: total, max: ATTACHMENT_LIMITS.messageBytes };
  }
  for (const a of attachments) {
    const refusal = fileRefusal(a.name, a.kind, a.bytes) ?? formatRefusal(format, a);
    if (refusal !== undefined) return refusal;
  }
  return undefined;
}

/** Why a message's files cannot all go in `format`, naming the file and the reason; undefined when they can. */
export function messageAttachmentsProblem(
  format: TextFormat,
  attachments: readonly (Pick<Attachment, 'name' | 'mimeType' | 'kind' | 'bytes'> &
    Partial<Pick<Attachment, 'width' | 'height'>>)[],
): string | undefined {
  const refusal = messageAttachmentsRefusal(format, attachments);
  return refusal && refusalText(refusal);
}

/** What a format itself refuses (FORMAT_IMAGE_LIMITS). */
function formatRefusal(
  format: TextFormat,
  a: Pick<Attachment, 'name' | 'mimeType' | 'kind' | 'bytes'> & Partial<Pick<Attachment, 'width' | 'height'>>,
): AttachmentRefusal | undefined {
  if (a.kind !== 'image') return undefined;
  const limits = FORMAT_IMAGE_LIMITS[format];
  if (!limits.types.includes(a.mimeType)) return { code: 'generate-gif', name: a.name };
  if (a.bytes > limits.maxBytes) {
    return { code: 'messages-image-too-large', name: a.name, bytes: a.bytes };
  }
  const long = Math.max(a.width ?? 0, a.height ?? 0);
  if (long > limits.maxSide) {
    return {
      code: 'image-too-wide',
      name: a.name,
      width: a.width ?? 0,
      height: a.height ?? 0,
      side: limits.maxSide,
      format: FORMAT_LABELS[format],
    };
  }
  return undefined;
}

/** A byte count for people: 512 B, 12 KB, 3.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return formatMegabytes(bytes);
}
