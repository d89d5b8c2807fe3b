import { createContext, useContext } from 'react';
import { StoreContext, useStore } from '../../store/index.ts';
import { selectParamsInSide, selectParamsOpen, setParamsShown } from '../../store/app-slice.ts';

/**
 * Whether the tab is too narrow for the parameters panel beside a readable conversation (ChatTab measures
 * its own width: the window minus any panel docked beside the tab, the inspector included).
 */
export const ParamsNarrowContext = createContext(false);

export { selectParamsInSide, selectParamsOpen, setParamsShown };

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
