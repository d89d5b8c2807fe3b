import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import { Spinner } from './Spinner.tsx';

export type ButtonVariant = 'default' | 'primary' | 'danger' | 'ghost';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'm' | 's';
  /** icon before the label */
  icon?: IconName;
  /** shows a spinner in place of the icon and marks the button busy */
  busy?: boolean;
  block?: boolean;
  children?: ReactNode;
}

/** A text button; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({
  variant = 'default',
  size = 'm',
  icon,
  busy = false,
  block = false,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const classes = ['btn'];
  if (variant !== 'default') classes.push(`btn--${variant}`);
  if (size === 's') classes.push('btn--s');
  if (block) classes.push('btn--block');
  if (className) classes.push(className);
  const iconSize = size === 's' ? 14 : 16;
  return (
    <button type={type} className={classes.join(' ')} aria-busy={busy || undefined} {...rest}>
      {busy ? <Spinner size={iconSize - 2} /> : icon ? <Icon name={icon} size={iconSize} /> : null}
      {children}
    </button>
  );
}
