// Moved to renderer/i18n/problem-text.ts (the store and several features read it). This re-export keeps
// ParamsPanel.tsx, which another change moves to features/params, untouched: delete it with that merge.
export { sharedProblemText } from '../../i18n/problem-text.ts';
