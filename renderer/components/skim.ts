import { createContext, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Skimming: a list moving faster than anyone reads (a fling, a scrollbar dragged through thousands of
 * messages) mounts a screenful of rows every frame. Rows that enter the view while the list skims show
 * their text as it is, without Markdown, highlighting or action buttons, and render in full once the list
 * settles (within the parse budget of Markdown.tsx, a few rows per task). Only the rows that entered while
 * skimming are affected; a row already shown in full stays so.
 */
export const SkimContext = createContext(false);

/** Faster than this (px per ms: about 4.5 screens a second in a 900 px list), the list skims. */
const ENTER_PX_PER_MS = 4;
/** Slower than this, the skim ends at once (the reader slowed down to read). */
const EXIT_PX_PER_MS = 1;
/** Otherwise the skim ends once no scroll event came for this long. */
const SETTLE_MS = 140;
/** Jumps made by code (opening at the end, a search hit) are not skimming, nor the frames that settle them. */
const PROGRAMMATIC_MS = 400;
/**
 * Speed is the distance covered over the recent scroll events, not between two of them: the virtualizer
 * corrects the position by a row's measured height right after the reader's own scroll, and that small,
 * quick step must not read as a fling. A single jump (a click in the scrollbar's track) is not one either.
 */
const WINDOW_MS = 150;
const MIN_SPAN_MS = 30;

export interface ScrollSkim {
  /** From the list's scroll handler, with its scrollTop (React's handler runs before the virtualizer's). */
  onScroll(top: number): void;
  /** Before the code scrolls the list itself. */
  programmatic(): void;
  /** Whether a row entering the view now should be skimmed. */
  skimming(): boolean;
  /** Changes when the list settles, so the rows shown skimmed render again, in full. */
  settled: number;
}

export function useScrollSkim(): ScrollSkim {
  const [settled, setSettled] = useState(0);
  const state = useRef({
    samples: [] as { at: number; top: number }[],
    fast: false,
    timer: 0,
    ignoreUntil: 0,
  });

  const settle = useCallback(() => {
    const s = state.current;
    clearTimeout(s.timer);
    if (!s.fast) return;
    s.fast = false;
    setSettled((n) => n + 1);
  }, []);

  const onScroll = useCallback(
    (top: number) => {
      const s = state.current;
      const now = performance.now();
      s.samples.push({ at: now, top });
      while (s.samples.length > 1 && now - s.samples[0]!.at > WINDOW_MS) s.samples.shift();
      if (now < s.ignoreUntil) return;
      const first = s.samples[0]!;
      const span = now - first.at;
      if (span >= MIN_SPAN_MS) {
        const speed = Math.abs(top - first.top) / span;
        if (speed >= ENTER_PX_PER_MS) s.fast = true;
        else if (s.fast && speed < EXIT_PX_PER_MS) return settle();
      }
      if (!s.fast) return;
      clearTimeout(s.timer);
      s.timer = window.setTimeout(settle, SETTLE_MS);
    },
    [settle],
  );

  const programmatic = useCallback(() => {
    state.current.ignoreUntil = performance.now() + PROGRAMMATIC_MS;
    settle();
  }, [settle]);

  const skimming = useCallback(() => state.current.fast, []);

  useEffect(() => () => clearTimeout(state.current.timer), []);

  return { onScroll, programmatic, skimming, settled };
}

/**
 * Which of the rows on screen are skimmed: those that entered while the list skimmed, until it settles.
 * Only the render knows which rows just entered, so the list's render tells it the keys on screen each
 * time (as BlockMarkdown's splitter is told the text); `settled` starts a new generation with none skimmed.
 */
export function createSkimTracker() {
  let shown: ReadonlySet<string> = new Set();
  let skimmed = new Set<string>();
  let generation = 0;
  return {
    update(keys: readonly string[], skimming: boolean, settled: number): ReadonlySet<string> {
      if (settled !== generation) {
        generation = settled;
        skimmed = new Set();
      }
      const next = new Set(keys);
      for (const key of skimmed) if (!next.has(key)) skimmed.delete(key);
      if (skimming) for (const key of keys) if (!shown.has(key)) skimmed.add(key);
      shown = next;
      return skimmed;
    },
  };
}
