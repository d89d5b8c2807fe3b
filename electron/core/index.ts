// The Node-side client of the model-access service. Runs under plain Node (no electron import).
export { createServiceClient, type ClientOptions, type ServiceClient } from './client.ts';
export { ApiError, toAppError, type PartialReply } from './errors/api-error.ts';
export { describeErrorBody, parseVendorError, type ErrorBodyInfo } from './errors/error-body.ts';
export { buildRequest } from './formats/index.ts';
export type { TurnFiles } from './formats/attachments.ts';
export { describeFile, inspectFile, type FileDescription } from './files/describe.ts';
export { appendStreamedParts } from './formats/generate.ts';
export { validateTurnInput, type TurnInput } from './turn/validate.ts';
export type { SendTurnRequest, TurnReply } from './turn/send-turn.ts';
export type { ModelInfo } from './models.ts';
export {
  buildImageBody,
  parseSize,
  type GeneratedImage,
  type ImageRequest,
  type ImageResult,
} from './images/generate.ts';
export { buildEditForm, describeEditForm, type EditFile, type ImageEditRequest } from './images/edit.ts';
export {
  sniffImage,
  sniffInputImage,
  imageLooksComplete,
  IMAGE_MIME,
  type ImageFormat,
  type SniffedImage,
  type SniffedInputImage,
} from './images/sniff.ts';
export { decodeBase64Strict } from './images/base64.ts';
export { createRedactor, maskKey, type Redactor } from './http/redact.ts';
export { decideRetry, parseRetryAfter, backoffMs, type RetryPolicy } from './http/retry.ts';
export { readEvents, type SseEvent } from './sse/read-events.ts';
