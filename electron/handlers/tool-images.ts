// A tool's images, stored as files when its call finishes: the same content-addressed store as a user's
// attachments (checked from their bytes, served by the media route, swept when no turn uses them), so
// what crosses the bridge is a reference and the page never holds an image's base64.
import { safeFileName } from '../../shared/attachments.ts';
import type { McpCallResult, McpContentPart } from '../../shared/mcp.ts';
import { decodeBase64Strict } from '../core/index.ts';
import { toAttachmentRecord } from '../store/index.ts';
import type { McpRawResult } from '../mcp/result.ts';
import { storeAttachment } from './attachment-files.ts';
import type { Services } from './services.ts';

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
};

/** The file name a tool's n-th image is kept under (shown as its name, never used as a path). */
export function toolImageName(server: string, tool: string, n: number, mimeType: string): string {
  const ext = EXTENSIONS[mimeType] ?? 'img';
  return safeFileName(`${server}-${tool}-${n}`.slice(0, 200) + `.${ext}`);
}

/**
 * The result with each image stored and replaced by its description. An image whose bytes do not hold
 * what the server declared (or do not decode) is said as a line of text instead, with why.
 */
export async function storeToolImages(s: Services, raw: McpRawResult): Promise<McpCallResult> {
  const content: McpContentPart[] = [];
  let n = 0;
  for (const part of raw.content) {
    if (part.type !== 'image') {
      content.push(part);
      continue;
    }
    n += 1;
    const bytes = decodeBase64Strict(part.dataBase64);
    if (bytes === null) {
      content.push({
        type: 'text',
        text: `[an image the server sent (${part.mimeType}) was not valid base64]`,
      });
      continue;
    }
    try {
      const row = await storeAttachment(
        s,
        toolImageName(raw.server, raw.tool, n, part.mimeType),
        part.mimeType,
        bytes,
      );
      if (row.kind !== 'image') throw new Error(`its bytes are ${row.mimeType}, not an image`);
      content.push({ type: 'image', image: toAttachmentRecord(row) });
    } catch (e) {
      s.log.info(`mcp: ${raw.server}/${raw.tool} sent an image that was not kept: ${(e as Error).message}`);
      content.push({
        type: 'text',
        text: `[an image the server sent (${part.mimeType}) could not be kept: ${(e as Error).message}]`,
      });
    }
  }
  return { ...raw, content };
}
