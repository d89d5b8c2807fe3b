import { useEffect, useId, useRef, type ReactNode } from 'react';
import { IconButton } from './IconButton.tsx';
import { Button } from './Button.tsx';
import { t } from '../i18n/active.ts';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children?: ReactNode;
  /** buttons for the footer */
  actions?: ReactNode;
  size?: 'm' | 'l';
  className?: string;
  testId?: string;
}

/**
 * A modal dialog on the native <dialog> element: the browser traps focus, closes on Escape and restores
 * focus to whatever opened it. A click on the backdrop closes it too.
 */
export function Dialog(props: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const { open, onClose } = props;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
  }, [open]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onCancel = (e: Event) => {
      e.preventDefault();
      onClose();
    };
    el.addEventListener('cancel', onCancel);
    return () => el.removeEventListener('cancel', onCancel);
  }, [onClose]);

  const titleId = useId();
  const classes = ['dialog'];
  if (props.size === 'l') classes.push('dialog--l');
  if (props.className) classes.push(props.className);

  return (
    <dialog
      ref={ref}
      className={classes.join(' ')}
      aria-labelledby={titleId}
      data-testid={props.testId}
      onMouseDown={(e) => {
        // a press that starts on the backdrop (the dialog element itself, outside its box) closes it
        if (e.target !== e.currentTarget) return;
        const r = e.currentTarget.getBoundingClientRect();
        const inside =
          e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
        if (!inside) onClose();
      }}
    >
      {open ? (
        <>
          <div className="dialog-head">
            <h2 className="dialog-title" id={titleId}>
              {props.title}
            </h2>
            <IconButton icon="x" label={t('common.close')} size="s" onClick={onClose} />
          </div>
          <div className="dialog-body">{props.children}</div>
          {props.actions ? <div className="dialog-actions">{props.actions}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}

/** A yes/no question, with the destructive choice styled as such. */
export function ConfirmDialog(props: {
  open: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <Dialog
      open={props.open}
      title={props.title}
      onClose={props.onCancel}
      testId="confirm-dialog"
      actions={
        <>
          <Button onClick={props.onCancel} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button
            variant={props.danger ? 'danger' : 'primary'}
            onClick={props.onConfirm}
            data-testid="confirm-button"
          >
            {props.confirmLabel}
          </Button>
        </>
      }
    >
      <p>{props.message}</p>
    </Dialog>
  );
}
