// The widths the layout is built from. The CSS tokens (--sidebar-w, --params-w in tokens.css) hold the same
// numbers; these decide, from the room actually left, when a side panel gives way to the conversation.

/** The conversation column never gets narrower than this: the panels float or close first. */
export const MIN_CONVERSATION_W = 480;
export const SIDEBAR_W = 260;
/** the sidebar in a tight tab (the smallest window) */
export const SIDEBAR_NARROW_W = 220;
export const PARAMS_W = 300;

/** Below this tab width the parameters panel floats over the conversation instead of sitting beside it. */
export const PARAMS_DOCKED_MIN_W = SIDEBAR_W + MIN_CONVERSATION_W + PARAMS_W;
/** Below this tab width the sidebar narrows. */
export const SIDEBAR_FULL_MIN_W = SIDEBAR_W + MIN_CONVERSATION_W + 40;

/**
 * Whether the inspector, `width` wide, leaves the section beside it room for a sidebar and a readable
 * conversation in a window `windowWidth` wide; if not it floats over the section instead of squeezing it.
 */
export function inspectorFits(windowWidth: number, width: number): boolean {
  return windowWidth - width >= SIDEBAR_NARROW_W + MIN_CONVERSATION_W;
}
