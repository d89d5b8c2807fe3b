import { useEffect, useState } from 'react';

/**
 * A module loaded with a dynamic import the first time a reply needs it (KaTeX, Mermaid): its code stays
 * out of the first screen's bundle. A failed load (the chunk could not be fetched: the host restarted, a
 * new build) is forgotten, so the next mount tries again.
 */
export interface LazyModule<T> {
  /** the module once loaded, else null */
  readonly current: T | null;
  load(): Promise<T>;
}

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let current: T | null = null;
  let loading: Promise<T> | null = null;
  return {
    get current() {
      return current;
    },
    load() {
      loading ??= importer().then(
        (m) => {
          current = m;
          return m;
        },
        (e: unknown) => {
          loading = null;
          throw e;
        },
      );
      return loading;
    },
  };
}

export type LazyState<T> = { module: T } | { module: null; failed: boolean };

/** The module for a component: null until loaded (re-rendering then), `failed` when it could not be. */
export function useLazyModule<T>(lazy: LazyModule<T>): LazyState<T> {
  const [state, setState] = useState<LazyState<T>>(() =>
    lazy.current ? { module: lazy.current } : { module: null, failed: false },
  );
  useEffect(() => {
    if (state.module) return;
    let live = true;
    lazy.load().then(
      (module) => {
        if (live) setState({ module });
      },
      () => {
        if (live) setState({ module: null, failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [lazy, state.module]);
  return lazy.current && !state.module ? { module: lazy.current } : state;
}
