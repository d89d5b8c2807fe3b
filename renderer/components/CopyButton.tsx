import { useEffect, useState } from 'react';
import { IconButton } from './IconButton.tsx';
import { copyText } from './clipboard.ts';
import { useStore } from '../store/index.ts';
import { t } from '../i18n/active.ts';

/** An icon button that copies `text` and shows a check mark for a moment. */
export function CopyButton(props: {
  text: string | (() => string);
  label?: string;
  size?: 'm' | 's';
  className?: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState(false);
  const notify = useStore((s) => s.notify);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const label = props.label ?? t('common.copy');
  return (
    <IconButton
      icon={copied ? 'check' : 'copy'}
      label={copied ? t('common.copied') : label}
      size={props.size ?? 's'}
      className={props.className}
      data-testid={props.testId}
      onClick={async () => {
        const text = typeof props.text === 'function' ? props.text() : props.text;
        if (await copyText(text)) setCopied(true);
        else notify(t('components.copy.unavailable'), 'error');
      }}
    />
  );
}
