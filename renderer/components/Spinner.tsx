/** An indeterminate progress ring; pass `label` when it is the only sign that something is happening. */
export function Spinner(props: { size?: number; label?: string; className?: string }) {
  const size = props.size ?? 16;
  return (
    <span
      className={props.className ? `spinner ${props.className}` : 'spinner'}
      style={{ width: size, height: size }}
      role={props.label ? 'status' : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : true}
    />
  );
}
