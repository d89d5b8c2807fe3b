// Seeding a data folder directly through the store repositories (no service calls), for the benchmarks.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openStore, type Store } from '../../electron/store/index.ts';
import type { ImageRow } from '../../electron/store/images-repo.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import type { TextFormat } from '../../shared/formats.ts';

const WORDS = (
  'otter river stone maple harbour lantern quartz meadow signal cobalt falcon ember glacier orchard ' +
  'pepper saffron tundra violet willow zephyr anchor beacon canyon delta echo fjord garnet hazel iris ' +
  'juniper kelp lagoon mirage nectar onyx prairie quill raven sierra thistle umber vertex walnut yarrow'
).split(' ');

/** Deterministic pseudo-random words: message i always has the same text. */
function sentence(seed: number, words: number): string {
  const out: string[] = [];
  let x = seed * 2654435761;
  for (let i = 0; i < words; i++) {
    x = (x ^ (x >>> 13)) * 1274126177;
    x = x >>> 0;
    out.push(WORDS[x % WORDS.length]!);
  }
  return out.join(' ');
}

/** About `bytes` of Markdown with a code block every few messages. */
export function messageText(i: number, bytes: number): string {
  const body = sentence(i + 1, Math.max(3, Math.round(bytes / 7)));
  if (i % 4 !== 3) return `Message ${i}: ${body}`;
  const code = [
    '```ts',
    `function step${i}(x: number): number {`,
    `  return x * ${i % 97} + 1;`,
    '}',
    '```',
  ].join('\n');
  return `Message ${i}: ${body.slice(0, Math.max(10, bytes - code.length - 20))}\n\n${code}`;
}

export function openDataStore(dataDir: string): Store {
  return openStore(path.join(dataDir, 'quartet.db'));
}

/** Inserts `conversations` conversations of `perConversation` turns each; returns their ids. */
export function seedConversations(
  store: Store,
  opts: {
    conversations: number;
    perConversation: number;
    bytesPerMessage: number;
    format?: TextFormat;
    title?: string;
  },
): string[] {
  const ids: string[] = [];
  const format = opts.format ?? 'chat';
  const t0 = Date.now() - 86_400_000;
  let n = 0;
  store.transaction(() => {
    for (let c = 0; c < opts.conversations; c++) {
      const id = randomUUID();
      ids.push(id);
      store.conversations.insert({
        id,
        format,
        model: 'gpt-5-mini',
        title: opts.title ?? `Seeded conversation ${c}`,
        origin: 'chat',
        params: { stream: true },
        createdAt: t0 + c,
        updatedAt: t0 + c,
      });
      for (let m = 0; m < opts.perConversation; m++) {
        const role = m % 2 === 0 ? 'user' : 'assistant';
        store.messages.append(id, {
          id: randomUUID(),
          role,
          text: messageText(n++, opts.bytesPerMessage),
          status: 'complete',
          ...(role === 'assistant' ? { model: 'gpt-5-mini' } : {}),
          createdAt: t0 + n,
        });
      }
    }
  });
  return ids;
}

/** One real 1536x1024 PNG (a gradient, so it is not trivially small). */
export function bigPng(): Buffer {
  const width = 1536;
  const height = 1024;
  const pixels = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      pixels[o] = x & 255;
      pixels[o + 1] = y & 255;
      pixels[o + 2] = (x ^ y) & 255;
    }
  }
  return encodePng({ width, height, channels: 3, pixels });
}

/** `count` image rows, each with its own copy of one PNG file in images/. */
export async function seedImages(store: Store, dataDir: string, count: number): Promise<number> {
  const png = bigPng();
  await mkdir(path.join(dataDir, 'images'), { recursive: true });
  const first = path.join(dataDir, 'images', 'seed-source.png');
  await writeFile(first, png);
  const t0 = Date.now() - 3_600_000;
  const rows: ImageRow[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const rel = `images/${id}.png`;
    await copyFile(first, path.join(dataDir, rel));
    rows.push({
      id,
      batchId: randomUUID(),
      filePath: rel,
      prompt: `Seeded image ${i}`,
      model: 'gpt-image-1',
      format: 'png' as const,
      source: 'images' as const,
      requestedSize: '1536x1024',
      reportedSize: '1536x1024',
      width: 1536,
      height: 1024,
      sizeAdjusted: false,
      bytes: png.length,
      createdAt: t0 + i,
    });
  }
  store.transaction(() => {
    for (const row of rows) store.images.insert(row);
  });
  const { rm } = await import('node:fs/promises');
  await rm(first);
  return png.length;
}

/** A small real PNG (`width`x`height`), its colour drawn from `seed`, so the mixed gallery's files differ. */
function smallPng(seed: number, width = 96, height = 64): Buffer {
  const pixels = new Uint8Array(width * height * 3);
  const [r, g, b] = [(seed * 67) & 255, (seed * 151) & 255, (seed * 23) & 255];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      pixels[o] = (r + x) & 255;
      pixels[o + 1] = (g + y) & 255;
      pixels[o + 2] = b;
    }
  }
  return encodePng({ width, height, channels: 3, pixels });
}

/**
 * `count` images of every source the gallery shows, in turn: the images endpoint, the responses tool and
 * generate output (each linked to a turn of a seeded conversation of its format), and edits whose parent
 * is an earlier image (so lineages are several deep). Each row has its own small real PNG file.
 */
export async function seedMixedImages(store: Store, dataDir: string, count: number): Promise<void> {
  const [responsesId] = seedConversations(store, {
    conversations: 1,
    perConversation: 20,
    bytesPerMessage: 40,
    format: 'responses',
    title: 'Bench: image tool',
  });
  const [generateId] = seedConversations(store, {
    conversations: 1,
    perConversation: 20,
    bytesPerMessage: 40,
    format: 'generate',
    title: 'Bench: image output',
  });
  const replies = (conversationId: string): string[] =>
    (
      store.db
        .prepare(
          "SELECT id FROM messages WHERE conversation_id = ? AND role = 'assistant' ORDER BY created_at",
        )
        .all(conversationId) as { id: string }[]
    ).map((r) => r.id);
  const turns = { responses: replies(responsesId!), generate: replies(generateId!) };
  await mkdir(path.join(dataDir, 'images'), { recursive: true });
  const t0 = Date.now() - 3_600_000;
  const rows: ImageRow[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const rel = `images/${id}.png`;
    const png = smallPng(i);
    await writeFile(path.join(dataDir, rel), png);
    const source = (['images', 'responses', 'generate', 'edit'] as const)[i % 4]!;
    const linked =
      source === 'responses' || source === 'generate'
        ? {
            conversationId: source === 'responses' ? responsesId! : generateId!,
            messageId: turns[source][i % turns[source].length]!,
          }
        : {};
    // an edit of the image made just before it (itself possibly an edit): lineages several deep
    const parent = source === 'edit' ? { parentId: rows[i - 1]!.id } : {};
    rows.push({
      id,
      batchId: randomUUID(),
      filePath: rel,
      prompt: `Seeded ${source} image ${i}`,
      model: source === 'generate' ? 'gemini-2.5-flash-image' : 'gpt-image-1',
      format: 'png' as const,
      source,
      requestedSize: '96x64',
      reportedSize: '96x64',
      width: 96,
      height: 64,
      sizeAdjusted: false,
      bytes: png.length,
      createdAt: t0 + i,
      settings: { size: '96x64', quality: 'low' },
      ...linked,
      ...parent,
    });
  }
  store.transaction(() => {
    for (const row of rows) store.images.insert(row);
  });
}
