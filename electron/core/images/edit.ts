// POST /v1/images/edits: reference images, an optional mask and a prompt as a multipart form, built with
// the platform's FormData and Blob; the reply is read as a generation's. The exchange record shows the
// form's fields and describes its files (name, type, size) instead of holding their bytes.
import { imageEditsUrl } from '../../../shared/endpoints.ts';
import { compact } from '../../../shared/compact.ts';
import { IMAGE_EDIT_LIMITS } from '../../../shared/limits.ts';
import { invalidInput } from '../errors/api-error.ts';
import { authorise, requireKey } from '../http/auth.ts';
import {
  imageReplyReader,
  validateImageRequest,
  type ImageRequest,
  type ImageResult,
  type ImagesContext,
} from './generate.ts';
import { sniffImage } from './sniff.ts';

/** A file of the form: its bytes, the name and type it is sent under. */
export interface EditFile {
  bytes: Uint8Array;
  name: string;
  mime: string;
}

export interface ImageEditRequest extends ImageRequest {
  /** the images to edit: the first is the one edited (and masked), the others are references */
  images: EditFile[];
  /** a PNG of the first image's size whose fully transparent pixels mark what may change */
  mask?: EditFile;
  /** `low` or `high`: how closely the edit keeps the input images' details */
  inputFidelity?: string;
}

function problems(req: ImageEditRequest): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const { references, referenceBytes, maskBytes } = IMAGE_EDIT_LIMITS;
  if (req.images.length === 0) out.push({ path: 'images', message: 'Choose an image to edit.' });
  if (req.images.length > references) {
    out.push({ path: 'images', message: `At most ${references} images can be edited together.` });
  }
  for (const [i, image] of req.images.entries()) {
    if (image.bytes.byteLength > referenceBytes) {
      out.push({ path: `images.${i}`, message: `Image ${i + 1} is larger than 50 MB.` });
    }
  }
  if (req.mask) {
    if (sniffImage(req.mask.bytes)?.format !== 'png') {
      out.push({ path: 'mask', message: 'The mask must be a PNG image.' });
    } else if (req.mask.bytes.byteLength > maskBytes) {
      out.push({ path: 'mask', message: 'The mask is larger than 4 MB.' });
    }
  }
  return out;
}

/** One image field when there is one image, `image[]` for several (as the official libraries send them). */
function imageField(count: number): string {
  return count === 1 ? 'image' : 'image[]';
}

/** The fields of the form in the order they are sent; files last, the mask after the images. */
function textFields(req: ImageEditRequest): [string, string][] {
  const fields = compact({
    model: req.model,
    prompt: req.prompt,
    n: req.n?.toString(),
    size: req.size,
    quality: req.quality,
    output_format: req.outputFormat,
    background: req.background,
    input_fidelity: req.inputFidelity,
  });
  return Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string');
}

/** The multipart body. Pure. */
export function buildEditForm(req: ImageEditRequest): FormData {
  const form = new FormData();
  for (const [name, value] of textFields(req)) form.append(name, value);
  const field = imageField(req.images.length);
  for (const image of req.images) {
    form.append(field, new Blob([new Uint8Array(image.bytes)], { type: image.mime }), image.name);
  }
  if (req.mask) {
    form.append('mask', new Blob([new Uint8Array(req.mask.bytes)], { type: req.mask.mime }), req.mask.name);
  }
  return form;
}

function describeFile(file: EditFile): string {
  return `<file ${file.name}, ${file.mime}, ${file.bytes.byteLength} bytes>`;
}

/** What the exchange record shows of the form: its fields, and each file by name, type and size. */
export function describeEditForm(req: ImageEditRequest): string {
  const described: Record<string, unknown> = Object.fromEntries(textFields(req));
  const files = req.images.map(describeFile);
  described[imageField(req.images.length)] = files.length === 1 ? files[0] : files;
  if (req.mask) described['mask'] = describeFile(req.mask);
  return JSON.stringify(described);
}

export async function editImages(
  ctx: ImagesContext,
  req: ImageEditRequest,
  opts: { signal?: AbortSignal } = {},
): Promise<ImageResult> {
  const found = [...(validateImageRequest(req)?.info.issues ?? []), ...problems(req)];
  if (found.length > 0) throw invalidInput(found.map((p) => p.message).join(' '), found);
  const key = requireKey(ctx.keys, 'bearer');
  // no Content-Type: fetch writes multipart/form-data with the form's boundary
  const { url, headers } = authorise('bearer', key, imageEditsUrl(ctx.root), {});
  const { value, exchange } = await ctx.transport.call({
    interface: 'images',
    method: 'POST',
    url,
    headers,
    body: buildEditForm(req),
    recordedBody: describeEditForm(req),
    streamed: false,
    signal: opts.signal,
    consume: imageReplyReader(ctx, req.size),
  });
  return { ...value, exchange };
}
