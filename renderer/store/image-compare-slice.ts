import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import {
  COMPARE_IMAGE_KINDS,
  type ComparisonSummary,
  type ImageRecord,
  type Settings,
} from '../../shared/contract.ts';
import type { Conversation, Params, Turn, TurnStatus, Usage } from '../../shared/conversation.ts';
import type { AppError } from '../../shared/errors.ts';
import type { TextFormat } from '../../shared/formats.ts';
import { columnParams, wholeParams } from './compare-params.ts';
import { withoutRun } from './runs-slice.ts';
import { compact } from '../../shared/compact.ts';
import { titleFrom } from '../../shared/titles.ts';
import type { StoreRuntime } from './runtime.ts';
import { t } from '../i18n/active.ts';

/**
 * Compare's image mode: one prompt made into an image three ways side by side, the responses format's
 * image_generation tool, generate content's image output and POST /v1/images/generations, each column
 * with its own connection and model and the image settings of the control table (shared/controls.ts).
 * The first two are conversations of the comparison (origin 'compare'), so a follow-up edits their image;
 * the images endpoint's images are kept with the comparison's id (listComparisons hands them back).
 * The page holds ids and sizes only: every image is loaded from the media route, and the one partial
 * image on screen is the run's (runs-slice.ts), gone with it.
 */

export const IMAGE_COLUMN_KINDS = COMPARE_IMAGE_KINDS;
export type ImageColumnKind = (typeof IMAGE_COLUMN_KINDS)[number];
/** the save queue's key for image mode's columns and settings */
const SETTINGS_SAVE = 'compare:images';

/** One image a column made, as the page shows it. */
export interface ImageShot {
  id: string;
  width: number;
  height: number;
  /** the file's size, when known (the gallery's record says it) */
  bytes?: number | undefined;
}

/** One prompt's outcome in a column: its images and the figures of the request that made them. */
export interface ImageRound {
  prompt: string;
  images: ImageShot[];
  /** from sending to the first partial image (or the final one, when none came before it) */
  firstImageMs?: number | undefined;
  /** from sending to the final image */
  totalMs?: number | undefined;
  usage?: Usage | undefined;
  /** the model that answered (the service's word) or the one asked for */
  model: string;
  exchangeId?: string | undefined;
  status: TurnStatus;
  error?: AppError | undefined;
}

export interface ImageColumn {
  kind: ImageColumnKind;
  /** the connection it goes through; undefined: the active one */
  connectionId?: string | undefined;
  model: string;
  /** the responses and generate columns' conversation in the comparison, once made */
  conversationId: string | null;
  rounds: ImageRound[];
  run: { requestId: string; prompt: string } | null;
}

export interface ImageCompareSlice {
  /** whether Compare shows the image columns instead of the text ones */
  compareImageMode: boolean;
  imageColumns: ImageColumn[];
  /** the image settings every column sends (each the rows of the table its format has) */
  imageParams: Params;
  /** Switches the mode; the comparison on screen is left (it stays stored) and a new one starts. */
  setCompareImageMode(on: boolean): Promise<void>;
  setImageColumn(kind: ImageColumnKind, patch: { model?: string; connectionId?: string }): void;
  setImageParams(params: Params): void;
  /** The columns' connections and models and the settings as the user last left them. */
  hydrateImageCompare(settings: Settings | null): void;
  /** Sends the prompt to the three columns at once; false when nothing was sent. */
  sendImageCompare(): Promise<boolean>;
  stopImageCompare(): Promise<void>;
  /** Empties the image columns (their images stay in the gallery and the comparison). */
  newImageComparison(): void;
  /** The gallery's link back: Compare opens the comparison an image was made in. */
  openImageComparison(comparisonId: string): Promise<boolean>;
  /** Shows a stored image comparison in the image columns. */
  showImageComparison(id: string, conversations: Conversation[], images: readonly ImageRecord[]): void;
}

/** The format each conversation column speaks, with the switch that makes it answer with images. */
const CONVERSATION_KINDS: Record<'responses' | 'generate', { format: TextFormat; toggle: keyof Params }> = {
  responses: { format: 'responses', toggle: 'imageGeneration' },
  generate: { format: 'generate', toggle: 'imageOutput' },
};

/** The image settings a new image comparison starts with: two partial images, so they show. */
const DEFAULT_IMAGE_PARAMS: Params = { stream: true, partialImages: 2 };

export function newImageColumn(kind: ImageColumnKind, model = '', connectionId?: string): ImageColumn {
  const rounds: ImageRound[] = [];
  return { kind, ...compact({ connectionId }), model, conversationId: null, rounds, run: null };
}

/** What a conversation column sends: its format's rows of the image settings, its image switch on. */
export function imageColumnParams(kind: 'responses' | 'generate', params: Params): Params {
  const { format, toggle } = CONVERSATION_KINDS[kind];
  return { ...columnParams(format, params), stream: true, [toggle]: true };
}

/** A comparison made in image mode: its images endpoint's images, or conversations all making images. */
export function isImageComparison(summary: ComparisonSummary, conversations: Conversation[]): boolean {
  if ((summary.images?.length ?? 0) > 0) return true;
  return (
    conversations.length > 0 &&
    conversations.every(
      (c) =>
        (c.format === 'responses' && c.params.imageGeneration === true) ||
        (c.format === 'generate' && c.params.imageOutput === true),
    )
  );
}

/** The rounds of a conversation column: each prompt with the reply that answered it. */
export function roundsOfTurns(turns: readonly Turn[], model: string): ImageRound[] {
  const rounds: ImageRound[] = [];
  for (const [i, turn] of turns.entries()) {
    if (turn.role !== 'user') continue;
    const reply = turns[i + 1];
    if (reply?.role !== 'assistant') continue;
    rounds.push(roundOfReply(turn.text, reply, model));
  }
  return rounds;
}

function roundOfReply(prompt: string, reply: Turn, model: string): ImageRound {
  return compact({
    prompt,
    images: (reply.images ?? []).map((i) =>
      compact({ id: i.id, width: i.width, height: i.height, bytes: i.bytes }),
    ),
    firstImageMs: reply.timings?.firstImageMs,
    totalMs: reply.timings?.totalMs,
    usage: reply.usage,
    model: reply.model ?? model,
    exchangeId: reply.exchangeId ?? reply.error?.exchangeId,
    status: reply.status,
    error: reply.error,
  });
}

/** The images endpoint's usage (input_tokens, output_tokens) in the page's words, for the price table. */
export function imagesUsage(usage: Record<string, unknown> | undefined): Usage | undefined {
  const count = (k: string) => {
    const v = usage?.[k];
    return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : undefined;
  };
  const input = count('input_tokens');
  const output = count('output_tokens');
  return input === undefined && output === undefined ? undefined : compact({ input, output });
}

/** The images endpoint's column from its gallery records: one round per request (batch), oldest first. */
export function roundsOfImages(images: readonly ImageRecord[]): ImageRound[] {
  const rounds: ImageRound[] = [];
  let batch: string | null = null;
  for (const img of images) {
    const shot = { id: img.id, width: img.width, height: img.height, bytes: img.bytes };
    const last = rounds.at(-1);
    if (last && batch === img.batchId) {
      last.images.push(shot);
      continue;
    }
    batch = img.batchId;
    rounds.push(roundOfRecord(img.prompt, [img], shot));
  }
  return rounds;
}

function roundOfRecord(prompt: string, images: readonly ImageRecord[], ...shots: ImageShot[]): ImageRound {
  const first = images[0];
  return compact({
    prompt,
    images: shots,
    // the images endpoint sends no partial image: its first image is its final one
    firstImageMs: first?.tookMs,
    totalMs: first?.tookMs,
    usage: imagesUsage(first?.usage),
    model: first?.model ?? '',
    exchangeId: first?.exchangeId,
    status: 'complete',
  });
}

export const createImageCompareSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], ImageCompareSlice> =>
  (set, get) => {
    const column = (kind: ImageColumnKind) => get().imageColumns.find((c) => c.kind === kind);
    /** Remembers the columns and settings in the settings: at once, or once input is quiet. */
    const persist = (when: 'now' | 'quiet' = 'now') => {
      rt.saves.debounce(SETTINGS_SAVE, () => {
        const s = get();
        return s.updateSettings({
          compareImages: {
            columns: s.imageColumns.map((c) =>
              compact({ kind: c.kind, connectionId: c.connectionId, model: c.model }),
            ),
            params: s.imageParams,
          },
        });
      });
      if (when === 'now') void rt.saves.flush(SETTINGS_SAVE);
    };
    const patchColumn = (kind: ImageColumnKind, patch: Partial<ImageColumn>) =>
      set((s) => ({
        imageColumns: s.imageColumns.map((c) => (c.kind === kind ? { ...c, ...patch } : c)),
      }));

    /** Ends a column's run, adding its round (or its failure as a round) in the same update. */
    const finish = (kind: ImageColumnKind, requestId: string, round: ImageRound) => {
      get().finishRun(requestId);
      set((s) => ({
        ...withoutRun(s, requestId),
        imageColumns: s.imageColumns.map((c) =>
          c.kind === kind && c.run?.requestId === requestId
            ? { ...c, run: null, rounds: [...c.rounds, round] }
            : c,
        ),
      }));
    };
    /** A column's request; a bridge that throws (the host gone) ends the run as a failure, never a hang. */
    const guarded = async (
      kind: ImageColumnKind,
      requestId: string,
      prompt: string,
      model: string,
      run: () => Promise<boolean>,
    ): Promise<boolean> => {
      try {
        return await run();
      } catch (e) {
        const message = t('compare.sendFailed', { message: e instanceof Error ? e.message : String(e) });
        finish(kind, requestId, failed(prompt, model, { kind: 'internal', message }));
        return false;
      }
    };
    const failed = (prompt: string, model: string, error: AppError): ImageRound => ({
      prompt,
      images: [],
      model,
      status: 'error',
      error,
    });

    /** The responses or generate column: its conversation (made or brought up to date), then the prompt. */
    const runConversation = async (
      col: ImageColumn & { kind: 'responses' | 'generate' },
      prompt: string,
      comparisonId: string,
    ): Promise<boolean> => {
      const bridge = rt.bridge();
      const requestId = crypto.randomUUID();
      get().beginRun(requestId);
      patchColumn(col.kind, { run: { requestId, prompt } });
      return guarded(col.kind, requestId, prompt, col.model, async () => {
        const params = imageColumnParams(col.kind, get().imageParams);
        let conversationId = col.conversationId;
        if (conversationId === null) {
          const r = await bridge.createConversation({
            ...compact({ connectionId: col.connectionId }),
            format: CONVERSATION_KINDS[col.kind].format,
            model: col.model,
            origin: 'compare',
            comparisonId,
            title: titleFrom(prompt),
            params,
          });
          if (!r.ok) {
            finish(col.kind, requestId, failed(prompt, col.model, r.error));
            return false;
          }
          conversationId = r.value.id;
          patchColumn(col.kind, { conversationId });
        } else {
          // what is on screen is what is sent: the settings and model may have changed since the last round
          const r = await bridge.updateConversation({ id: conversationId, model: col.model, params });
          if (!r.ok) {
            finish(col.kind, requestId, failed(prompt, col.model, r.error));
            return false;
          }
        }
        const r = await bridge.sendMessage({ requestId, conversationId, text: prompt });
        finish(
          col.kind,
          requestId,
          r.ok ? roundOfReply(prompt, r.value.reply, col.model) : failed(prompt, col.model, r.error),
        );
        return r.ok;
      });
    };

    /** The images endpoint's column: one generation, kept with the comparison. */
    const runImages = async (col: ImageColumn, prompt: string, comparisonId: string): Promise<boolean> => {
      const requestId = crypto.randomUUID();
      get().beginRun(requestId);
      patchColumn(col.kind, { run: { requestId, prompt } });
      return guarded(col.kind, requestId, prompt, col.model, async () => {
        const p = get().imageParams;
        const r = await rt.bridge().generateImages(
          compact({
            requestId,
            model: col.model,
            prompt,
            n: 1,
            size: p.imageSize,
            quality: p.imageQuality,
            outputFormat: p.imageFormat,
            background: p.imageBackground,
            connectionId: col.connectionId,
            comparisonId,
          }),
        );
        if (!r.ok) {
          finish(col.kind, requestId, failed(prompt, col.model, r.error));
          return false;
        }
        const shots = r.value.images.map((i) => ({
          id: i.id,
          width: i.width,
          height: i.height,
          bytes: i.bytes,
        }));
        finish(col.kind, requestId, roundOfRecord(prompt, r.value.images, ...shots));
        return true;
      });
    };

    return {
      compareImageMode: false,
      imageColumns: IMAGE_COLUMN_KINDS.map((k) => newImageColumn(k)),
      imageParams: DEFAULT_IMAGE_PARAMS,

      async setCompareImageMode(on) {
        if (get().compareImageMode === on) return;
        await get().newComparison();
        get().newImageComparison();
        set({ compareImageMode: on });
      },
      setImageColumn(kind, patch) {
        const col = column(kind);
        if (!col || col.run) return;
        // another connection is another conversation: the column starts afresh
        const moved = 'connectionId' in patch && patch.connectionId !== col.connectionId;
        patchColumn(kind, { ...patch, ...(moved ? { conversationId: null, rounds: [] } : {}) });
        persist();
      },
      setImageParams(params) {
        set({ imageParams: params });
        persist('quiet');
      },
      hydrateImageCompare(settings) {
        const kept = settings?.compareImages;
        if (!kept) return;
        set((s) => ({
          imageColumns: s.imageColumns.map((c) => {
            const k = kept.columns.find((x) => x.kind === c.kind);
            return k && !c.run && c.rounds.length === 0 ? newImageColumn(c.kind, k.model, k.connectionId) : c;
          }),
          imageParams: wholeParams({ ...DEFAULT_IMAGE_PARAMS, ...kept.params }),
        }));
      },

      async sendImageCompare() {
        const prompt = get().comparePrompt;
        const cols = get().imageColumns;
        if (prompt.trim() === '' || cols.some((c) => c.run)) return false;
        const ready = cols.filter((c) => c.model.trim() !== '');
        if (ready.length === 0) return false;
        const comparisonId = get().comparisonId ?? crypto.randomUUID();
        set({ comparePrompt: '', comparisonId });
        // every column at once: the figures compare the same moment
        const results = await Promise.all(
          ready.map((c) =>
            c.kind === 'images'
              ? runImages(c, prompt, comparisonId)
              : runConversation({ ...c, kind: c.kind }, prompt, comparisonId),
          ),
        );
        if (get().comparisonsLoaded) void get().loadComparisons();
        // every column's images are in the gallery now: a gallery already read reads them in
        if (get().imagesLoaded) void get().loadImages();
        // nothing reached a service: the prompt comes back so it is not lost
        if (!results.some(Boolean) && get().comparePrompt === '') set({ comparePrompt: prompt });
        return results.some(Boolean);
      },
      async stopImageCompare() {
        const running = get().imageColumns.flatMap((c) => (c.run ? [c.run.requestId] : []));
        await Promise.all(running.map((id) => get().stopRun(id)));
      },
      newImageComparison() {
        set((s) => ({
          comparisonId: null,
          imageColumns: s.imageColumns.map((c) => newImageColumn(c.kind, c.model, c.connectionId)),
        }));
      },
      async openImageComparison(comparisonId) {
        await get().loadComparisons();
        if (!get().comparisons.some((c) => c.id === comparisonId)) {
          get().notify(t('compare.images.comparisonGone'), 'error');
          return false;
        }
        get().openImageDetail(null);
        get().setTab('compare');
        return get().openComparison(comparisonId);
      },
      showImageComparison(id, conversations, images) {
        const columns = IMAGE_COLUMN_KINDS.map((kind): ImageColumn => {
          const kept = column(kind);
          if (kind === 'images') {
            const last = images.at(-1);
            return {
              ...newImageColumn(kind, last?.model ?? kept?.model ?? '', kept?.connectionId),
              rounds: roundsOfImages(images),
            };
          }
          const conv = conversations.find((c) => c.format === CONVERSATION_KINDS[kind].format);
          if (!conv) return newImageColumn(kind, kept?.model ?? '', kept?.connectionId);
          return {
            ...newImageColumn(kind, conv.model, conv.connection?.id),
            conversationId: conv.id,
            rounds: roundsOfTurns(conv.turns, conv.model),
          };
        });
        // the settings the comparison was made with: each conversation's rows of them
        const made = conversations.map((c) => pickImageSettings(c.params));
        set((s) => ({
          compareImageMode: true,
          comparisonId: id,
          imageColumns: columns,
          imageParams: Object.assign({ ...s.imageParams }, ...made) as Params,
        }));
      },
    };
  };

/** The image rows of a conversation's parameters (what an image comparison was made with). */
function pickImageSettings(p: Params): Partial<Params> {
  return compact({
    imageSize: p.imageSize,
    imageQuality: p.imageQuality,
    imageFormat: p.imageFormat,
    imageBackground: p.imageBackground,
    partialImages: p.partialImages,
    aspectRatio: p.aspectRatio,
    imageResolution: p.imageResolution,
  });
}
