// Deterministic reply text and token counting, shared by every format so that the same prompt gives
// the same reply through each of them (the compare view relies on it, and tests predict it).
import { attachmentSentence, type ReceivedAttachment } from './attachments/received.ts';

const MARKDOWN_SAMPLE = [
  'Here is a small Markdown sample:',
  '',
  '| Format | Path |',
  '| --- | --- |',
  '| chat | `/v1/chat/completions` |',
  '| messages | `/v1/messages` |',
  '',
  '- first item',
  '- second item with **bold** text',
  '',
  '```ts',
  "const greeting: string = 'hello';",
  'console.log(greeting);',
  '```',
].join('\n');

/**
 * "math" in the prompt: inline and display TeX, prices that must stay text, and a Mermaid diagram, so the
 * page's KaTeX and Mermaid rendering can be seen and tested offline (the diagram streams in word by word).
 */
const MATH_SAMPLE = [
  'Here is some math and a diagram:',
  '',
  "A circle's area is $A = \\pi r^2$, and Euler's identity reads \\(e^{i\\pi} + 1 = 0\\). Prices like $5 and $6 stay text.",
  '',
  '$$',
  '\\int_0^1 x^2 \\, dx = \\frac{1}{3}',
  '$$',
  '',
  '```mermaid',
  'flowchart LR',
  '  A[Prompt] --> B{Format}',
  '  B -->|chat| C[Reply]',
  '  B -->|messages| C',
  '```',
].join('\n');

/** The prompt as quoted in a reply: whitespace collapsed, cut to a readable length. */
function quote(prompt: string): string {
  const flat = prompt.replace(/\s+/g, ' ').trim();
  return flat.length > 80 ? `${flat.slice(0, 79)}…` : flat;
}

function longText(model: string): string {
  const paragraphs: string[] = [];
  for (let p = 0; p < 4; p++) {
    const sentences: string[] = [];
    for (let s = 1; s <= 6; s++) {
      const n = p * 6 + s;
      sentences.push(
        `Sentence ${n} of this long answer from ${model} keeps going so that scrolling and streaming stay visible.`,
      );
    }
    paragraphs.push(sentences.join(' '));
  }
  return paragraphs.join('\n\n');
}

/** Longest reply a `[[tokens:N]]` directive may ask for. */
export const MAX_DIRECTIVE_TOKENS = 1_000_000;

/** The N of a `[[tokens:N]]` directive in the prompt, capped at MAX_DIRECTIVE_TOKENS; undefined without one. */
export function tokensDirective(prompt: string): number | undefined {
  const m = /\[\[tokens:(\d{1,9})\]\]/.exec(prompt);
  if (!m) return undefined;
  return Math.min(Number(m[1]), MAX_DIRECTIVE_TOKENS);
}

/**
 * A `[[refuse]]` directive in the prompt makes the model refuse, each format the way its real service
 * does (messages: `stop_reason: "refusal"` with no content and `stop_details`; generate content: a
 * candidate ended by SAFETY with no content), so clients can be tested on a reply with nothing in it.
 */
export function refuseDirective(prompt: string): boolean {
  return prompt.includes('[[refuse]]');
}

/** What a simulated refusal says about itself, where the format has room for an explanation. */
export const REFUSAL_EXPLANATION = 'The simulator refuses every prompt that holds [[refuse]].';

/** Longest gap a `[[gap:MS]]` directive may ask for. */
export const MAX_GAP_MS = 1000;

/**
 * The MS of the last `[[gap:MS]]` directive in a request body (capped at MAX_GAP_MS), undefined without
 * one: a streamed reply then waits MS between events, like the `slowStream` fault, so a benchmark can
 * pace a stream as a network-bound service would without queueing a fault per request.
 */
export function gapDirective(body: string): number | undefined {
  const all = [...body.matchAll(/\[\[gap:(\d{1,6})\]\]/g)];
  const last = all.at(-1);
  if (!last) return undefined;
  return Math.min(Number(last[1]), MAX_GAP_MS);
}

/** `count` filler words in paragraphs of 50, so a long reply is ordinary Markdown text. */
function fillerText(count: number): string {
  const paragraphs: string[] = [];
  for (let start = 0; start < count; start += 50) {
    const words: string[] = [];
    for (let i = start; i < Math.min(count, start + 50); i++) words.push(`w${i}`);
    paragraphs.push(words.join(' '));
  }
  return paragraphs.join('\n\n');
}

/**
 * The reply to `prompt` (the last user text) on user turn `turn` (1-based). "markdown" in the prompt
 * appends a table, a list and a code block; "math" a formula and a Mermaid diagram; "long" appends about
 * 400 words. A `[[tokens:N]]` directive (for benchmarks) makes the whole reply exactly N tokens: the usual
 * opening, then filler words; any max-token limit of the request still applies. When the last user turn
 * carried attachments, their sentence (attachmentSentence) follows as a paragraph of its own, after
 * everything else.
 */
export function simulatedReply(
  prompt: string,
  model: string,
  turn: number,
  received: readonly ReceivedAttachment[] = [],
): string {
  const text = replyBody(prompt, model, turn);
  return received.length === 0 ? text : `${text}\n\n${attachmentSentence(received)}`;
}

function replyBody(prompt: string, model: string, turn: number): string {
  let text = `Reply ${turn} from ${model}: you said "${quote(prompt)}".`;
  const wanted = tokensDirective(prompt);
  if (wanted !== undefined) {
    const head = countTokens(text);
    if (wanted <= head) return truncateToTokens(text, wanted).text;
    return `${text}\n\n${fillerText(wanted - head)}`;
  }
  if (/\blong\b/i.test(prompt)) text += `\n\n${longText(model)}`;
  if (/\bmarkdown\b/i.test(prompt)) text += `\n\n${MARKDOWN_SAMPLE}`;
  if (/\bmath\b/i.test(prompt)) text += `\n\n${MATH_SAMPLE}`;
  return text;
}

/** The simulated thought summary for formats with thinking. */
export function simulatedThinking(prompt: string, turn: number): string {
  return `The user wrote "${quote(prompt)}" on turn ${turn}. A short reply that quotes them back fits best.`;
}

/** One token per whitespace-separated word: simple, deterministic and used everywhere. */
export function countTokens(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** Input token count of a request's texts; never 0 so usage always looks like a real request. */
export function countInputTokens(texts: Iterable<string>): number {
  let total = 0;
  for (const text of texts) total += countTokens(text);
  return Math.max(1, total);
}

export interface Truncated {
  text: string;
  truncated: boolean;
}

/** Cuts `text` after `limit` tokens; the cut text keeps its original spacing. */
export function truncateToTokens(text: string, limit: number | undefined): Truncated {
  if (limit === undefined || countTokens(text) <= limit) return { text, truncated: false };
  if (limit <= 0) return { text: '', truncated: true };
  const re = /\S+/g;
  let end = 0;
  for (let i = 0; i < limit; i++) {
    const match = re.exec(text);
    if (!match) break;
    end = match.index + match[0].length;
  }
  return { text: text.slice(0, end), truncated: true };
}

/** Stream pieces: one word (one token) each with its trailing whitespace; they join back to `text`. */
export function streamPieces(text: string): string[] {
  return text === '' ? [] : text.split(/(?<=\s)(?=\S)/);
}
