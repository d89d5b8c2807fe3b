import type { ImageQuality } from '../../store/images-slice.ts';
import type { MessageKey } from '../../i18n/messages-en.ts';

/** The page's word for each image quality, shared by the generate and the edit forms. */
export const QUALITY_WORD = {
  auto: 'images.form.quality.auto',
  low: 'images.form.quality.low',
  medium: 'images.form.quality.medium',
  high: 'images.form.quality.high',
} as const satisfies Record<ImageQuality, MessageKey>;

/** A labelled select of a fixed list of values (the image forms' settings). */
export function Choice<V extends string>(props: {
  id: string;
  testId?: string;
  label: string;
  value: V;
  options: readonly V[];
  text: (v: V) => string;
  onChange: (v: V) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        className="select"
        value={props.value}
        data-testid={props.testId}
        onChange={(e) => props.onChange(e.target.value as V)}
      >
        {props.options.map((o) => (
          <option key={o} value={o}>
            {props.text(o)}
          </option>
        ))}
      </select>
    </div>
  );
}
