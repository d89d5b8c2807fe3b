import type { ButtonHTMLAttributes } from 'react';
import { Icon, type IconName } from './Icon.tsx';
import { Spinner } from './Spinner.tsx';

export interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  icon: IconName;
  /** the accessible name, also shown as the tooltip */
  label: string;
  size?: 'm' | 's';
  variant?: 'default' | 'danger' | 'outlined';
  busy?: boolean;
}

/** A square button with only an icon; `label` becomes aria-label and the native tooltip. */
export function IconButton({
  icon,
  label,
  size = 'm',
  variant = 'default',
  busy = false,
  className,
  type = 'button',
  title,
  ...rest
}: IconButtonProps) {
  const classes = ['icon-btn'];
  if (size === 's') classes.push('icon-btn--s');
  if (variant !== 'default') classes.push(`icon-btn--${variant}`);
  if (className) classes.push(className);
  const iconSize = size === 's' ? 14 : 16;
  return (
    <button
      type={type}
      className={classes.join(' ')}
      aria-label={label}
      title={title ?? label}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <Spinner size={iconSize - 2} /> : <Icon name={icon} size={iconSize} />}
    </button>
  );
}
