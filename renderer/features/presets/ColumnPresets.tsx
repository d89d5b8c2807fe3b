import { useContext } from 'react';
import { StoreContext, useStore } from '../../store/index.ts';
import { FORMAT_LABELS } from '../../../shared/formats.ts';
import { usePresetPick } from './usePresetPick.tsx';
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
  const manager = usePresetsManager();
  const target = `column ${props.index + 1}${format ? ` (${FORMAT_LABELS[format]})` : ''}`;
  const pick = usePresetPick(target, (preset, values) =>
    store.getState().applyPresetToColumn(props.columnKey, preset.id, values),
  );
  if (!format) return null;

  return (
    <>
      <PresetMenu
        label={`Apply a preset to column ${props.index + 1}`}
        caption={`Apply to ${target}`}
        look="link"
        text="Preset"
        disabled={running}
        testId="compare-presets"
        onPick={pick.onPick}
        actions={[
          { id: 'manage', label: 'Manage, import, export…', icon: 'settings', onSelect: manager.openManager },
        ]}
      />
      {pick.dialog}
      {manager.dialogs}
    </>
  );
}
