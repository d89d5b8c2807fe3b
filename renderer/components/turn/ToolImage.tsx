import { useStore } from '../../store/index.ts';
import { t } from '../../i18n/active.ts';

/**
 * An image a tool returned, loaded from the host's media route by its file's id (the page never holds its
 * bytes), lazily and decoded off the main thread: a result may hold several, and a long conversation many.
 */
export function ToolImage(props: {
  id: string;
  tool: string;
  width?: number | undefined;
  height?: number | undefined;
}) {
  const url = useStore((s) => s.attachmentUrl);
  return (
    <img
      className="mcp-result-image"
      alt={t('mcp.call.image', { tool: props.tool })}
      src={url(props.id)}
      loading="lazy"
      decoding="async"
      {...(props.width !== undefined && props.height !== undefined
        ? { width: props.width, height: props.height }
        : {})}
      data-testid="mcp-result-image"
    />
  );
}
