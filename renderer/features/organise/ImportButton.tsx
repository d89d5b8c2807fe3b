import { useRef, useState, type ChangeEvent } from 'react';
import { IconButton } from '../../components/IconButton.tsx';
import { Button } from '../../components/Button.tsx';
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
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    const error = await importFile(await file.text());
    setBusy(false);
    if (error) notify(t('organise.import.failed', { file: file.name, message: error }), 'error');
  };
  const pick = () => inputRef.current?.click();
  return (
    <>
      {props.text ? (
        <Button
          icon="upload"
          size="s"
          variant="ghost"
          busy={busy}
          onClick={pick}
          data-testid="import-conversation"
        >
          {t('organise.import.short')}
        </Button>
      ) : (
        <IconButton
          icon="upload"
          label={t('organise.import')}
          busy={busy}
          onClick={pick}
          data-testid="import-conversation"
        />
      )}
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(e) => void onFile(e)}
        data-testid="import-file"
      />
    </>
  );
}
