import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fake } from './fake-electron.ts';
import { registerAppScheme, setupProtocol } from '../../electron/desktop/protocol.ts';
import { CONTENT_SECURITY_POLICY } from '../../electron/host/csp.ts';
import { createFakeCore } from '../web/fake-core.ts';
import {
  APP_JS,
  INDEX_HTML,
  PNG_BYTES,
  TRAVERSALS,
  createRendererFixture,
  type RendererFixture,
} from '../web/fixtures.ts';

vi.mock('electron', () => import('./fake-electron.ts'));

let fixture: RendererFixture;
beforeAll(async () => {
  fixture = await createRendererFixture();
});
afterAll(() => fixture.cleanup());
beforeEach(() => {
  fake.reset();
  const core = createFakeCore();
  core.images.set('img_1', { full: { path: fixture.pngPath, mime: 'image/png' } });
  core.attachments.set('att_text', {
    path: path.join(fixture.root, 'secret.txt'),
    mime: 'text/plain; charset=utf-8',
    inline: true,
    downloadName: 'page.html',
  });
  core.attachments.set('att_pdf', {
    path: fixture.pngPath,
    mime: 'application/pdf',
    inline: false,
    downloadName: 'doc.pdf',
  });
  setupProtocol({ rendererDir: fixture.rendererDir, core });
});

describe('the app:// scheme', () => {
  it('is registered as a privileged standard, secure scheme before the app is ready', () => {
    registerAppScheme();
    expect(fake.protocol.privileged).toEqual([
      { scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) },
    ]);
    expect(fake.protocol.privileged[0]?.privileges).not.toHaveProperty('bypassCSP');
    expect(fake.protocol.privileged[0]?.privileges).not.toHaveProperty('corsEnabled');
  });

  it('serves the renderer with the CSP header', async () => {
    const index = await fake.protocol.fetch('app://quartet/');
    expect(index.status).toBe(200);
    expect(await index.text()).toBe(INDEX_HTML);
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    const js = await fake.protocol.fetch('app://quartet/assets/app.js?v=1');
    expect(await js.text()).toBe(APP_JS);
    expect(js.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it.each(TRAVERSALS)('refuses %s even when the URL reaches the handler unnormalised', async (target) => {
    const res = await fake.protocol.fetchRaw(`app://quartet${target}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('secret');
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it.each(TRAVERSALS)('never leaks %s through a normalised URL either', async (target) => {
    const res = await fake.protocol.fetch(`app://quartet${target}`);
    expect([403, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('secret');
  });

  it('answers only for its own host', async () => {
    expect((await fake.protocol.fetch('app://other/index.html')).status).toBe(404);
  });

  it('serves images from the app core, with a download name on request', async () => {
    const res = await fake.protocol.fetch('app://quartet/media/image/img_1');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(PNG_BYTES);
    const dl = await fake.protocol.fetch('app://quartet/media/image/img_1?download=1');
    expect(dl.headers.get('content-disposition')).toBe('attachment; filename="quartet-img_1.png"');
    expect((await fake.protocol.fetch('app://quartet/media/thumb/img_1')).status).toBe(404);
    expect((await fake.protocol.fetch('app://quartet/media/image/..%2fsecret')).status).toBe(404);
  });

  it('serves attached files from the app core with the type it chose, unsniffed, a PDF as a download', async () => {
    const text = await fake.protocol.fetch('app://quartet/media/attachment/att_text');
    expect(text.status).toBe(200);
    expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(text.headers.get('x-content-type-options')).toBe('nosniff');
    expect(text.headers.get('content-security-policy')).toMatch(/sandbox/);
    expect(text.headers.get('content-disposition')).toBeNull();
    const pdf = await fake.protocol.fetch('app://quartet/media/attachment/att_pdf');
    expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="doc.pdf"');
    expect((await fake.protocol.fetch('app://quartet/media/attachment/nope')).status).toBe(404);
    expect((await fake.protocol.fetch('app://quartet/media/attachment/..%2fsecret')).status).toBe(404);
    expect((await fake.protocol.fetch('app://quartet/media/attachment/../../secret.txt')).status).not.toBe(
      200,
    );
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await fake.protocol.fetch('app://quartet/', { method: 'POST', body: 'x' })).status).toBe(405);
  });
});
