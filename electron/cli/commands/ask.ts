import { randomUUID } from 'node:crypto';
import type { Params, Turn } from '../../../shared/conversation.ts';
import { FORMAT_LABELS, TEXT_FORMATS, type TextFormat } from '../../../shared/formats.ts';
import { choiceOption, intOption, numberOption, UsageError } from '../args.ts';
import { connect } from '../connection.ts';
import { loadHistory, newConversation, saveHistory } from '../history.ts';
import { flag, list, promptFrom, str, type CommandContext } from './context.ts';
import { imageSummary, readAttachments } from '../attach.ts';
import { END_REASON_TEXT, endReasonOfReply } from '../../../shared/end-reason.ts';
import type { EndReason } from '../../../shared/conversation.ts';
import type { TurnReply } from '../../core/index.ts';
import { compact } from '../../../shared/compact.ts';
import { imageParams, IMAGE_ASK_OPTIONS } from '../ask-images.ts';
import { defaultImageDir, saveReplyImages, type SavedImage } from '../reply-images.ts';
import { slug, stamp } from '../image-files.ts';
import { MCP_STEP_LIMIT } from '../../../shared/limits.ts';
import { openCliMcp, savedStepLimit, type CliMcp, type CliToolRun } from '../mcp-tools.ts';
import { version } from '../version.ts';

export const askOptions = {
  format: { type: 'string' },
  model: { type: 'string' },
  system: { type: 'string' },
  history: { type: 'string' },
  attach: { type: 'string', multiple: true },
  'fit-images': { type: 'boolean' },
  stream: { type: 'boolean' },
  'max-tokens': { type: 'string' },
  temperature: { type: 'string' },
  'include-thoughts': { type: 'boolean' },
  'thinking-budget': { type: 'string' },
  json: { type: 'boolean' },
  out: { type: 'string' },
  mcp: { type: 'string', multiple: true },
  yes: { type: 'boolean', short: 'y' },
  steps: { type: 'string' },
  ...IMAGE_ASK_OPTIONS,
} as const;

export async function runAsk(ctx: CommandContext): Promise<number> {
  const v = ctx.values;
  const historyPath = str(v, 'history');
  // Validate everything that needs no network or file first, so usage errors come before anything else.
  const maxTokens = intOption('max-tokens', str(v, 'max-tokens'), 1, 1_000_000);
  const temperature = numberOption('temperature', str(v, 'temperature'), 0, 2);
  const thinkingBudget = intOption('thinking-budget', str(v, 'thinking-budget'), -1, 1_000_000);
  const formatFlag = choiceOption('format', str(v, 'format'), TEXT_FORMATS);
  const includeThoughts = flag(v, 'include-thoughts');
  const json = flag(v, 'json');
  const stream = flag(v, 'stream');
  const servers = list(v, 'mcp');
  const stepsFlag = intOption('steps', str(v, 'steps'), MCP_STEP_LIMIT.min, MCP_STEP_LIMIT.max);
  if (servers.length === 0 && (flag(v, 'yes') || stepsFlag !== undefined)) {
    throw new UsageError('--yes and --steps go with --mcp NAME (the tools they run)');
  }

  const loaded = historyPath ? await loadHistory(historyPath) : undefined;
  const previous = loaded?.conversation;
  const format: TextFormat | undefined = formatFlag ?? previous?.format;
  const model = str(v, 'model') ?? previous?.model;
  if (!format) throw new UsageError('--format is required: chat, responses, messages or generate');
  if (!model) throw new UsageError('--model is required (see `quartet models`)');
  const images = imageParams(v, format, previous?.format === format ? previous.params : undefined);
  const outDir = str(v, 'out');
  const attached = await readAttachments(list(v, 'attach'), format, { fit: flag(v, 'fit-images') });
  // what is sent is said before it goes, as the app shows the fitted copy's size before Send
  for (const { from, to } of attached.notes) {
    ctx.io.stderr.write(
      `quartet: fitted "${from.name}" to ${FORMAT_LABELS[format]}: ${imageSummary(from)} -> "${to.name}" ${imageSummary(to)}\n`,
    );
  }
  const prompt = await promptFrom(ctx);
  // Files may be the whole message, as in the app.
  if (prompt === '' && attached.attachments.length === 0) {
    throw new UsageError("no prompt: write it after the options, or pass '-' to read stdin");
  }

  const system = str(v, 'system') ?? previous?.params.system;
  const params: Params = compact({
    stream,
    system: system || undefined,
    maxTokens,
    temperature,
    includeThoughts: includeThoughts || undefined,
    thinkingBudget,
    ...images,
  });
  const client = connect(v, ctx.io.env, {}, (line) => ctx.term.err(line));

  const userTurn: Turn = compact({
    id: randomUUID(),
    role: 'user' as const,
    text: prompt,
    status: 'complete' as const,
    attachments: attached.attachments.length > 0 ? attached.attachments : undefined,
    parentId: previous?.turns.at(-1)?.id,
    createdAt: Date.now(),
  });
  const history = [...(previous?.turns ?? []), userTurn];
  // the bytes of the history file's attachments and of the new ones, by attachment id
  const files = new Map([...(loaded?.files ?? []), ...attached.files]);
  const live = stream && !json;
  let printed = '';
  let thoughtLine = false;
  const sendOnce = async (turns: Turn[], sent: Params) => {
    const spinner = ctx.term.spinner(`${model} is thinking`);
    const got = await client
      .sendTurn({
        format,
        model,
        history: turns,
        params: sent,
        files,
        signal: ctx.signal,
        onDelta: (d) => {
          if (!live) return;
          spinner.stop();
          if (d.partialImage) {
            // a partial image is only a preview: said, not saved (the final one is)
            const { partial, image } = d.partialImage;
            ctx.term.err(ctx.term.dim(`[partial image ${partial + 1} of image ${image + 1}]\n`));
          }
          if (d.thought && includeThoughts) {
            ctx.term.err(ctx.term.dim(d.thought));
            thoughtLine = true;
          }
          if (d.text) {
            if (thoughtLine) {
              ctx.term.err('\n');
              thoughtLine = false;
            }
            ctx.term.out(d.text);
            printed += d.text;
          }
        },
      })
      .catch((e: unknown) => {
        spinner.stop();
        // Whatever was shown stays on screen; end its line so the error starts on its own.
        if (printed !== '' && !printed.endsWith('\n')) ctx.term.out('\n');
        throw e;
      });
    spinner.stop();
    return got;
  };
  const mcp: CliMcp | undefined =
    servers.length > 0
      ? await openCliMcp({
          servers,
          yes: flag(v, 'yes'),
          io: ctx.io,
          term: ctx.term,
          signal: ctx.signal,
          version: version(),
          format,
          files,
        })
      : undefined;
  // every turn of this run after the user's: with tools, the replies that called them and their results
  const added: Turn[] = [];
  const toolRuns: CliToolRun[] = [];
  let stepLimitReached = false;
  let reply: Awaited<ReturnType<typeof sendOnce>>;
  try {
    const sent = mcp ? await mcp.params(params) : params;
    const limit = stepsFlag ?? savedStepLimit(ctx.io.env) ?? MCP_STEP_LIMIT.default;
    let rounds = 0;
    for (;;) {
      reply = await sendOnce([...history, ...added], sent);
      const calls = reply.toolCalls ?? [];
      if (!mcp || calls.length === 0) break;
      if (rounds >= limit) {
        stepLimitReached = true;
        ctx.term.err(
          `quartet: stopped at the step limit (${limit} rounds of tool calls); the model's last calls were not run (--steps N sets another)\n`,
        );
        break;
      }
      const answered = await mcp.answer(
        calls,
        (params.tools ?? []).map((t) => t.name),
      );
      if (!answered) break;
      rounds += 1;
      toolRuns.push(...answered.runs);
      if (live && printed !== '' && !printed.endsWith('\n')) {
        ctx.term.out('\n');
        printed = '';
      }
      const callTurn = assistantTurn(reply, model, [...history, ...added].at(-1)?.id);
      const resultTurn: Turn = {
        id: randomUUID(),
        role: 'user',
        text: '',
        status: 'complete',
        toolResults: answered.results,
        parentId: callTurn.id,
        createdAt: Date.now(),
      };
      added.push(callTurn, resultTurn);
    }
  } finally {
    await mcp?.close();
  }
  // A reply that is not a whole, normal answer says why, as the app does: never just an empty line.
  const endReason = endReasonOfReply(format, reply);
  const endDetail = endReason !== undefined ? reply.endDetail : undefined;
  // the reply's images: into --out, else beside the history file; with neither, only counted
  const imageDir = outDir ?? (historyPath ? defaultImageDir(historyPath) : undefined);
  const imagePaths = loaded?.imagePaths ?? new Map<string, string>();
  const saved: SavedImage[] =
    imageDir !== undefined
      ? await saveReplyImages(reply.raw, imageDir, `${slug(prompt)}-${stamp(new Date())}`, imagePaths)
      : [];
  const unsaved = imageDir === undefined ? (reply.images?.length ?? 0) : 0;
  const revised = reply.images?.map((i) => i.revisedPrompt);

  if (json) {
    const out = {
      format,
      model: reply.model ?? model,
      text: reply.text,
      thoughts: reply.thoughts ?? null,
      usage: reply.usage ?? null,
      finishReason: reply.finishReason ?? null,
      endReason: endReason ?? null,
      endDetail: endDetail ?? null,
      toolCalls: reply.toolCalls ?? [],
      ...(mcp ? { toolRuns, stepLimitReached } : {}),
      images: saved.map((img, i) => ({
        path: img.path,
        mimeType: img.mimeType,
        width: img.width ?? null,
        height: img.height ?? null,
        thought: img.thought,
        revisedPrompt: (img.thought ? undefined : revised?.[i]) ?? null,
      })),
    };
    ctx.term.out(`${JSON.stringify(out, null, 2)}\n`);
  } else if (live) {
    if (thoughtLine) ctx.term.err('\n');
    if (!printed.endsWith('\n')) ctx.term.out('\n');
  } else {
    if (includeThoughts && reply.thoughts) ctx.term.err(`${ctx.term.dim(reply.thoughts)}\n`);
    ctx.term.out(reply.text.endsWith('\n') ? reply.text : `${reply.text}\n`);
  }
  if (!json) {
    // calls left unanswered (a history file's own functions, or at the step limit): one line each
    for (const c of reply.toolCalls ?? []) ctx.term.out(`→ ${c.name}(${c.arguments}) [${c.id}]\n`);
    for (const [i, img] of saved.entries()) {
      const size = img.width !== undefined ? `  ${img.width}x${img.height}` : '';
      ctx.term.out(`image: ${img.path}${size} ${img.mimeType}${img.thought ? ' (a thought image)' : ''}\n`);
      const r = img.thought ? undefined : revised?.[i];
      if (r) ctx.term.out(`  revised prompt: ${r}\n`);
    }
  }
  if (unsaved > 0) {
    ctx.term.err(
      `quartet: the reply holds ${unsaved === 1 ? 'an image' : `${unsaved} images`}; --out DIR saves ${unsaved === 1 ? 'it' : 'them'}\n`,
    );
  }
  if (!json && endReason !== undefined) {
    const finish = reply.finishReason !== undefined ? ` (finish reason: ${reply.finishReason})` : '';
    const detail = endDetail !== undefined ? ` ${endDetail}` : '';
    ctx.term.err(`quartet: ${END_REASON_TEXT[endReason]}${finish}${detail}\n`);
  }

  if (historyPath) {
    const conversation =
      previous ??
      newConversation(format, model, prompt || attached.attachments.map((a) => a.name).join(', '), params);
    const assistant = assistantTurn(reply, model, (added.at(-1) ?? userTurn).id, endReason, endDetail);
    await saveHistory(
      historyPath,
      {
        ...conversation,
        format,
        model,
        params,
        turns: [...conversation.turns, userTurn, ...added, assistant],
        updatedAt: Date.now(),
      },
      files,
      { dir: imageDir ?? defaultImageDir(historyPath), paths: imagePaths },
      loaded?.toolRuns,
    );
  }
  return 0;
}

/** A reply as the history file keeps it. */
function assistantTurn(
  reply: TurnReply,
  model: string,
  parentId: string | undefined,
  endReason?: EndReason,
  endDetail?: string,
): Turn {
  return compact({
    id: randomUUID(),
    role: 'assistant' as const,
    text: reply.text,
    thoughts: reply.thoughts,
    raw: reply.raw,
    toolCalls: reply.toolCalls,
    status: 'complete' as const,
    model: reply.model ?? model,
    finishReason: reply.finishReason,
    endReason,
    endDetail,
    usage: reply.usage,
    timings: reply.timings,
    exchangeId: reply.exchange.id,
    parentId,
    createdAt: Date.now(),
  });
}
