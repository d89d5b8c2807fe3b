// A tool's result as the page and the model get it: text, images and resources, within the output cap.
// The result comes from a program the user chose but does not control: every field is checked, and a
// part of a kind Quartet does not show (audio, a resource link) is said as a line of text.
import { MCP_LIMITS } from '../../shared/limits.ts';
import type { McpCallResult, McpContentPart } from '../../shared/mcp.ts';

/**
 * A part as the server sent it, within the caps: an image still as its base64. The host stores it as a
 * file before anything leaves the host (handlers/tool-images.ts); the CLI keeps it in memory.
 */
export type McpRawPart =
  Exclude<McpContentPart, { type: 'image' }> | { type: 'image'; mimeType: string; dataBase64: string };

/** A call's result before its images are stored. */
export type McpRawResult = Omit<McpCallResult, 'content'> & { content: McpRawPart[] };

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

function str(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/**
 * The parts of a tools/call result's `content`, in order, until the text cap (characters over all text
 * parts) or the image cap; `truncated` when anything was cut or left out. One pass over the parts.
 */
export function capResult(content: unknown): { content: McpRawPart[]; truncated: boolean } {
  const parts: McpRawPart[] = [];
  let chars = 0;
  let images = 0;
  let truncated = false;
  const addText = (text: string): boolean => {
    const room = MCP_LIMITS.resultChars - chars;
    if (room <= 0) return false;
    const kept = text.length > room ? text.slice(0, room) : text;
    if (kept.length < text.length) truncated = true;
    chars += kept.length;
    parts.push({ type: 'text', text: kept });
    return true;
  };
  for (const raw of Array.isArray(content) ? content : []) {
    if (chars >= MCP_LIMITS.resultChars) {
      truncated = true;
      break;
    }
    const part = (raw !== null && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const type = str(part['type']);
    if (type === 'text') {
      addText(str(part['text']) ?? '');
    } else if (type === 'image') {
      const mimeType = str(part['mimeType']) ?? '';
      const data = str(part['data']) ?? '';
      const bytes = Math.floor((data.length * 3) / 4);
      if (!IMAGE_TYPES.has(mimeType) || !BASE64.test(data) || data.length === 0) {
        addText(
          `[an image the server sent as ${mimeType.slice(0, 60) || 'an unknown type'} could not be read]`,
        );
      } else if (images >= MCP_LIMITS.resultImages || bytes > MCP_LIMITS.imageBytes) {
        truncated = true;
        addText(`[an image (${mimeType}, ${bytes} bytes) past the output cap was left out]`);
      } else {
        images += 1;
        parts.push({ type: 'image', mimeType, dataBase64: data });
      }
    } else if (type === 'resource') {
      const resource = (part['resource'] ?? {}) as Record<string, unknown>;
      const uri = (str(resource['uri']) ?? '').slice(0, 2_000);
      const text = str(resource['text']);
      const mimeType = str(resource['mimeType'])?.slice(0, 100);
      const room = MCP_LIMITS.resultChars - chars;
      const kept = text === undefined ? undefined : text.slice(0, Math.max(0, room));
      if (text !== undefined && kept !== undefined && kept.length < text.length) truncated = true;
      chars += kept?.length ?? 0;
      parts.push({
        type: 'resource',
        uri,
        ...(mimeType === undefined ? {} : { mimeType }),
        ...(kept === undefined ? {} : { text: kept }),
      });
    } else if (type === 'resource_link') {
      addText(`[resource link ${(str(part['uri']) ?? '').slice(0, 2_000)}]`);
    } else {
      addText(`[a ${String(type).slice(0, 40)} part Quartet does not show]`);
    }
  }
  return { content: parts, truncated };
}
