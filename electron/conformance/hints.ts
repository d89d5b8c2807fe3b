// What a skipped check tells the user to do: the command line names its flags, the app its own controls.
import type { ModelKind } from './models.ts';
import { FORMAT_LABELS } from '../../shared/formats.ts';

export type CheckSurface = 'cli' | 'app';

export interface CheckHints {
  /** How to name the model a format uses, e.g. "name one with --model-chat". */
  model(kind: ModelKind): string;
  /** How to include the image check. */
  images: string;
}

const FLAG: Record<ModelKind, string> = {
  chat: '--model-chat',
  responses: '--model-chat',
  messages: '--model-messages',
  generate: '--model-generate',
  image: '--model-image',
};

const TAB: Record<ModelKind, string> = { ...FORMAT_LABELS, image: FORMAT_LABELS.images };

export const CHECK_HINTS: Record<CheckSurface, CheckHints> = {
  cli: {
    model: (kind) => `name one with ${FLAG[kind]}`,
    images: 'generating an image costs one: ask for it with --images',
  },
  app: {
    model: (kind) => `choose one in the ${TAB[kind]} tab's model field, then check again`,
    images: 'generating an image costs one: tick "Include image generation" to check it',
  },
};
