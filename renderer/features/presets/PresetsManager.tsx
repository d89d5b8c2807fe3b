import { useState } from 'react';
import type { SavedPreset } from '../../../shared/presets.ts';
import { ManagePresetsDialog } from './ManagePresetsDialog.tsx';
import { PresetEditorDialog, type PresetSource } from './PresetEditorDialog.tsx';

/**
 * The manage and edit dialogs an entry point opens. Editing from the list goes back to the list when
 * done, so renaming several presets stays one trip.
 */
export function usePresetsManager() {
  const [manage, setManage] = useState(false);
  const [editor, setEditor] = useState<PresetSource | null>(null);
  const [backToList, setBackToList] = useState(false);

  const dialogs = (
    <>
      <ManagePresetsDialog
        open={manage}
        onClose={() => setManage(false)}
        onEdit={(preset: SavedPreset) => {
          setManage(false);
          setBackToList(true);
          setEditor({ kind: 'edit', preset });
        }}
      />
      <PresetEditorDialog
        source={editor}
        onClose={() => {
          setEditor(null);
          if (backToList) setManage(true);
          setBackToList(false);
        }}
      />
    </>
  );
  return {
    dialogs,
    openManager: () => setManage(true),
    openEditor: (source: PresetSource) => {
      setBackToList(false);
      setEditor(source);
    },
  };
}
