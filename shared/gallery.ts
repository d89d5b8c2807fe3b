// Where a gallery image came from, and the settings it was made with: one list for the store's CHECK,
// the repository, the contract and the gallery's filter.

/**
 * `images`: the images endpoint's generations; `responses`: the responses format's image_generation tool;
 * `generate`: a generate-content reply's image part; `edit`: the images endpoint's edits.
 */
export const IMAGE_SOURCES = ['images', 'responses', 'generate', 'edit'] as const;
export type ImageSource = (typeof IMAGE_SOURCES)[number];

export function isImageSource(v: unknown): v is ImageSource {
  return typeof v === 'string' && (IMAGE_SOURCES as readonly string[]).includes(v);
}

/**
 * The settings an image was made with, as the request or the reply named them (`size`, `quality`,
 * `background`, `aspectRatio`, `input_fidelity`...): flat, so the gallery shows them as name and value.
 */
export type ImageSettings = Record<string, string | number | boolean>;
