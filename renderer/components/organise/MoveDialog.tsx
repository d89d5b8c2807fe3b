import { displayName } from '../../../shared/display.ts';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { MAX_FOLDER_NAME_CHARS } from '../../../shared/organise.ts';
import { Button } from '../Button.tsx';
import { Dialog } from '../Dialog.tsx';
import { useT } from '../../i18n/useT.ts';
import { useStore } from '../../store/index.ts';
import { FolderDot } from './FolderDialog.tsx';
import './organise.css';

const NONE = '';
const NEW = '\u0000new';

/**
 * Moves conversations (one from a row's menu, or the all-conversations view's selection) into a folder,
 * out of theirs, or into a new folder named here. The keyboard's way of doing what dragging does.
 */
export function MoveDialog(props: { ids: readonly string[] | null; onClose(): void; onMoved?(): void }) {
  const t = useT();
  const count = props.ids?.length ?? 0;
  return (
    <Dialog
      open={props.ids !== null}
      title={count === 1 ? t('organise.move.title.one') : t('organise.move.title', { count })}
      onClose={props.onClose}
      testId="move-dialog"
    >
      {props.ids ? <MoveForm ids={props.ids} onClose={props.onClose} onMoved={props.onMoved} /> : null}
    </Dialog>
  );
}

function MoveForm(props: { ids: readonly string[]; onClose(): void; onMoved?: (() => void) | undefined }) {
  const t = useT();
  const folders = useStore((s) => s.folders);
  // where they are now, when they are all in one place: that choice starts ticked
  const current = useStore((s) => {
    const wanted = new Set(props.ids);
    const places = new Set(s.conversations.filter((c) => wanted.has(c.id)).map((c) => c.folderId ?? NONE));
    return places.size === 1 ? [...places][0] : undefined;
  });
  const move = useStore((s) => s.moveConversations);
  const create = useStore((s) => s.createFolder);
  const [choice, setChoice] = useState<string>(current ?? folders[0]?.id ?? NEW);
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    let target: string | null = choice === NONE ? null : choice;
    setBusy(true);
    if (choice === NEW) {
      if (name.trim() === '') {
        setBusy(false);
        setProblem(t('organise.folder.nameMissing'));
        return;
      }
      const made = await create(name.trim());
      if (!made.ok) {
        setBusy(false);
        setProblem(made.message);
        return;
      }
      target = made.folder.id;
    }
    const moved = await move(props.ids, target);
    setBusy(false);
    if (moved) {
      props.onClose();
      props.onMoved?.();
    }
  };

  const option = (value: string, label: ReactNode, testId: string) => (
    <label className={`move-option${choice === value ? ' is-on' : ''}`}>
      <input
        type="radio"
        name={`${id}-target`}
        checked={choice === value}
        onChange={() => {
          setChoice(value);
          setProblem(null);
        }}
        data-testid={testId}
      />
      {label}
    </label>
  );

  return (
    <form className="folder-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <fieldset className="move-options">
        <legend className="visually-hidden">{t('organise.move.to')}</legend>
        {folders.map((f) =>
          option(
            f.id,
            <>
              <FolderDot color={f.color} />
              <span className="move-name" dir="auto">
                {displayName(f.name)}
              </span>
              {current === f.id ? <span className="faint">{t('organise.move.current')}</span> : null}
            </>,
            'move-folder',
          ),
        )}
        {option(
          NONE,
          <>
            <span className="move-name">{t('organise.move.none')}</span>
            {current === NONE ? <span className="faint">{t('organise.move.current')}</span> : null}
          </>,
          'move-none',
        )}
        {option(NEW, <span className="move-name">{t('organise.move.new')}</span>, 'move-new')}
        {choice === NEW ? (
          <input
            className="input input--s move-new-name"
            aria-label={t('organise.folder.name')}
            placeholder={t('organise.folder.name')}
            value={name}
            maxLength={MAX_FOLDER_NAME_CHARS}
            autoFocus
            aria-invalid={problem !== null || undefined}
            onChange={(e) => {
              setName(e.target.value);
              setProblem(null);
            }}
            data-testid="move-new-name"
          />
        ) : null}
      </fieldset>
      {problem !== null ? (
        <p className="field-error" role="alert" data-testid="folder-problem">
          {problem}
        </p>
      ) : null}
      <div className="folder-form-actions">
        <Button onClick={props.onClose}>{t('common.cancel')}</Button>
        <Button type="submit" variant="primary" busy={busy} data-testid="move-confirm">
          {t('organise.move.confirm')}
        </Button>
      </div>
    </form>
  );
}
