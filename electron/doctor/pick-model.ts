import type { TextFormat } from '../../shared/formats.ts';
import type { ModelList } from './types.ts';

/** Models that do not hold a text conversation. */
const NOT_TEXT = /image|dall-e|tts|whisper|embed|moderation|transcribe|audio|realtime|sora|veo|imagen/i;

/** The maker whose models a format most likely serves (any text model is the fallback). */
const PREFERRED: Record<TextFormat, RegExp> = {
  chat: /^(gpt|o\d|chatgpt)/i,
  responses: /^(gpt|o\d|chatgpt)/i,
  messages: /claude/i,
  generate: /gemini/i,
};

/** Tried when the model list is unavailable. */
const FALLBACK: Record<TextFormat, string> = {
  chat: 'gpt-5-mini',
  responses: 'gpt-5-mini',
  messages: 'claude-haiku-4-5',
  generate: 'gemini-2.5-flash',
};

export function pickTextModel(models: ModelList, format: TextFormat): { id: string; listed: boolean } {
  if (!models) return { id: FALLBACK[format], listed: false };
  const text = models.filter((m) => !NOT_TEXT.test(m.id));
  const pick = text.find((m) => PREFERRED[format].test(m.id)) ?? text[0];
  return pick ? { id: pick.id, listed: true } : { id: FALLBACK[format], listed: false };
}

export function pickImageModel(models: ModelList): string | undefined {
  if (!models) return 'gpt-image-1';
  return models.find((m) => /image|dall-e/i.test(m.id))?.id;
}
