import { useStore } from '../../store/index.ts';
import { useMediaQuery } from '../../components/useMediaQuery.ts';

/** Below this width the parameters panel floats over the conversation instead of sitting beside it. */
export const NARROW_QUERY = '(max-width: 1140px)';

/**
 * Open state of the parameters panel: beside the conversation it is a remembered preference; in a narrow
 * window it is a passing overlay that starts closed, so resizing never buries the conversation under it.
 */
export function useParamsPanel(): { open: boolean; narrow: boolean; setOpen(open: boolean): void } {
  const narrow = useMediaQuery(NARROW_QUERY);
  const docked = useStore((s) => s.paramsOpen);
  const overlay = useStore((s) => s.paramsOverlay);
  const setDocked = useStore((s) => s.setParamsOpen);
  const setOverlay = useStore((s) => s.setParamsOverlay);
  return narrow
    ? { open: overlay, narrow, setOpen: setOverlay }
    : { open: docked, narrow, setOpen: setDocked };
}
