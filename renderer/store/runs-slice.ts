import type { StateCreator } from 'zustand';
import type { StoreState } from './types.ts';
import type { HostEvents } from '../../shared/contract.ts';
import { createDeltaBatcher, createToolCallBuilder } from './delta-batcher.ts';
import type { ToolCall } from '../../shared/tools.ts';
import type { StoreRuntime } from './runtime.ts';
import { t } from '../i18n/active.ts';

/** A request in flight: a chat send or regeneration, or one compare column's. */
export interface RunInfo {
  requestId: string;
  startedAt: number;
  firstTokenAt: number | null;
  /** when its first partial image came (Compare's image columns show the time to it) */
  firstImageAt?: number;
  stopping: boolean;
  /** set while the client waits to try again after a failed attempt */
  retrying?: { attempt: number; of: number; reason: string };
}

/** Text of the reply in progress; only the streaming bubble subscribes to it. */
export interface RunText {
  text: string;
  thoughts: string;
  /** the function calls streamed so far (present once the first piece of one arrived) */
  toolCalls?: ToolCall[];
  /**
   * the latest partial image (a data URL, shown blurred until the reply is done; only the one on screen
   * is kept, and it goes with the run: the final image is loaded from the gallery by URL)
   */
  partialImage?: { image: number; partial: number; src: string };
}

/**
 * Every request in flight, by request id: when it started, its first token, whether it is stopping or
 * retrying, and the text streamed so far. Chat and compare keep only the request ids of their runs.
 */
export interface RunsSlice {
  runs: Record<string, RunInfo>;
  /** kept apart from `runs` so that a token wakes only the bubble that shows it */
  runTexts: Record<string, RunText>;
  /** Starts a run: from now on the request's deltas (batched per frame) and retries land here. */
  beginRun(requestId: string): void;
  /**
   * Hands over the last deltas and stops listening. The run stays in the state until the caller removes
   * it with `withoutRun`, in the same update that shows the result, so the reply never blinks.
   */
  finishRun(requestId: string): void;
  /** Asks the host to stop the request (once); the run ends when its call returns. */
  stopRun(requestId: string): Promise<void>;
}

/** The runs without one: merge into the update that shows the finished request. */
export function withoutRun(s: Pick<StoreState, 'runs' | 'runTexts'>, requestId: string) {
  const runs = { ...s.runs };
  delete runs[requestId];
  const runTexts = { ...s.runTexts };
  delete runTexts[requestId];
  return { runs, runTexts };
}

export const createRunsSlice =
  (rt: StoreRuntime): StateCreator<StoreState, [], [], RunsSlice> =>
  (set, get) => ({
    runs: {},
    runTexts: {},

    beginRun(requestId) {
      set((s) => ({
        runs: {
          ...s.runs,
          [requestId]: { requestId, startedAt: Date.now(), firstTokenAt: null, stopping: false },
        },
        runTexts: { ...s.runTexts, [requestId]: { text: '', thoughts: '' } },
      }));
      const calls = createToolCallBuilder();
      const batcher = createDeltaBatcher((text, thought, tools) =>
        set((s) => {
          const prev = s.runTexts[requestId];
          const run = s.runs[requestId];
          if (!prev || !run) return {};
          const next: RunText = { text: prev.text + text, thoughts: prev.thoughts + thought };
          if (tools.length > 0) next.toolCalls = calls.apply(tools);
          else if (prev.toolCalls) next.toolCalls = prev.toolCalls;
          if (prev.partialImage) next.partialImage = prev.partialImage;
          const runTexts = { ...s.runTexts, [requestId]: next };
          // the run itself (and whatever reads it: timings, figures) changes only on the first token
          if (run.firstTokenAt !== null) return { runTexts };
          return { runTexts, runs: { ...s.runs, [requestId]: { ...run, firstTokenAt: Date.now() } } };
        }),
      );
      rt.batchers.set(requestId, batcher);
      rt.streams.set(requestId, {
        onDelta: (d) => batcher.push(d),
        onPartialImage: ({ image, partial, mimeType, base64 }: HostEvents['partialImage']) =>
          set((s) => {
            const prev = s.runTexts[requestId];
            // only an image type becomes a data URL: the host's bytes are never read as anything else
            if (!prev || !/^image\/(png|jpeg|webp)$/.test(mimeType)) return {};
            const partialImage = { image, partial, src: `data:${mimeType};base64,${base64}` };
            const runTexts = { ...s.runTexts, [requestId]: { ...prev, partialImage } };
            const run = s.runs[requestId];
            if (!run || run.firstImageAt !== undefined) return { runTexts };
            return { runTexts, runs: { ...s.runs, [requestId]: { ...run, firstImageAt: Date.now() } } };
          }),
        onRetry: ({ attempt, of, reason }: HostEvents['retry']) =>
          set((s) => {
            const run = s.runs[requestId];
            return run
              ? { runs: { ...s.runs, [requestId]: { ...run, retrying: { attempt, of, reason } } } }
              : {};
          }),
      });
    },

    finishRun(requestId) {
      rt.batchers.get(requestId)?.flush();
      rt.batchers.delete(requestId);
      rt.streams.delete(requestId);
    },

    async stopRun(requestId) {
      const run = get().runs[requestId];
      if (!run || run.stopping) return;
      set((s) => ({ runs: { ...s.runs, [requestId]: { ...run, stopping: true } } }));
      const r = await rt.bridge().abortRequest({ requestId });
      if (!r.ok) get().notify(t('notices.stop.failed', { message: r.error.message }), 'error');
    },
  });
