// Group "images" (optional, it costs an image): one small generation, with the real size compared to the ask.
import { ApiError } from '../core/index.ts';
import { pickImageModel } from './pick-model.ts';
import { exchangeIdOf, failureLine } from './util.ts';
import type { CheckContext, ModelList } from './types.ts';

const SIZE = '1024x1024';

export async function checkImages(ctx: CheckContext, models: ModelList): Promise<void> {
  const model = pickImageModel(models);
  if (model === undefined) {
    ctx.report({
      id: 'images.generate',
      group: 'images',
      name: 'Image generation',
      status: 'warn',
      detail: 'the model list has no image model to try',
    });
    return;
  }
  try {
    const result = await ctx.client.generateImages(
      { model, prompt: 'A small red circle on a white background.', size: SIZE, n: 1, quality: 'low' },
      ctx.signal ? { signal: ctx.signal } : {},
    );
    const image = result.images[0];
    const got = image ? `${image.width}x${image.height} ${image.format.toUpperCase()}` : 'no image';
    ctx.report({
      id: 'images.generate',
      group: 'images',
      name: 'Image generation',
      status: image === undefined ? 'fail' : image.sizeAdjusted ? 'warn' : 'pass',
      detail: image?.sizeAdjusted
        ? `${model}: asked for ${SIZE}, got ${got} (reported ${image.reportedSize ?? 'no size'})`
        : `${model}: ${got}, ${image ? Math.round(image.bytes.byteLength / 1024) : 0} KB`,
      exchangeId: result.exchange.id,
    });
  } catch (e) {
    const exchangeId = exchangeIdOf(e);
    ctx.report({
      id: 'images.generate',
      group: 'images',
      name: 'Image generation',
      status: e instanceof ApiError && e.info.kind === 'invalid-input' ? 'warn' : 'fail',
      detail: `${model}: ${failureLine(e)}`,
      ...(exchangeId ? { exchangeId } : {}),
    });
  }
}
