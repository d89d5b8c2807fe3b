// Limits that the host, the page and the command line all apply, kept once.

/**
 * The most pixels an image may declare. A 1 MB PNG can claim 16000x16000 and cost the page about 1 GB per
 * decode; real generated images are a few megapixels.
 */
export const MAX_IMAGE_PIXELS = 64_000_000;

/**
 * What one reply may hold, in characters of text and thoughts together: past it Quartet stops reading and
 * keeps the reply as partial. A few MB is far beyond any real reply and far below what freezes a page.
 */
export const MAX_REPLY_CHARS = { default: 4_000_000, min: 10_000, max: 100_000_000 } as const;

/** Beyond this many characters a reply is shown as plain text: Markdown of that size would freeze the page. */
export const PLAIN_TEXT_REPLY_CHARS = 500_000;

/** The largest message a user may send, in characters (the app's composer, the CLI's prompt and stdin). */
export const MAX_MESSAGE_CHARS = 10_000_000;
