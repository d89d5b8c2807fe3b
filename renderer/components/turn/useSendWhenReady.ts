import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { StoreContext, useStore } from '../../store/index.ts';
import type { StoreState } from '../../store/types.ts';

/** Whether a draft's files are still being added or fitted: a send then waits for them, it is not refused. */
export function filesStillComing(s: StoreState, key: string): boolean {
  const fitFor = s.fit[key]?.join(',');
  return (s.composerFiles[key] ?? []).some(
    (f) =>
      f.status === 'uploading' ||
      (fitFor !== undefined && f.fitted?.for === fitFor && f.fitted.status === 'working'),
  );
}

/**
 * Enter (or Send) while a pasted or dropped file is still being added used to do nothing: the user pressed
 * Enter, saw the status line and had to press it again. Now the send waits: `queue()` marks it, and once no
 * file is coming any more it goes by `sendNow` (with the text in the box then; the send itself says why when
 * a file failed or another problem came up). `cancel()` and another conversation end the wait.
 */
export function useSendWhenReady(key: string, sendNow: () => void) {
  const store = useContext(StoreContext);
  const coming = useStore((s) => filesStillComing(s, key));
  const [queuedFor, setQueuedFor] = useState<string | null>(null);
  const queued = queuedFor === key;
  const latest = useRef(sendNow);
  useLayoutEffect(() => {
    latest.current = sendNow;
  });
  useEffect(() => {
    if (!queued) return;
    let done = false;
    const check = (s: StoreState) => {
      if (done || filesStillComing(s, key)) return;
      done = true;
      setQueuedFor(null);
      latest.current();
    };
    const unsubscribe = store.subscribe(check);
    // the files may have come in between the press and this subscription
    check(store.getState());
    return unsubscribe;
  }, [queued, key, store]);
  const cancel = useCallback(() => setQueuedFor(null), []);
  return {
    /** the files are still coming, so a send now would wait for them */
    coming,
    queued,
    queue: () => setQueuedFor(key),
    cancel,
  };
}
