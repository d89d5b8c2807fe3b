// One rule in one place: the contract's boundary, the core before a request and the page's form take and
// refuse the same image sizes, counts and model ids (they once had three ranges, and 500 vs 200).
import { describe, expect, it } from 'vitest';
import { ImageGenerateInputSchema, operations } from '../../shared/contract.ts';
import { MAX_MODEL_ID_CHARS } from '../../shared/limits.ts';
import { validateImageRequest } from '../../electron/core/images/generate.ts';
import { modelIdProblem } from '../../electron/core/turn/validate.ts';
import { DEFAULT_IMAGE_FORM, formSize, validateImageForm } from '../../renderer/store/images-slice.ts';

const SIZES = ['auto', '16x16', '1024x1536', '16384x16384', '15x1024', '16385x16', '0x10', 'huge'];
const COUNTS = [0, 1, 10, 11, 1.5];

describe('the limits every layer applies agree', () => {
  it.each(SIZES)('image size %s', (size) => {
    const contract = ImageGenerateInputSchema.safeParse({
      requestId: 'r',
      model: 'm',
      prompt: 'p',
      size,
    }).success;
    const core = validateImageRequest({ model: 'm', prompt: 'p', size }) === undefined;
    const page =
      validateImageForm({
        ...DEFAULT_IMAGE_FORM,
        model: 'm',
        prompt: 'p',
        sizePreset: 'custom',
        customSize: size,
      }).size === undefined;
    expect([contract, core]).toEqual([page || size === 'auto', page || size === 'auto']);
  });

  it('the page writes a size typed loosely in the wire form the others take', () => {
    const form = { ...DEFAULT_IMAGE_FORM, sizePreset: 'custom' as const, customSize: ' 1024 * 1536 ' };
    expect(formSize(form)).toBe('1024x1536');
    expect(validateImageRequest({ model: 'm', prompt: 'p', size: formSize(form) ?? '' })).toBeUndefined();
  });

  it.each(COUNTS)('image count %s', (n) => {
    const contract = ImageGenerateInputSchema.safeParse({
      requestId: 'r',
      model: 'm',
      prompt: 'p',
      n,
    }).success;
    const core = validateImageRequest({ model: 'm', prompt: 'p', n }) === undefined;
    const page = validateImageForm({ ...DEFAULT_IMAGE_FORM, model: 'm', prompt: 'p', n }).n === undefined;
    expect([contract, core]).toEqual([page, page]);
  });

  it.each([MAX_MODEL_ID_CHARS, MAX_MODEL_ID_CHARS + 1, 300])('a model id of %s characters', (length) => {
    const id = 'm'.repeat(length);
    const contract = operations.createConversation.input.safeParse({ format: 'chat', model: id }).success;
    const core = modelIdProblem(id) === undefined;
    expect(contract).toBe(core);
    expect(core).toBe(length <= MAX_MODEL_ID_CHARS);
  });
});
