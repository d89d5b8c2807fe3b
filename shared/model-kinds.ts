// Which models suit what, by their ids: the page's model picker (what it suggests per tab) and the
// connection check (which model it tries per format) apply the same rule.
import type { TextFormat } from './formats.ts';

export type ModelPurpose = TextFormat | 'images';

const IMAGE = /image|dall-e/i;
/** Models that hold no text conversation: images, speech, embeddings, moderation, realtime, video. */
const NOT_TEXT = /image|dall-e|tts|whisper|embed|moderation|transcribe|audio|realtime|sora|veo|imagen/i;

/** Each text format's makers, as a model id starts: what a tab suggests first. */
const MAKERS: Record<TextFormat, { re: RegExp; label: string }> = {
  chat: { re: /^(gpt-|o\d|chatgpt-)/i, label: 'gpt-*' },
  responses: { re: /^(gpt-|o\d|chatgpt-)/i, label: 'gpt-*' },
  messages: { re: /^claude-/i, label: 'claude-*' },
  generate: { re: /^gemini-/i, label: 'gemini-*' },
};

export function isImageModel(id: string): boolean {
  return IMAGE.test(id);
}

/** A model that holds a text conversation, whoever made it. */
export function isTextModel(id: string): boolean {
  return !NOT_TEXT.test(id);
}

/** Whether a model suits a purpose: a text model of the format's maker, or an image model. */
export function suitsPurpose(id: string, purpose: ModelPurpose): boolean {
  if (purpose === 'images') return isImageModel(id);
  return isTextModel(id) && MAKERS[purpose].re.test(id);
}

/** How the maker's models are named, for messages: "gpt-*". */
export function makerLabel(format: TextFormat): string {
  return MAKERS[format].label;
}

/**
 * Whether a generate-content model reads media inside a function response (`functionResponse.parts` of
 * inlineData): the vendor documents multimodal function responses for its 3-series models on. Older
 * ones get a tool's images as inlineData parts after the function responses instead.
 */
export function takesMultimodalFunctionResponses(id: string): boolean {
  const m = /^(?:models\/)?gemini-(\d+)/i.exec(id);
  return m !== null && Number(m[1]) >= 3;
}
