import type { Entry } from '../translate.ts';

/**
 * Why a file cannot be attached. The refusals are shared/attachments.ts's own English sentences
 * (refusalText), so the English page says exactly what the host and the command line print; the host's
 * own checks of a file's bytes come as English sentences and are matched against the `files.host.*` ones.
 */
export const files = {
  'files.refused.unsupported':
    '"{name}" cannot be attached: Quartet takes images (PNG, JPEG, WebP, GIF), PDFs and text files.',
  'files.refused.empty': '"{name}" is empty.',
  'files.refused.text-too-large':
    '"{name}" is {size}; a text file goes into the prompt and may be at most {max}.',
  'files.refused.file-too-large': '"{name}" is {size}; a file may be at most {max}.',
  'files.refused.too-many': 'A message may carry at most {max} files; this one has {count}.',
  'files.refused.message-too-large':
    'The files of this message add up to {size}; one message may carry at most {max}.',
  'files.refused.generate-gif':
    '"{name}" is a GIF; Generate Content takes PNG, JPEG and WebP images. Convert it, or send it in another format.',
  'files.refused.messages-image-too-large':
    '"{name}" is {size}; Messages takes images up to 3.75 MB (5 MB once encoded). Turn on "Downscale large images".',

  'files.host.notImage': '"{name}" is not a PNG, JPEG, WebP or GIF image (its bytes are not one).',
  'files.host.notPdf': '"{name}" is not a PDF (it does not start with %PDF-).',
  'files.host.nulBytes': '"{name}" holds NUL bytes, so it is not a text file.',
  'files.host.notUtf8': '"{name}" is not UTF-8 text; save it as UTF-8 to attach it.',
  'files.host.notWhole': '"{name}" did not arrive whole (its data is not valid base64).',
  'files.host.nameTooLong': 'The file name is longer than 255 characters.',
} satisfies Record<string, Entry>;
