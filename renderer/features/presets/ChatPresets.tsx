import { useContext } from 'react';
import { StoreContext } from '../../store/index.ts';
import { draftKey, selectTabParams } from '../../store/chat-helpers.ts';
import { FORMAT_LABELS, type TextFormat } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
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
  const target = t('presets.target.chat', { format: FORMAT_LABELS[format] });

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
      from: title
        ? t('presets.from.conversation', { title })
        : t('presets.from.new', { format: FORMAT_LABELS[format] }),
    });
  };

  return (
    <>
      <PresetMenu
        label={t('presets.menu.label')}
        text={t('presets.title')}
        caption={t('presets.menu.applyTo', { target })}
        testId="presets-menu"
        onPick={pick.onPick}
        actions={[
          { id: 'save', label: t('presets.menu.save'), icon: 'save', onSelect: saveCurrent },
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
