// `quartet ask`'s image options: the responses image tool and generate content's image output, with
// their settings from the control table (shared/controls.ts), each for the format that sends it.
import type { Params } from '../../shared/conversation.ts';
import { CONTROLS, IMAGE_CONTROL_KEYS, type ControlKey } from '../../shared/controls.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { choiceOption, intOption, UsageError } from './args.ts';
import { flag, str, type Values } from './commands/context.ts';

export const IMAGE_ASK_OPTIONS = {
  image: { type: 'boolean' },
  'image-size': { type: 'string' },
  'image-quality': { type: 'string' },
  'image-format': { type: 'string' },
  'image-background': { type: 'string' },
  'partial-images': { type: 'string' },
  'aspect-ratio': { type: 'string' },
  'image-resolution': { type: 'string' },
} as const;

/** Each setting's option, the control it sets and the format that sends it. */
const SETTINGS: readonly { option: keyof typeof IMAGE_ASK_OPTIONS; key: ControlKey; format: TextFormat }[] = [
  { option: 'image-size', key: 'imageSize', format: 'responses' },
  { option: 'image-quality', key: 'imageQuality', format: 'responses' },
  { option: 'image-format', key: 'imageFormat', format: 'responses' },
  { option: 'image-background', key: 'imageBackground', format: 'responses' },
  { option: 'partial-images', key: 'partialImages', format: 'responses' },
  { option: 'aspect-ratio', key: 'aspectRatio', format: 'generate' },
  { option: 'image-resolution', key: 'imageResolution', format: 'generate' },
];

/** The switch that makes images in each format that can. */
const SWITCH: Partial<Record<TextFormat, ControlKey>> = {
  responses: 'imageGeneration',
  generate: 'imageOutput',
};

/**
 * The image controls of this request: the history file's (a multi-turn edit keeps making images), then
 * the options given. An option for a format that does not send it is a usage error, not silently dropped.
 */
export function imageParams(values: Values, format: TextFormat, kept: Params | undefined): Partial<Params> {
  const out: Record<string, unknown> = {};
  for (const key of IMAGE_CONTROL_KEYS) {
    const value = kept?.[key];
    if (value !== undefined) out[key] = value;
  }
  const on = SWITCH[format];
  if (flag(values, 'image')) {
    if (on === undefined) {
      throw new UsageError('--image needs --format responses (the image tool) or generate (image output)');
    }
    out[on] = true;
  }
  for (const { option, key, format: sender } of SETTINGS) {
    const given = str(values, option);
    if (given === undefined) continue;
    if (format !== sender) throw new UsageError(`--${option} goes with --format ${sender}`);
    const spec = CONTROLS[key];
    out[key] =
      spec.kind === 'choice'
        ? choiceOption(option, given, spec.choices)
        : spec.kind === 'integer'
          ? intOption(option, given, spec.min, spec.max)
          : given;
  }
  return out as Partial<Params>;
}
