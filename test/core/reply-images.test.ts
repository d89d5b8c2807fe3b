// Images in replies, on the shapes of the vendors' references: the responses image_generation_call item
// (whole and streamed with partial images) and generate content's inlineData image parts with their
// thoughtSignature; and the next request sends both back byte for byte.
import { describe, expect, it } from 'vitest';
import { buildRequest } from '../../electron/core/index.ts';
import { parseResponsesReply } from '../../electron/core/formats/responses.ts';
import { parseGenerateReply } from '../../electron/core/formats/generate.ts';
import { FORMATS } from '../../electron/core/formats/index.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import type { SseEvent } from '../../electron/core/sse/read-events.ts';
import type { Params } from '../../shared/conversation.ts';
import { assistant, user } from './helpers/turns.ts';

const PARAMS: Params = { stream: false };

function pngBase64(shade: number): string {
  const pixels = new Uint8Array(4 * 4 * 3).fill(shade);
  return encodePng({ width: 4, height: 4, channels: 3, pixels }).toString('base64');
}
const FINAL = pngBase64(200);
const PARTIAL_0 = pngBase64(50);
const PARTIAL_1 = pngBase64(120);

const IMAGE_ITEM = {
  id: 'ig_68b0c1',
  type: 'image_generation_call',
  status: 'completed',
  background: 'opaque',
  output_format: 'png',
  quality: 'high',
  size: '1024x1024',
  revised_prompt: 'A grey square on a grey ground',
  result: FINAL,
};
const MESSAGE_ITEM = {
  id: 'msg_1',
  type: 'message',
  status: 'completed',
  role: 'assistant',
  content: [{ type: 'output_text', text: 'Here it is.', annotations: [] }],
};

describe('responses: the image_generation_call item', () => {
  it('reads the image, its revised prompt and the settings used from a whole reply', () => {
    const reply = parseResponsesReply({
      id: 'resp_1',
      status: 'completed',
      model: 'gpt-5',
      output: [IMAGE_ITEM, MESSAGE_ITEM],
    });
    expect(reply.text).toBe('Here it is.');
    expect(reply.images).toEqual([
      {
        mimeType: 'image/png',
        base64: FINAL,
        revisedPrompt: 'A grey square on a grey ground',
        settings: { size: '1024x1024', quality: 'high', output_format: 'png', background: 'opaque' },
      },
    ]);
    // the payload keeps the item as received: it goes back whole
    expect(reply.raw).toEqual({
      format: 'responses',
      responseId: 'resp_1',
      output: [IMAGE_ITEM, MESSAGE_ITEM],
    });
  });

  it('takes the type from output_format, and leaves out an item without a well-formed image', () => {
    const webp = parseResponsesReply({
      status: 'completed',
      output: [{ ...IMAGE_ITEM, output_format: 'webp' }],
    });
    expect(webp.images?.[0]?.mimeType).toBe('image/webp');
    for (const bad of [
      { result: null },
      { result: 'not base64!' },
      { output_format: 'gif' },
      { result: '' },
    ]) {
      expect(
        parseResponsesReply({ status: 'completed', output: [{ ...IMAGE_ITEM, ...bad }] }).images,
      ).toBeUndefined();
    }
  });

  it('streams each partial image as it comes, then the final image in the result', () => {
    let seq = 0;
    const ev = (type: string, fields: Record<string, unknown>): SseEvent => ({
      event: type,
      data: JSON.stringify({ type, sequence_number: seq++, ...fields }),
    });
    const where = { output_index: 0, item_id: 'ig_68b0c1' };
    const events = [
      ev('response.created', {
        response: { id: 'resp_2', model: 'gpt-5', status: 'in_progress', output: [] },
      }),
      ev('response.output_item.added', {
        output_index: 0,
        item: { id: 'ig_68b0c1', type: 'image_generation_call', status: 'in_progress' },
      }),
      ev('response.image_generation_call.in_progress', where),
      ev('response.image_generation_call.generating', where),
      ev('response.image_generation_call.partial_image', {
        ...where,
        partial_image_index: 0,
        partial_image_b64: PARTIAL_0,
      }),
      ev('response.image_generation_call.partial_image', {
        ...where,
        partial_image_index: 1,
        partial_image_b64: PARTIAL_1,
      }),
      ev('response.image_generation_call.completed', where),
      ev('response.output_item.done', { output_index: 0, item: IMAGE_ITEM }),
      ev('response.completed', {
        response: { id: 'resp_2', model: 'gpt-5', status: 'completed', output: [IMAGE_ITEM] },
      }),
    ];
    const r = FORMATS.responses.createReducer();
    const partials = events.map((e) => r.push(e)?.partialImage).filter((p) => p !== undefined);
    expect(partials).toEqual([
      { image: 0, partial: 0, mimeType: 'image/png', base64: PARTIAL_0 },
      { image: 0, partial: 1, mimeType: 'image/png', base64: PARTIAL_1 },
    ]);
    expect(r.finished).toBe(true);
    expect(r.result().images?.map((i) => i.base64)).toEqual([FINAL]);
    expect(r.result().text).toBe('');
  });

  it('sends the item back whole in the next request, before the new message', () => {
    const history = [
      user('a grey square'),
      assistant('Here it is.', {
        format: 'responses',
        responseId: 'resp_1',
        output: [IMAGE_ITEM, MESSAGE_ITEM],
      }),
      user('make it darker'),
    ];
    const body = buildRequest('responses', 'gpt-5', history, PARAMS, false) as { input: unknown[] };
    expect(body.input).toEqual([
      { role: 'user', content: 'a grey square' },
      IMAGE_ITEM,
      MESSAGE_ITEM,
      { role: 'user', content: 'make it darker' },
    ]);
  });
});

describe('generate content: inlineData image parts', () => {
  const SIGNED_TEXT = { text: 'A grey square.', thoughtSignature: 'c2lnLXRleHQ=' };
  const SIGNED_IMAGE = {
    inlineData: { mimeType: 'image/png', data: FINAL },
    thoughtSignature: 'c2lnLWltYWdl',
  };

  it('reads the image parts in order beside the text, and keeps the parts as received', () => {
    const reply = parseGenerateReply({
      candidates: [{ content: { role: 'model', parts: [SIGNED_TEXT, SIGNED_IMAGE] }, finishReason: 'STOP' }],
      modelVersion: 'gemini-3-pro-image-preview',
    });
    expect(reply.text).toBe('A grey square.');
    expect(reply.images).toEqual([{ mimeType: 'image/png', base64: FINAL }]);
    expect(reply.raw).toEqual({ format: 'generate', parts: [SIGNED_TEXT, SIGNED_IMAGE] });
  });

  it('leaves out thought images and parts that are not images', () => {
    const reply = parseGenerateReply({
      candidates: [
        {
          content: {
            parts: [
              { inlineData: { mimeType: 'image/png', data: PARTIAL_0 }, thought: true },
              { inlineData: { mimeType: 'application/pdf', data: FINAL } },
              SIGNED_IMAGE,
            ],
          },
          finishReason: 'STOP',
        },
      ],
    });
    expect(reply.images?.map((i) => i.base64)).toEqual([FINAL]);
  });

  it('streamed: the image part arrives whole and is kept with its signature', () => {
    const r = FORMATS.generate.createReducer();
    const chunk = (parts: unknown[], finish?: string): SseEvent => ({
      data: JSON.stringify({
        candidates: [{ content: { role: 'model', parts }, ...(finish ? { finishReason: finish } : {}) }],
      }),
    });
    r.push(chunk([{ text: 'A grey ' }]));
    r.push(chunk([{ text: 'square.' }]));
    r.push(chunk([SIGNED_IMAGE], 'STOP'));
    const result = r.result();
    expect(result.text).toBe('A grey square.');
    expect(result.images?.map((i) => i.base64)).toEqual([FINAL]);
    expect(result.raw).toEqual({ format: 'generate', parts: [{ text: 'A grey square.' }, SIGNED_IMAGE] });
  });

  it('round trip: the signed image part goes back byte for byte in the next request', () => {
    const reply = parseGenerateReply({
      candidates: [{ content: { role: 'model', parts: [SIGNED_TEXT, SIGNED_IMAGE] }, finishReason: 'STOP' }],
    });
    const history = [user('a grey square'), assistant(reply.text, reply.raw), user('make it darker')];
    const body = JSON.stringify(
      buildRequest('generate', 'gemini-3-pro-image-preview', history, PARAMS, false),
    );
    expect(body).toContain(JSON.stringify({ role: 'model', parts: [SIGNED_TEXT, SIGNED_IMAGE] }));
  });
});

describe('the image settings a conversation sends', () => {
  it('responses: the image_generation tool after the functions, with the settings set', () => {
    const body = buildRequest(
      'responses',
      'gpt-5',
      [user('draw')],
      { stream: true, imageGeneration: true, imageSize: '1536x1024', imageFormat: 'webp', partialImages: 2 },
      true,
    );
    expect(body['tools']).toEqual([
      { type: 'image_generation', size: '1536x1024', output_format: 'webp', partial_images: 2 },
    ]);
    // settings without the tool turned on send nothing
    expect(
      buildRequest('responses', 'gpt-5', [user('draw')], { stream: true, imageSize: '1536x1024' }, true),
    ).not.toHaveProperty('tools');
  });

  it('generate: both modalities and the image config, only with image output on', () => {
    const on = buildRequest(
      'generate',
      'gemini-2.5-flash-image',
      [user('draw')],
      { stream: false, imageOutput: true, aspectRatio: '16:9', imageResolution: '2K' },
      false,
    );
    expect(on['generationConfig']).toEqual({
      responseModalities: ['TEXT', 'IMAGE'],
      imageConfig: { aspectRatio: '16:9', imageSize: '2K' },
    });
    const off = buildRequest(
      'generate',
      'gemini-2.5-flash',
      [user('draw')],
      { stream: false, aspectRatio: '16:9' },
      false,
    );
    expect(off).not.toHaveProperty('generationConfig');
  });
});
