// The /media/attachment/<id> route of the browser host against the real app core: an attached file comes
// back with a type the page's origin never runs (text as text/plain, a PDF as a download), unsniffed.
import { afterEach, beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebServer, type WebServer } from '../../electron/web/server.ts';
import { encodePng } from '../../electron/simulator/png.ts';
import { createHarness, type Harness } from '../support/app-core.ts';
import { rawRequest, signIn } from './client.ts';
import { createRendererFixture, TRAVERSALS, type RendererFixture } from './fixtures.ts';

let fixture: RendererFixture;
let h: Harness;
let server: WebServer;
let cookie: string;

beforeAll(async () => {
  fixture = await createRendererFixture();
});
afterAll(() => fixture.cleanup());
beforeEach(async () => {
  h = await createHarness({ connect: false });
  server = await startWebServer({ core: h.core, staticDir: fixture.rendererDir, port: 0, log: () => {} });
  cookie = await signIn(server.port, server.url);
});
afterEach(async () => {
  await server.close();
  await h.close();
});

const get = (path: string, headers: Record<string, string> = { cookie }) =>
  rawRequest(server.port, { path, headers });

async function put(name: string, bytes: Uint8Array | string, mimeType: string) {
  return h.call('putAttachment', { name, mimeType, dataBase64: Buffer.from(bytes).toString('base64') });
}

describe('attached files through the browser host', () => {
  it('serves an image with its own type, inline', async () => {
    const image = encodePng({ width: 2, height: 2, channels: 4, pixels: Buffer.alloc(16, 9) });
    const a = await put('pic.png', image, 'image/png');
    const res = await get(`/media/attachment/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-length']).toBe(String(image.length));
    expect(res.headers['content-disposition']).toBeUndefined();
    const download = await get(`/media/attachment/${a.id}?download=1`);
    expect(download.headers['content-disposition']).toBe('attachment; filename="pic.png"');
  });

  it('serves HTML and other text as plain text in a sandbox, never as a page', async () => {
    const html = '<script>parent.document.title = "pwned"</script><h1>hi</h1>';
    const a = await put('page.html', html, 'text/html');
    const res = await get(`/media/attachment/${a.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    expect(res.body).toBe(html);
  });

  it('sends a PDF as a download named after the file', async () => {
    const a = await put('Résumé 2026.pdf', '%PDF-1.4\n%%EOF\n', 'application/pdf');
    const res = await get(`/media/attachment/${a.id}`);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum__2026.pdf"; filename*=UTF-8''${encodeURIComponent('Résumé 2026.pdf')}`,
    );
  });

  it('refuses an SVG upload outright', async () => {
    const error = await h.fail('putAttachment', {
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      dataBase64: Buffer.from('<svg onload="alert(1)"/>').toString('base64'),
    });
    expect(error.message).toMatch(/"logo.svg" cannot be attached/);
  });

  it('answers 404 for an unknown id, a traversal or no session', async () => {
    const a = await put('n.txt', 'notes', 'text/plain');
    expect((await get('/media/attachment/nope')).status).toBe(404);
    expect((await get('/media/attachment/..%2f..%2fquartet.db')).status).toBe(404);
    expect((await get('/media/attachment/../../quartet.db')).status).not.toBe(200);
    for (const target of TRAVERSALS) {
      const res = await get(`/media/attachment${target}`);
      expect(res.status).not.toBe(200);
    }
    expect((await get(`/media/attachment/${a.id}`, {})).status).toBe(401);
    expect((await get(`/media/attachment/${a.id}/x`)).status).toBe(404);
  });
});
