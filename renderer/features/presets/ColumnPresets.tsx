import { useContext, useState } from 'react';
import { StoreContext, useStore } from '../../store/index.ts';
import { FORMAT_LABELS } from '../../../shared/formats.ts';
import { presetVariables, type SavedPreset } from '../../../shared/presets.ts';
import { FillVariablesDialog } from './FillVariablesDialog.tsx';
import { PresetMenu } from './PresetMenu.tsx';
import { usePresetsManager } from './PresetsManager.tsx';

/**
 * A Compare column's preset button: the preset's parameters become this column's own (with "same for
 * all" on, that goes off and the other columns keep theirs), its first message goes into the prompt.
 */
export function ColumnPresets(props: { columnKey: string; index: number }) {
  const store = useContext(StoreContext);
  const format = useStore((s) => s.compareColumns.find((c) => c.key === props.columnKey)?.format);
  const running = useStore((s) => s.compareColumns.find((c) => c.key === props.columnKey)?.run != null);
  const [filling, setFilling] = useState<SavedPreset | null>(null);
  const manager = usePresetsManager();
  if (!format) return null;
  const target = `column ${props.index + 1} (${FORMAT_LABELS[format]})`;

  const apply = (preset: SavedPreset, values: Record<string, string>) =>
    store.getState().applyPresetToColumn(props.columnKey, preset.id, values);

  return (
    <>
      <PresetMenu
        label={`Apply a preset to column ${props.index + 1}`}
        caption={`Apply to ${target}`}
        look="link"
        text="Preset"
        disabled={running}
        testId="compare-presets"
        onPick={(preset) => {
          if (presetVariables(preset).length > 0) setFilling(preset);
          else {
            const why = apply(preset, {});
            if (why !== null) store.getState().notify(why, 'error');
          }
        }}
        actions={[
          { id: 'manage', label: 'Manage, import, export…', icon: 'settings', onSelect: manager.openManager },
        ]}
      />
      <FillVariablesDialog
        preset={filling}
        target={target}
        onApply={(values) => (filling ? apply(filling, values) : null)}
        onClose={() => setFilling(null)}
      />
      {manager.dialogs}
    </>
  );
}
