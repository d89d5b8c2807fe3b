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
  'files.refused.generate-gif': '"{name}" is a GIF; Generate Content takes PNG, JPEG and WebP images.',
  'files.refused.messages-image-too-large':
    '"{name}" is {size}; Messages takes images up to 3.75 MB (5 MB once encoded).',
  'files.refused.image-too-wide':
    '"{name}" is {width}x{height} pixels; {format} takes images up to {side} pixels a side.',
  /** after a refusal that fitting answers: the box it names shows below the files whenever one applies */
  'files.fitAdvice': 'Tick "Fit images to the format" below the files.',

  'files.host.notImage': '"{name}" is not a PNG, JPEG, WebP or GIF image (its bytes are not one).',
  'files.host.notPdf': '"{name}" is not a PDF (it does not start with %PDF-).',
  'files.host.nulBytes': '"{name}" holds NUL bytes, so it is not a text file.',
  'files.host.notUtf8': '"{name}" is not UTF-8 text; save it as UTF-8 to attach it.',
  'files.host.notWhole': '"{name}" did not arrive whole (its data is not valid base64).',
  'files.host.nameTooLong': 'The file name is longer than 255 characters.',
  'files.host.tooManyPixels':
    '"{name}" declares {width}x{height} pixels ({megapixels} megapixels); Quartet takes images of at most {max} megapixels.',
  'files.host.notDecodable': '"{name}" could not be decoded: its image data is damaged or incomplete.',
  'files.host.notFitted': '"{name}" could not be fitted: {reason}.',
} satisfies Record<string, Entry>;
