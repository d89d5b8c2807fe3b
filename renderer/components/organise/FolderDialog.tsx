import { useId, useState, type FormEvent } from 'react';
import {
  FOLDER_COLORS,
  MAX_FOLDER_NAME_CHARS,
  type Folder,
  type FolderColor,
} from '../../../shared/organise.ts';
import { Button } from '../Button.tsx';
import { Dialog } from '../Dialog.tsx';
import { useT } from '../../i18n/useT.ts';
import { useStore } from '../../store/index.ts';
import { markAutofocus } from '../form-refs.ts';
import type { MessageKey } from '../../i18n/translate.ts';
import './organise.css';

export type FolderTarget =
  { kind: 'new'; then?: (folder: Folder) => void } | { kind: 'edit'; folder: Folder };

export const COLOR_KEYS: Record<FolderColor, MessageKey> = {
  red: 'organise.color.red',
  orange: 'organise.color.orange',
  yellow: 'organise.color.yellow',
  green: 'organise.color.green',
  teal: 'organise.color.teal',
  blue: 'organise.color.blue',
  purple: 'organise.color.purple',
  pink: 'organise.color.pink',
};

/** A new folder, or a folder's new name and colour: the name field first, a colour optional. */
export function FolderDialog(props: { target: FolderTarget | null; onClose(): void }) {
  const t = useT();
  const { target } = props;
  return (
    <Dialog
      open={target !== null}
      title={target?.kind === 'edit' ? t('organise.folder.edit.title') : t('organise.folder.new.title')}
      onClose={props.onClose}
      testId="folder-dialog"
    >
      {target ? (
        <FolderForm
          key={target.kind === 'edit' ? target.folder.id : 'new'}
          target={target}
          onClose={props.onClose}
        />
      ) : null}
    </Dialog>
  );
}

function FolderForm(props: { target: FolderTarget; onClose(): void }) {
  const { target } = props;
  const t = useT();
  const create = useStore((s) => s.createFolder);
  const update = useStore((s) => s.updateFolder);
  const start = target.kind === 'edit' ? target.folder : undefined;
  const [name, setName] = useState(start?.name ?? '');
  const [color, setColor] = useState<FolderColor | null>(start?.color ?? null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() === '') {
      setProblem(t('organise.folder.nameMissing'));
      return;
    }
    setBusy(true);
    const r = start
      ? await update(start.id, { name: name.trim(), color })
      : await create(name.trim(), color ?? undefined);
    setBusy(false);
    if (!r.ok) {
      setProblem(r.message);
      return;
    }
    props.onClose();
    if (target.kind === 'new') target.then?.(r.folder);
  };

  return (
    <form className="folder-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="field">
        <label htmlFor={`${id}-name`}>{t('organise.folder.name')}</label>
        <input
          id={`${id}-name`}
          ref={markAutofocus}
          className="input"
          value={name}
          maxLength={MAX_FOLDER_NAME_CHARS}
          aria-invalid={problem !== null || undefined}
          aria-describedby={problem !== null ? `${id}-problem` : undefined}
          onChange={(e) => {
            setName(e.target.value);
            setProblem(null);
          }}
          data-testid="folder-name"
        />
        {problem !== null ? (
          <p className="field-error" id={`${id}-problem`} role="alert" data-testid="folder-problem">
            {problem}
          </p>
        ) : null}
      </div>
      <fieldset className="folder-colors">
        <legend className="field-label">{t('organise.folder.color')}</legend>
        <ColorChoice
          value={null}
          label={t('organise.color.none')}
          checked={color === null}
          onPick={setColor}
          name={id}
        />
        {FOLDER_COLORS.map((c) => (
          <ColorChoice
            key={c}
            value={c}
            label={t(COLOR_KEYS[c])}
            checked={color === c}
            onPick={setColor}
            name={id}
          />
        ))}
      </fieldset>
      <div className="folder-form-actions">
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="primary" busy={busy} data-testid="folder-save">
          {start ? t('common.save') : t('organise.folder.create')}
        </Button>
      </div>
    </form>
  );
}

function ColorChoice(props: {
  value: FolderColor | null;
  label: string;
  checked: boolean;
  name: string;
  onPick(color: FolderColor | null): void;
}) {
  return (
    <label className={`folder-swatch${props.checked ? ' is-on' : ''}`} title={props.label}>
      <input
        type="radio"
        name={`${props.name}-color`}
        checked={props.checked}
        aria-label={props.label}
        onChange={() => props.onPick(props.value)}
        data-testid={`folder-color-${props.value ?? 'none'}`}
      />
      <FolderDot color={props.value ?? undefined} size={14} />
    </label>
  );
}

/** A folder's colour as a small round mark (a hollow ring when it has none). */
export function FolderDot(props: { color?: FolderColor | undefined; size?: number }) {
  const size = props.size ?? 10;
  return (
    <span
      className={`folder-dot${props.color ? ` folder-dot--${props.color}` : ''}`}
      style={{ width: size, height: size }}
      aria-hidden="true"
    />
  );
}
