import { createContext, useContext } from 'react';
import { useStore } from '../../store/index.ts';
import type { StoreState } from '../../store/types.ts';

/**
 * Whether the tab is too narrow for the parameters panel beside a readable conversation (ChatTab measures
 * its own width: the window minus any panel docked beside the tab, the inspector included).
 */
export const ParamsNarrowContext = createContext(false);

/** Whether the panel is open: where it floats, its passing overlay state; beside the conversation, the preference. */
export const selectParamsOpen =
  (narrow: boolean) =>
  (s: StoreState): boolean =>
    narrow ? s.paramsOverlay : s.paramsOpen;

/**
 * Open state of the parameters panel: beside the conversation it is a remembered preference; where it
 * does not fit it is a passing overlay that starts closed, so opening the inspector or narrowing the
 * window never buries the conversation under it.
 */
export function useParamsPanel(): { open: boolean; narrow: boolean; setOpen(open: boolean): void } {
  const narrow = useContext(ParamsNarrowContext);
  const open = useStore(selectParamsOpen(narrow));
  const setOpen = useStore((s) => (narrow ? s.setParamsOverlay : s.setParamsOpen));
  return { open, narrow, setOpen };
}
