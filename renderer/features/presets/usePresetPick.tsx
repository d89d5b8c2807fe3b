import { useContext, useState, type ReactNode } from 'react';
import { StoreContext } from '../../store/index.ts';
import { presetVariables, type SavedPreset } from '../../../shared/presets.ts';
import { FillVariablesDialog } from './FillVariablesDialog.tsx';

/**
 * Picking a preset from a menu: applied at once when it has no variables, else after the form that asks
 * for them. `apply` answers why it could not (shown as a notice), or null.
 */
export function usePresetPick(
  target: string,
  apply: (preset: SavedPreset, values: Record<string, string>) => string | null,
): { onPick(preset: SavedPreset): void; dialog: ReactNode } {
  const store = useContext(StoreContext);
  const [filling, setFilling] = useState<SavedPreset | null>(null);
  return {
    onPick(preset) {
      if (presetVariables(preset).length > 0) return setFilling(preset);
      const why = apply(preset, {});
      if (why !== null) store.getState().notify(why, 'error');
    },
    dialog: (
      <FillVariablesDialog
        preset={filling}
        target={target}
        onApply={(values) => (filling ? apply(filling, values) : null)}
        onClose={() => setFilling(null)}
      />
    ),
  };
}
