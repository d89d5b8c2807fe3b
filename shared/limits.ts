// Limits that the host, the page and the command line all apply, kept once.

/**
 * The most pixels an image may declare. A 1 MB PNG can claim 16000x16000 and cost the page about 1 GB per
 * decode; real generated images are a few megapixels.
 */
export const MAX_IMAGE_PIXELS = 64_000_000;
