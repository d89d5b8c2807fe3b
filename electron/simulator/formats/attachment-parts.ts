// The attachment parts of each text format, in the real vendors' documented shapes (the spec is silent on
// input parts). Each reader decodes its part and refuses, with a 400, what the real service refuses.
import { invalidRequest } from '../errors.ts';
import {
  decodeBase64Strict,
  IMAGE_TYPES,
  isWebUrl,
  MESSAGES_IMAGE_MAX_BASE64,
  parseDataUrl,
  PDF_TYPE,
  receiveFile,
  receiveImage,
  receivePdf,
  receiveText,
  type ReceivedAttachment,
} from '../attachments/received.ts';
import { checkDetail, optionalPartString, partString, type PartReader } from './content.ts';
import { isRecord } from '../../../shared/wire.ts';

/** An image address: a base64 data URL, or an http(s) address that is accepted and not fetched. */
function imageFromUrl(url: string, where: string): ReceivedAttachment {
  const data = parseDataUrl(url, where);
  if (data !== undefined) return receiveImage(data.bytes, data.mimeType, where);
  if (isWebUrl(url)) return { kind: 'image-url', url };
  throw invalidRequest(`${where}: expected a base64 data URL or an http(s) address for the image.`, where);
}

/** Files go inline: the simulator keeps no uploaded files. */
function inlineFile(
  part: Record<string, unknown>,
  where: string,
  name: string | undefined,
): ReceivedAttachment {
  const data = optionalPartString(part, 'file_data', where);
  if (data === undefined) {
    const other = ['file_id', 'file_url'].find((f) => part[f] !== undefined);
    throw invalidRequest(
      other === undefined
        ? `${where}.file_data is required (a base64 data URL)`
        : `${where}.${other} is not supported by the simulator: send the file inline as file_data`,
      where,
    );
  }
  const parsed = parseDataUrl(data, `${where}.file_data`);
  if (parsed === undefined) {
    throw invalidRequest(`${where}.file_data must be a base64 data URL (data:<type>;base64,<data>).`, where);
  }
  return receiveFile(parsed, `${where}.file_data`, name);
}

/** chat completions: `image_url: {url, detail?}` and `file: {filename?, file_data}`. */
export const CHAT_PARTS: Record<string, PartReader> = {
  image_url(part, where) {
    const image = part['image_url'];
    if (!isRecord(image)) throw invalidRequest(`${where}.image_url must be an object with a url`, where);
    checkDetail(image, `${where}.image_url`);
    return imageFromUrl(partString(image, 'url', `${where}.image_url`), `${where}.image_url.url`);
  },
  file(part, where) {
    const file = part['file'];
    if (!isRecord(file)) throw invalidRequest(`${where}.file must be an object`, where);
    const at = `${where}.file`;
    return inlineFile(file, at, optionalPartString(file, 'filename', at));
  },
};

/** responses: `input_image: {image_url, detail?}` and `input_file: {filename?, file_data}`. */
export const RESPONSES_PARTS: Record<string, PartReader> = {
  input_image(part, where) {
    checkDetail(part, where);
    const url = optionalPartString(part, 'image_url', where);
    if (url === undefined) {
      throw invalidRequest(
        part['file_id'] !== undefined
          ? `${where}.file_id is not supported by the simulator: send the image inline as image_url`
          : `${where}.image_url is required`,
        where,
      );
    }
    return imageFromUrl(url, `${where}.image_url`);
  },
  input_file(part, where) {
    return inlineFile(part, where, optionalPartString(part, 'filename', where));
  },
};

function messagesSource(part: Record<string, unknown>, where: string): Record<string, unknown> {
  const source = part['source'];
  if (!isRecord(source) || typeof source['type'] !== 'string') {
    throw invalidRequest(`${where}.source must be an object with a type`, where);
  }
  return source;
}

/** messages: `image` (base64 or url source) and `document` (base64 PDF or plain text source). */
export const MESSAGES_PARTS: Record<string, PartReader> = {
  image(part, where) {
    const source = messagesSource(part, where);
    const at = `${where}.source`;
    if (source['type'] === 'url') {
      const url = partString(source, 'url', at);
      if (!isWebUrl(url)) throw invalidRequest(`${at}.url must be an http(s) address`, at);
      return { kind: 'image-url', url };
    }
    if (source['type'] !== 'base64') {
      throw invalidRequest(
        `${at}.type '${String(source['type'])}' is not supported (expected base64 or url)`,
        at,
      );
    }
    const mediaType = partString(source, 'media_type', at);
    if (!(IMAGE_TYPES as readonly string[]).includes(mediaType)) {
      throw invalidRequest(
        `${at}.media_type: Input should be ${IMAGE_TYPES.map((t) => `'${t}'`).join(', ')}; got '${mediaType}'`,
        at,
      );
    }
    const data = partString(source, 'data', at);
    if (data.length > MESSAGES_IMAGE_MAX_BASE64) {
      throw invalidRequest(
        `${at}.base64: image exceeds 5 MB maximum: ${data.length} bytes > ${MESSAGES_IMAGE_MAX_BASE64} bytes`,
        at,
      );
    }
    const bytes = decodeBase64Strict(data, `${at}.data`);
    return receiveImage(bytes, mediaType, at);
  },
  document(part, where) {
    const source = messagesSource(part, where);
    const at = `${where}.source`;
    const title = optionalPartString(part, 'title', where);
    const mediaType = partString(source, 'media_type', at);
    if (source['type'] === 'base64') {
      if (mediaType !== PDF_TYPE) {
        throw invalidRequest(
          `${at}.media_type: a base64 document must be '${PDF_TYPE}'; got '${mediaType}'`,
          at,
        );
      }
      return receivePdf(decodeBase64Strict(partString(source, 'data', at), `${at}.data`), at, title);
    }
    if (source['type'] === 'text') {
      if (mediaType !== 'text/plain') {
        throw invalidRequest(
          `${at}.media_type: a text document must be 'text/plain'; got '${mediaType}'`,
          at,
        );
      }
      return receiveText(Buffer.from(partString(source, 'data', at), 'utf8'), mediaType, at, title);
    }
    throw invalidRequest(
      `${at}.type '${String(source['type'])}' is not supported by the simulator (expected base64 or text)`,
      at,
    );
  },
};

/** Image types generate content takes inline; GIF is not one of them. */
const GENERATE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'];

/**
 * generate content: `inlineData: {mimeType, data}` (the JSON mapping also accepts `inline_data` and
 * `mime_type`). Undefined for a part that carries no inline data.
 */
export function generateInlineData(
  part: Record<string, unknown>,
  where: string,
): ReceivedAttachment | undefined {
  const key =
    part['inlineData'] !== undefined
      ? 'inlineData'
      : part['inline_data'] !== undefined
        ? 'inline_data'
        : undefined;
  if (key === undefined) {
    if (part['fileData'] !== undefined || part['file_data'] !== undefined) {
      throw invalidRequest(
        `${where}.fileData is not supported by the simulator: send the bytes as inlineData`,
      );
    }
    return undefined;
  }
  const at = `${where}.${key}`;
  const inline = part[key];
  if (!isRecord(inline)) throw invalidRequest(`${at} must be an object`);
  const mimeType = optionalPartString(inline, 'mimeType', at) ?? optionalPartString(inline, 'mime_type', at);
  if (mimeType === undefined || mimeType === '') throw invalidRequest(`${at}.mimeType is required`);
  const type = mimeType.toLowerCase().split(';')[0]?.trim() ?? '';
  const bytes = decodeBase64Strict(partString(inline, 'data', at), `${at}.data`);
  if (type.startsWith('image/')) {
    if (!GENERATE_IMAGE_TYPES.includes(type))
      throw invalidRequest(`${at}: Unsupported MIME type: ${mimeType}`);
    return receiveImage(bytes, type, at, GENERATE_IMAGE_TYPES);
  }
  if (type === PDF_TYPE) return receivePdf(bytes, at);
  if (type.startsWith('text/')) return receiveText(bytes, type, at);
  throw invalidRequest(`${at}: Unsupported MIME type: ${mimeType}`);
}
