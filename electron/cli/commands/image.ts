import { mkdir } from 'node:fs/promises';
import type { ImageRequest } from '../../core/index.ts';
import { IMAGE_COUNT, imageSizeProblem } from '../../../shared/limits.ts';
import { choiceOption, intOption, UsageError } from '../args.ts';
import { writeFileAtomic } from '../../store/atomic-write.ts';
import { connect } from '../connection.ts';
import { flag, list, promptFrom, str, type CommandContext } from './context.ts';
import { readEditFiles } from '../edit-files.ts';
import { compact } from '../../../shared/compact.ts';
import { freePath, imageExtension, slug, stamp } from '../image-files.ts';

export const imageOptions = {
  model: { type: 'string' },
  size: { type: 'string' },
  n: { type: 'string' },
  quality: { type: 'string' },
  'output-format': { type: 'string' },
  background: { type: 'string' },
  out: { type: 'string' },
  json: { type: 'boolean' },
  edit: { type: 'string', multiple: true },
  mask: { type: 'string' },
  'input-fidelity': { type: 'string' },
} as const;

export async function runImage(ctx: CommandContext): Promise<number> {
  const v = ctx.values;
  const size = str(v, 'size');
  const sizeProblem = size === undefined ? undefined : imageSizeProblem(size);
  if (sizeProblem !== undefined) throw new UsageError(`--size: ${sizeProblem}`);
  const n = intOption('n', str(v, 'n'), IMAGE_COUNT.min, IMAGE_COUNT.max);
  const outputFormat = choiceOption('output-format', str(v, 'output-format'), [
    'png',
    'jpeg',
    'webp',
  ] as const);
  const model = str(v, 'model');
  if (!model) throw new UsageError('--model is required, e.g. --model gpt-image-1');
  const outDir = str(v, 'out');
  if (!outDir) throw new UsageError('--out DIR is required: the folder to save the images in');
  const prompt = await promptFrom(ctx);
  if (prompt === '')
    throw new UsageError("no prompt: describe the image after the options, or pass '-' to read stdin");
  const quality = str(v, 'quality');
  const background = str(v, 'background');
  const req: ImageRequest = compact({ model, prompt, size, n, quality, outputFormat, background });
  const editPaths = list(v, 'edit');
  const maskPath = str(v, 'mask');
  if (maskPath !== undefined && editPaths.length === 0) {
    throw new UsageError('--mask goes with --edit FILE: the mask marks what may change in that image');
  }
  const inputFidelity = choiceOption('input-fidelity', str(v, 'input-fidelity'), ['low', 'high'] as const);
  if (inputFidelity !== undefined && editPaths.length === 0) {
    throw new UsageError('--input-fidelity goes with --edit FILE');
  }
  // every file is read and checked before anything is sent
  const edit = editPaths.length > 0 ? await readEditFiles(editPaths, maskPath) : undefined;
  const client = connect(v, ctx.io.env, {}, (line) => ctx.term.err(line));

  const spinner = ctx.term.spinner(edit ? `editing with ${model}` : `drawing with ${model}`);
  const result = await (
    edit
      ? client.editImages({ ...req, ...edit, ...compact({ inputFidelity }) }, { signal: ctx.signal })
      : client.generateImages(req, { signal: ctx.signal })
  ).finally(() => spinner.stop());

  await mkdir(outDir, { recursive: true });
  const base = `${slug(prompt)}-${stamp(new Date())}`;
  const saved = [];
  for (const [i, img] of result.images.entries()) {
    const path = await freePath(
      outDir,
      result.images.length > 1 ? `${base}-${i + 1}` : base,
      imageExtension(img.format),
    );
    await writeFileAtomic(path, img.bytes, 0o644);
    saved.push({ path, img });
  }

  if (flag(v, 'json')) {
    const out = saved.map(({ path, img }) => ({
      path,
      format: img.format,
      width: img.width,
      height: img.height,
      requestedSize: img.requestedSize ?? null,
      reportedSize: img.reportedSize ?? null,
      sizeAdjusted: img.sizeAdjusted,
    }));
    ctx.term.out(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  for (const { path, img } of saved) {
    const real = `${img.width}x${img.height}`;
    ctx.term.out(
      `${path}  ${real} ${img.format}${img.reportedSize ? ` (reported ${img.reportedSize})` : ''}\n`,
    );
    if (img.sizeAdjusted) ctx.term.out(`  note: asked for ${img.requestedSize}, the service made ${real}\n`);
    else if (img.reportedSize && img.reportedSize !== real) {
      ctx.term.out(`  note: the service reported ${img.reportedSize}, the image is ${real}\n`);
    }
  }
  return 0;
}
