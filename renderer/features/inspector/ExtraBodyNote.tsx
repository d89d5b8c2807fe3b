import { useMemo } from 'react';
import { useStore } from '../../store/index.ts';
import { selectTabParams } from '../../store/chat-helpers.ts';
import type { Exchange } from '../../../shared/exchange.ts';
import { TEXT_FORMATS, type TextFormat } from '../../../shared/formats.ts';
import { extraBodyFieldsIn } from '../../../shared/extra-body.ts';
import { t } from '../../i18n/active.ts';

/** A note above a request body naming the fields that came from the extra body; nothing when none did. */
export function ExtraBodyNote(props: { exchange: Exchange }) {
  const { exchange } = props;
  const format = (TEXT_FORMATS as readonly string[]).includes(exchange.interface)
    ? (exchange.interface as TextFormat)
    : undefined;
  const extraBody = useStore((s) => (format ? selectTabParams(s, format).extraBody : undefined));
  const fields = useMemo(
    () => (exchange.requestBody === undefined ? [] : extraBodyFieldsIn(exchange.requestBody, extraBody)),
    [exchange.requestBody, extraBody],
  );
  if (fields.length === 0) return null;
  return (
    <p
      className="field-hint"
      role="note"
      data-testid="extra-body-note"
      style={{ margin: '0 0 var(--sp-2)', color: 'var(--accent-soft-text)' }}
    >
      {t('inspector.detail.extraBody')}{' '}
      {fields.map((f, i) => (
        <span key={f}>
          {i > 0 ? ', ' : ''}
          <code className="mono">{f}</code>
        </span>
      ))}
    </p>
  );
}
