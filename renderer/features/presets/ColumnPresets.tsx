import { useContext } from 'react';
import { StoreContext, useStore } from '../../store/index.ts';
import { FORMAT_LABELS } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
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
  const n = props.index + 1;
  const target = format
    ? t('presets.target.columnFormat', { n, format: FORMAT_LABELS[format] })
    : t('presets.target.column', { n });
  const pick = usePresetPick(target, (preset, values) =>
    store.getState().applyPresetToColumn(props.columnKey, preset.id, values),
  );
  if (!format) return null;

  return (
    <>
      <PresetMenu
        label={t('presets.column.label', { n })}
        caption={t('presets.menu.applyTo', { target })}
        look="link"
        text={t('presets.column.text')}
        disabled={running}
        testId="compare-presets"
        onPick={pick.onPick}
        actions={[
          {
            id: 'manage',
            label: t('presets.menu.manage'),
            icon: 'settings',
            onSelect: manager.openManager,
          },
        ]}
      />
      {pick.dialog}
      {manager.dialogs}
    </>
  );
}
