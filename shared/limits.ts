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

/**
 * The longest model id Quartet takes, everywhere: the contract's boundary, the core before a request, the
 * command line. One number, so an id is never stored that every later send would refuse.
 */
export const MAX_MODEL_ID_CHARS = 200;

/** An image side the page, the contract, the core and the CLI accept, in pixels. */
export const IMAGE_SIDE = { min: 16, max: 16_384 } as const;

/** How many images one request may ask for. */
export const IMAGE_COUNT = { min: 1, max: 10 } as const;

/**
 * An image edit (the images endpoint's edits, as the vendor documents them): at most 16 reference images,
 * each at most 50 MB, and a mask (a PNG) of at most 4 MB. The page's painted mask travels as base64, so
 * its text is bounded by MASK_BASE64_CHARS.
 */
export const IMAGE_EDIT_LIMITS = {
  references: 16,
  referenceBytes: 50 * 1024 * 1024,
  maskBytes: 4 * 1024 * 1024,
} as const;
export const MASK_BASE64_CHARS = Math.ceil(IMAGE_EDIT_LIMITS.maskBytes / 3) * 4;

/** `WIDTHxHEIGHT` as numbers (digits only, the wire form), or undefined for anything else. */
export function parseImageSize(size: string): { width: number; height: number } | undefined {
  const m = /^(\d{1,6})x(\d{1,6})$/.exec(size);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
}

/** Why an image size cannot be asked for, or undefined when it can (`auto` or WIDTHxHEIGHT in range). */
export function imageSizeProblem(size: string): string | undefined {
  if (size === 'auto') return undefined;
  const parsed = parseImageSize(size);
  if (parsed === undefined) return `The size "${size}" is not WIDTHxHEIGHT (like 1024x1024) or auto.`;
  const { min, max } = IMAGE_SIDE;
  if ([parsed.width, parsed.height].some((side) => side < min || side > max))
    return `Each side of the size must be between ${min} and ${max.toLocaleString('en')} pixels.`;
  return undefined;
}

/** Why a number of images cannot be asked for, or undefined when it can. */
export function imageCountProblem(n: number): string | undefined {
  const { min, max } = IMAGE_COUNT;
  return Number.isInteger(n) && n >= min && n <= max
    ? undefined
    : `The number of images must be a whole number from ${min} to ${max}.`;
}

/**
 * How many problems one check names (a reply against its schema, a preset of an imported file); the rest
 * are counted ("and 9,980 more"), so a reply with 10,000 bad items gives a short message.
 */
export const PROBLEMS_NAMED = 20;

/**
 * The most function calls one reply may make: the reply readers, the stored turn, the tool results the page
 * sends back and an import all hold to it, so a reply that is kept can always be answered and re-imported.
 * A reply asking for more is not kept as answerable (its text stays; end reason `too-many-calls`).
 */
export const MAX_TOOL_CALLS = 128;

/** The longest conversation title (the contract's rename and create, and an import). */
export const MAX_TITLE_CHARS = 200;

/**
 * How many turns one conversation may hold, every version on every branch counted, and how many versions
 * one turn may have (itself included). The app refuses to add a turn beyond either (a send, an edit, an
 * answer again or a rewrite says so), so its own export always imports back; an import refuses a file past
 * them. Far above any conversation a person holds; low enough that one import stays a few seconds of work
 * in small tasks.
 */
export const MAX_CONVERSATION_TURNS = 10_000;
export const MAX_TURN_VERSIONS = 1_000;

/**
 * The largest file an import reads, in characters (the contract's limit on what the page sends). Turn and
 * version counts cannot make an export pass it; large texts and files can (ten 20 MB files): such an export
 * is written into the data folder (past 20 MB, see export-file.ts) and is for keeping, not for importing
 * whole. A limit on what the page may send, not on what the app keeps.
 */
export const MAX_IMPORT_FILE_CHARS = 50_000_000;

/** Times are whole milliseconds within what a `Date` can hold (±8.64e15). */
export const MAX_TIME_MS = 8_640_000_000_000_000;

/**
 * The speed lab's bounds (shared/speedlab.ts): rows side by side, runs per row, requests at once (a lab must
 * not turn into a load test of someone's service), the output length asked for, the prompt, how long one
 * run may stay silent, a run's name and how many saved runs are kept.
 */
export const SPEED_LAB = {
  rows: { min: 1, max: 8 },
  runs: { min: 1, max: 50 },
  concurrency: { min: 1, max: 4 },
  outputTokens: { min: 1, max: 4_096 },
  promptChars: 20_000,
  timeoutMs: { min: 1_000, max: 120_000 },
  nameChars: 120,
  saved: 200,
} as const;

/**
 * Tools of Model Context Protocol servers (shared/mcp.ts): how long one call may run, how much of its
 * result is kept (text characters; images and their bytes), and how many model steps one send may take
 * by itself before it stops and says so (a setting, within this range).
 */
export const MCP_LIMITS = {
  callTimeoutMs: 60_000,
  startTimeoutMs: 20_000,
  resultChars: 100_000,
  resultImages: 4,
  imageBytes: 4 * 1024 * 1024,
  stderrTailChars: 4_000,
  configChars: 1_000_000,
  servers: 32,
  toolsPerServer: 128,
} as const;
/**
 * The most tool runs a conversation's export carries (its first, by start time) and an import takes: two
 * for each reply of a conversation at MAX_CONVERSATION_TURNS, far more than a person approves or denies.
 */
export const MAX_EXPORTED_TOOL_RUNS = 10_000;
/** A denied call's reason: a sentence or two for the model. */
export const MCP_DENY_REASON_CHARS = 2_000;
export const MCP_STEP_LIMIT = { default: 10, min: 1, max: 50 } as const;

/**
 * The largest image file a CLI history file may name for a reply's image (shared/export.ts `imageFiles`):
 * read before the next request, so a file swapped for something huge is refused before it fills the memory.
 */
export const MAX_HISTORY_IMAGE_FILE_BYTES = 64 * 1024 * 1024;
