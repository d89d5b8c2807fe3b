import { createContext, useContext } from 'react';
import { StoreContext, useStore } from '../../store/index.ts';
import type { StoreState } from '../../store/types.ts';
import { selectParamsInSide } from '../../store/app-slice.ts';

/**
 * Whether the tab is too narrow for the parameters panel beside a readable conversation (ChatTab measures
 * its own width: the window minus any panel docked beside the tab, the inspector included).
 */
export const ParamsNarrowContext = createContext(false);

export { selectParamsInSide };

/**
 * Whether the panel is showing: as a side tab, wanted and the tab chosen; where it floats, its passing
 * overlay state; beside the conversation, the preference.
 */
export const selectParamsOpen =
  (narrow: boolean) =>
  (s: StoreState): boolean =>
    selectParamsInSide(s) ? s.paramsOpen && s.sideTab === 'params' : narrow ? s.paramsOverlay : s.paramsOpen;

/** Shows or hides the panel wherever it is now (a side tab, floating, or beside the conversation). */
export function setParamsShown(s: StoreState, narrow: boolean, open: boolean): void {
  if (selectParamsInSide(s)) {
    s.setParamsOpen(open);
    if (open) s.setSideTab('params');
  } else if (narrow) s.setParamsOverlay(open);
  else s.setParamsOpen(open);
}

/**
 * Open state of the parameters panel: beside the conversation it is a remembered preference; where it
 * does not fit it is a passing overlay that starts closed, so narrowing the window never buries the
 * conversation under it; with the inspector open it is a tab beside the inspector's.
 */
export function useParamsPanel(): {
  open: boolean;
  narrow: boolean;
  inSide: boolean;
  setOpen(open: boolean): void;
} {
  const narrow = useContext(ParamsNarrowContext);
  const open = useStore(selectParamsOpen(narrow));
  const inSide = useStore(selectParamsInSide);
  const store = useContext(StoreContext);
  return { open, narrow, inSide, setOpen: (next) => setParamsShown(store.getState(), narrow, next) };
}
