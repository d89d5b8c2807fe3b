import { useContext } from 'react';
import { StoreContext } from '../../store/index.ts';
import { draftKey, selectTabParams } from '../../store/chat-helpers.ts';
import { FORMAT_LABELS, type TextFormat } from '../../../shared/formats.ts';
import { usePresetPick } from './usePresetPick.tsx';
import { PresetMenu } from './PresetMenu.tsx';
import { usePresetsManager } from './PresetsManager.tsx';

/**
 * The chat tab's Presets menu: apply a preset to a new conversation of this tab (its variables asked
 * first), save the conversation's system prompt and parameters as one, manage, import and export.
 */
export function ChatPresets(props: { format: TextFormat; conversationId: string | null }) {
  const { format, conversationId } = props;
  const store = useContext(StoreContext);
  const manager = usePresetsManager();
  const target = `a new ${FORMAT_LABELS[format]} conversation`;

  const pick = usePresetPick(target, (preset, values) =>
    store.getState().applyPresetToChat(format, preset.id, values),
  );

  const saveCurrent = () => {
    // read when asked: what the tab sends now, and what is in its message box
    const s = store.getState();
    const title = conversationId ? s.loaded[conversationId]?.title : undefined;
    manager.openEditor({
      kind: 'new',
      params: selectTabParams(s, format),
      message: s.drafts[draftKey(format, conversationId)] ?? '',
      from: title ? `“${title}”` : `the new ${FORMAT_LABELS[format]} conversation`,
    });
  };

  return (
    <>
      <PresetMenu
        label="Presets: apply, save, manage"
        text="Presets"
        caption={`Apply to ${target}`}
        testId="presets-menu"
        onPick={pick.onPick}
        actions={[
          { id: 'save', label: 'Save as preset…', icon: 'save', onSelect: saveCurrent },
          { id: 'manage', label: 'Manage, import, export…', icon: 'settings', onSelect: manager.openManager },
        ]}
      />
      {pick.dialog}
      {manager.dialogs}
    </>
  );
}
