import { createContext, useContext } from 'react';
import { useStore } from '../../store/index.ts';

/**
 * Whether the tab is too narrow for the parameters panel beside a readable conversation (ChatTab measures
 * its own width: the window minus any panel docked beside the tab, the inspector included).
 */
export const ParamsNarrowContext = createContext(false);

/**
 * Open state of the parameters panel: beside the conversation it is a remembered preference; where it
 * does not fit it is a passing overlay that starts closed, so opening the inspector or narrowing the
 * window never buries the conversation under it.
 */
export function useParamsPanel(): { open: boolean; narrow: boolean; setOpen(open: boolean): void } {
  const narrow = useContext(ParamsNarrowContext);
  const docked = useStore((s) => s.paramsOpen);
  const overlay = useStore((s) => s.paramsOverlay);
  const setDocked = useStore((s) => s.setParamsOpen);
  const setOverlay = useStore((s) => s.setParamsOverlay);
  return narrow
    ? { open: overlay, narrow, setOpen: setOverlay }
    : { open: docked, narrow, setOpen: setDocked };
}
