import './organise.css';

/** Below this many characters a title is not split (it fits, or its start is what tells it apart). */
const SPLIT_FROM = 24;
/** How much of the end stays in view: enough for "(imported)", "(copy 2)", a date or a number. */
const TAIL_CHARS = 14;

/**
 * A one-line title that, when too long, is cut in the middle rather than at the end, so two titles that
 * differ only at the end ("Why is the sky…" and "Why is the sky… (imported)") still look different. The
 * whole title is the tooltip; assistive technology reads it whole.
 */
export function MiddleCut(props: { text: string; className?: string }) {
  const chars = [...props.text];
  const cls = `middle-cut${props.className ? ` ${props.className}` : ''}`;
  if (chars.length < SPLIT_FROM) {
    return (
      <span className={cls} title={props.text}>
        <span className="middle-cut-head">{props.text}</span>
      </span>
    );
  }
  const head = chars.slice(0, -TAIL_CHARS).join('');
  const tail = chars.slice(-TAIL_CHARS).join('');
  return (
    <span className={cls} title={props.text} data-testid="middle-cut">
      <span className="middle-cut-head">{head}</span>
      <span className="middle-cut-tail">{tail}</span>
    </span>
  );
}
