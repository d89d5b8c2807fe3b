import { formatBytes, type Attachment } from '../../shared/attachments.ts';
import type { Conversation, Turn, Usage } from '../../shared/conversation.ts';
import { describeError } from '../../shared/errors.ts';
import { FORMAT_LABELS } from '../../shared/formats.ts';
import type { ToolCall, ToolResult } from '../../shared/tools.ts';

function usageLine(usage: Usage): string | undefined {
  const parts: string[] = [];
  if (usage.input !== undefined) parts.push(`${usage.input} in`);
  if (usage.output !== undefined) parts.push(`${usage.output} out`);
  if (usage.thinking !== undefined) parts.push(`${usage.thinking} thinking`);
  if (usage.cacheRead !== undefined) parts.push(`${usage.cacheRead} cache read`);
  if (usage.cacheWrite !== undefined) parts.push(`${usage.cacheWrite} cache write`);
  if (usage.total !== undefined) parts.push(`${usage.total} total`);
  return parts.length > 0 ? `*Usage: ${parts.join(' · ')} tokens*` : undefined;
}

/** Thoughts as a collapsed block whose lines are quoted, so they read as an aside in any viewer. */
function thoughtsBlock(thoughts: string): string {
  const quoted = thoughts
    .split('\n')
    .map((line) => (line === '' ? '>' : `> ${line}`))
    .join('\n');
  return `<details>\n<summary>Thoughts</summary>\n\n${quoted}\n\n</details>`;
}

const EXTENSION_OF_TYPE: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/**
 * The file an attachment is written to beside the Markdown, relative to its folder:
 * `attachments/<id>.<ext>`. Never built from the file's name (an imported name of "../../.bashrc" once
 * wrote over that file): the id's letters, digits and dashes, and an extension from the type, or for text
 * from the name when it is a plain one. The name is the link's text.
 */
export function attachmentFileName(a: Pick<Attachment, 'id' | 'name' | 'mimeType'>): string {
  const id = a.id.replace(/[^A-Za-z0-9-]/g, '').slice(0, 64) || 'file';
  const fromName = /\.([A-Za-z0-9]{1,10})$/.exec(a.name)?.[1]?.toLowerCase();
  const ext =
    (Object.hasOwn(EXTENSION_OF_TYPE, a.mimeType) ? EXTENSION_OF_TYPE[a.mimeType] : undefined) ??
    fromName ??
    'txt';
  return `${id}.${ext}`;
}

/** Where an attached file sits beside the Markdown file, as a link target. */
export function attachmentLinkTarget(a: Pick<Attachment, 'id' | 'name' | 'mimeType'>): string {
  return `attachments/${attachmentFileName(a)}`;
}

/**
 * The files of a user turn: links into the `attachments/` folder written beside the Markdown (a bundle),
 * or, where no folder goes with it, their names and a note.
 */
function attachmentsBlock(attachments: readonly Attachment[], filesBeside: boolean): string {
  const name = (a: Attachment) => a.name.replace(/([\\[\]])/g, '\\$1');
  const items = attachments.map((a) =>
    filesBeside
      ? `- [${name(a)}](${attachmentLinkTarget(a)}) (${formatBytes(a.bytes)})`
      : `- ${name(a)} (${formatBytes(a.bytes)})`,
  );
  return filesBeside
    ? items.join('\n')
    : `${items.join('\n')}\n\n*Attached files are not part of this Markdown; export as JSON to keep them.*`;
}

/** A fenced block long enough that no run of backticks inside can close it. */
function fenced(text: string, lang = ''): string {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** JSON text pretty-printed when it parses, else as it came. */
function prettyJson(text: string): { text: string; lang: string } {
  try {
    return { text: JSON.stringify(JSON.parse(text), null, 2), lang: 'json' };
  } catch {
    return { text, lang: '' };
  }
}

function toolCallsBlock(calls: readonly ToolCall[]): string {
  return calls
    .map((c) => {
      const args = prettyJson(c.arguments);
      return `**Function call** \`${c.name}\` (${c.id})\n\n${fenced(args.text, args.lang)}`;
    })
    .join('\n\n');
}

function toolResultsBlock(results: readonly ToolResult[], filesBeside: boolean): string {
  return results
    .map((r) => {
      const content = prettyJson(r.content);
      const what = r.isError ? 'Function error' : 'Function result';
      const block = `**${what}** \`${r.name}\` (${r.callId})\n\n${fenced(content.text, content.lang)}`;
      // the images a tool returned, linked like attached files (their files go in the same folder)
      return r.images && r.images.length > 0
        ? `${block}\n\n${attachmentsBlock(r.images, filesBeside)}`
        : block;
    })
    .join('\n\n');
}

function turnSection(turn: Turn, filesBeside: boolean): string {
  const heading = turn.role === 'user' ? '## User' : `## Assistant${turn.model ? ` (${turn.model})` : ''}`;
  const blocks = [heading];
  if (turn.thoughts) blocks.push(thoughtsBlock(turn.thoughts));
  if (turn.toolResults && turn.toolResults.length > 0)
    blocks.push(toolResultsBlock(turn.toolResults, filesBeside));
  if (turn.text) blocks.push(turn.text);
  if (turn.toolCalls && turn.toolCalls.length > 0) blocks.push(toolCallsBlock(turn.toolCalls));
  if (turn.attachments && turn.attachments.length > 0)
    blocks.push(attachmentsBlock(turn.attachments, filesBeside));
  if (turn.edited) blocks.push('*Reply rewritten by the user.*');
  if (turn.status !== 'complete') {
    const what = turn.status === 'partial' ? 'Incomplete reply' : 'No reply';
    blocks.push(`*${what}: ${turn.error ? describeError(turn.error) : turn.status}*`);
  }
  const usage = turn.usage ? usageLine(turn.usage) : undefined;
  if (usage) blocks.push(usage);
  return blocks.join('\n\n');
}

/** The Markdown export in pieces (head, then one per turn), so a huge one can be written piece by piece. */
export function* markdownPieces(
  conversation: Conversation,
  options: { filesBeside?: boolean } = {},
): Generator<string> {
  const head = [
    `# ${conversation.title}`,
    `- Model: ${conversation.model}\n- Format: ${FORMAT_LABELS[conversation.format]} (${conversation.format})`,
  ];
  if (conversation.params.system) head.push(`## System\n\n${conversation.params.system}`);
  yield head.join('\n\n');
  for (const turn of conversation.turns) yield `\n\n${turnSection(turn, options.filesBeside === true)}`;
  yield '\n';
}

/** The conversation as Markdown: title, model and format, then each turn under a role heading. */
export function conversationToMarkdown(conversation: Conversation): string {
  return [...markdownPieces(conversation)].join('');
}

/** A file name from the title: letters, digits and dashes, never empty. */
export function fileSlug(text: string, fallback: string, max = 50): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return slug || fallback;
}
