import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from './Button.tsx';
import { IconButton } from './IconButton.tsx';

/**
 * A button that picks a JSON file and hands over its text (imports of conversations, presets and prices).
 * Busy while the text is read and handled; the same file can be picked again afterwards.
 */
export function JsonFileButton(props: {
  label: string;
  /** the button shows only its icon, the label as its name and tooltip */
  iconOnly?: boolean;
  size?: 's';
  variant?: 'ghost';
  testId: string;
  inputTestId: string;
  onText(text: string, fileName: string): Promise<void> | void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onChange = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    try {
      await props.onText(await file.text(), file.name);
    } finally {
      setBusy(false);
    }
  };
  const pick = () => inputRef.current?.click();
  return (
    <>
      {props.iconOnly ? (
        <IconButton icon="upload" label={props.label} busy={busy} onClick={pick} data-testid={props.testId} />
      ) : (
        <Button
          icon="upload"
          busy={busy}
          onClick={pick}
          data-testid={props.testId}
          {...(props.size ? { size: props.size } : {})}
          {...(props.variant ? { variant: props.variant } : {})}
        >
          {props.label}
        </Button>
      )}
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        hidden
        onChange={(e) => void onChange(e)}
        data-testid={props.inputTestId}
      />
    </>
  );
}
