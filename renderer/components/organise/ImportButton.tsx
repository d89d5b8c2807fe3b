import { JsonFileButton } from '../JsonFileButton.tsx';
import { useT } from '../../i18n/useT.ts';
import { useStore } from '../../store/index.ts';

/**
 * Imports a conversation's JSON export, or a file of many (the all-conversations view's export). A file
 * that cannot be read is named in a notice with why; nothing of it is stored.
 */
export function ImportButton(props: { text?: boolean }) {
  const t = useT();
  const importFile = useStore((s) => s.importConversationsFile);
  const notify = useStore((s) => s.notify);
  return (
    <JsonFileButton
      label={props.text ? t('organise.import.short') : t('organise.import')}
      iconOnly={!props.text}
      size="s"
      variant="ghost"
      testId="import-conversation"
      inputTestId="import-file"
      onText={async (text, file) => {
        const error = await importFile(text);
        if (error) notify(t('organise.import.failed', { file, message: error }), 'error');
      }}
    />
  );
}
