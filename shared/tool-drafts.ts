/**
 * Functions as typed in a Tools section while they do not all pass the checks (a half-typed schema, a bad
 * name): kept apart from the parameters, which only ever hold a valid list, so that switching conversation
 * or restarting keeps what the user typed without it ever reaching a request. The host stores them with the
 * settings; the bounds below keep that record small enough to read at every start.
 */
import { z } from 'zod';
import { MAX_TOOLS, MAX_TOOL_RESULT_CHARS } from './tools.ts';

/** How many drafts are kept at most (one per conversation, or a tab's new conversation): oldest go first. */
export const MAX_TOOL_DRAFTS = 40;
/** The most characters all drafts may hold together (a longer one is kept for the session only). */
export const MAX_TOOL_DRAFTS_CHARS = 4_000_000;

export const FunctionDraftSchema = z.object({
  name: z.string().max(1_000),
  description: z.string().max(40_000),
  /** the JSON Schema of the arguments as typed, even when it is not JSON yet */
  parameters: z.string().max(400_000),
  fixedOn: z.boolean(),
  fixedResult: z.string().max(MAX_TOOL_RESULT_CHARS),
  /** shown unfolded */
  open: z.boolean(),
  /** the name this function has in the saved (valid) list; empty when it was never saved */
  savedName: z.string().max(1_000),
});
export type FunctionDraft = z.infer<typeof FunctionDraftSchema>;

export const ToolsDraftSchema = z.object({
  functions: z.array(FunctionDraftSchema).max(MAX_TOOLS),
  /** when it was last typed in (ms): the oldest drafts give way first */
  updatedAt: z.number(),
});
export type ToolsDraft = z.infer<typeof ToolsDraftSchema>;

/** Drafts by scope: a conversation id, or `new:<format>` for a tab's next conversation. */
export const ToolDraftsSchema = z
  .record(z.string().max(200), ToolsDraftSchema)
  .refine((all) => Object.keys(all).length <= MAX_TOOL_DRAFTS, `At most ${MAX_TOOL_DRAFTS} tool drafts.`)
  .refine(
    (all) => JSON.stringify(all).length <= MAX_TOOL_DRAFTS_CHARS,
    'The tool drafts are too large to keep.',
  );
export type ToolDrafts = z.infer<typeof ToolDraftsSchema>;

/**
 * The drafts that fit the bounds: only those `keep` says still belong somewhere, newest first, while
 * they fit in count and size together (linear in the drafts' size).
 */
export function boundedToolDrafts(all: ToolDrafts, keep: (scope: string) => boolean): ToolDrafts {
  const out: ToolDrafts = {};
  let chars = 2;
  let count = 0;
  const newestFirst = Object.entries(all)
    .filter(([scope]) => keep(scope))
    .sort((a, b) => b[1].updatedAt - a[1].updatedAt);
  for (const [scope, draft] of newestFirst) {
    if (count >= MAX_TOOL_DRAFTS) break;
    const size = JSON.stringify(scope).length + JSON.stringify(draft).length + 2;
    if (chars + size > MAX_TOOL_DRAFTS_CHARS) continue;
    if (!ToolsDraftSchema.safeParse(draft).success) continue;
    out[scope] = draft;
    chars += size;
    count += 1;
  }
  return out;
}
