import { describe, expect, it } from 'vitest';
import { allEndpoints, endpointUrl, normaliseBaseUrl } from '../../shared/endpoints.ts';
import { interfaceOfPath } from '../../shared/wire.ts';

// Every form users paste reduces to one root; the final addresses never double or drop a segment.
const ACCEPTED: [input: string, root: string][] = [
  ['https://api.example.com', 'https://api.example.com'],
  ['https://api.example.com/', 'https://api.example.com'],
  ['https://api.example.com/v1', 'https://api.example.com'],
  ['https://api.example.com/v1/', 'https://api.example.com'],
  ['https://api.example.com/v1beta', 'https://api.example.com'],
  ['https://api.example.com/v1beta/', 'https://api.example.com'],
  ['https://api.example.com/V1', 'https://api.example.com'],
  ['https://host.example/gateway', 'https://host.example/gateway'],
  ['https://host.example/gateway/', 'https://host.example/gateway'],
  ['https://host.example/gateway/v1', 'https://host.example/gateway'],
  ['https://host.example/gateway/v1beta/', 'https://host.example/gateway'],
  ['https://host.example/a/b/c/v1', 'https://host.example/a/b/c'],
  ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
  ['http://127.0.0.1:8080/v1/', 'http://127.0.0.1:8080'],
  ['http://localhost:3000/proxy/v1', 'http://localhost:3000/proxy'],
  ['https://api.example.com:443/v1', 'https://api.example.com'],
  ['https://api.example.com//v1//', 'https://api.example.com'],
  ['https://api.example.com//gateway//v1beta', 'https://api.example.com/gateway'],
  ['  https://api.example.com/v1  ', 'https://api.example.com'],
  ['HTTPS://API.EXAMPLE.COM/v1', 'https://api.example.com'],
  ['http://[::1]:9000/v1', 'http://[::1]:9000'],
  ['https://host.example/v1x', 'https://host.example/v1x'],
];

const REFUSED: [input: string, mentions: RegExp][] = [
  ['', /empty/],
  ['   ', /empty/],
  ['not a url', /not a URL/],
  ['api.example.com/v1', /not a URL/],
  ['ftp://files.example.com', /http:\/\/ or https:\/\//],
  ['file:///etc/passwd', /http:\/\/ or https:\/\//],
  ['https://user:secret@api.example.com', /user name or password/],
  ['https://api.example.com/v1?key=abc', /query/],
  ['https://api.example.com/v1#frag', /fragment/],
];

describe('normaliseBaseUrl', () => {
  it.each(ACCEPTED)('%s -> %s', (input, root) => {
    expect(normaliseBaseUrl(input)).toEqual({ ok: true, root });
  });

  it.each(REFUSED)('refuses %j', (input, mentions) => {
    const r = normaliseBaseUrl(input);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(mentions);
  });

  it('strips only one trailing version segment (a prefix may legitimately be /v1)', () => {
    expect(normaliseBaseUrl('https://host.example/v1/v1')).toEqual({
      ok: true,
      root: 'https://host.example/v1',
    });
  });

  it('never echoes a password in its refusal', () => {
    const r = normaliseBaseUrl('https://user:hunter2-secret@api.example.com');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).not.toContain('hunter2');
  });
});

describe('endpointUrl', () => {
  it.each(ACCEPTED)('derives every interface once from %s', (input) => {
    const r = normaliseBaseUrl(input);
    if (!r.ok) throw new Error(r.message);
    const all = allEndpoints(r.root, 'gemini-2.5-pro');
    expect(all.models).toBe(`${r.root}/v1/models`);
    expect(all.chat).toBe(`${r.root}/v1/chat/completions`);
    expect(all.responses).toBe(`${r.root}/v1/responses`);
    expect(all.images).toBe(`${r.root}/v1/images/generations`);
    expect(all.messages).toBe(`${r.root}/v1/messages`);
    expect(all.generate).toBe(`${r.root}/v1beta/models/gemini-2.5-pro:generateContent`);
    for (const url of Object.values(all)) {
      expect(url).not.toMatch(/\/v1(beta)?\/v1(beta)?\//);
      expect(url.slice('https://'.length)).not.toContain('//');
    }
  });

  it('uses the streaming method for generate content', () => {
    expect(endpointUrl('https://h', 'generate', { model: 'm', stream: true })).toBe(
      'https://h/v1beta/models/m:streamGenerateContent?alt=sse',
    );
  });

  it('encodes the model as one path segment', () => {
    expect(endpointUrl('https://h', 'generate', { model: 'org/model x:1%' })).toBe(
      'https://h/v1beta/models/org%2Fmodel%20x%3A1%25:generateContent',
    );
  });
});

describe('a whole endpoint pasted as the base address', () => {
  it.each([
    ['https://api.example.com/v1/chat/completions', 'https://api.example.com', 'Chat Completions'],
    ['https://api.example.com/proxy/v1/responses/', 'https://api.example.com/proxy', 'Responses'],
    ['https://api.example.com/v1/messages', 'https://api.example.com', 'Messages'],
    ['https://h.example/v1/images/generations', 'https://h.example', 'Images'],
    [
      'https://h.example/v1beta/models/gemini-2.5-flash:generateContent',
      'https://h.example',
      'Generate Content',
    ],
    [
      'https://h.example/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
      'https://h.example',
      'Generate Content',
    ],
    ['https://h.example/v1/models', 'https://h.example', 'model list'],
  ])('%s is reduced to its base, and says so', (pasted, root, name) => {
    const r = normaliseBaseUrl(pasted);
    expect(r).toMatchObject({ ok: true, root });
    if (!r.ok) return;
    expect(r.note).toContain(`the ${name} endpoint`);
    expect(r.note).toContain(root);
    // nothing is doubled once the interfaces' paths are added
    for (const url of Object.values(allEndpoints(r.root, 'm')))
      expect(url).not.toMatch(/(v1|v1beta)\/.*\1\//);
    expect(allEndpoints(r.root, 'm').chat).toBe(`${root}/v1/chat/completions`);
  });

  it('drops a key pasted in the query and says where keys go', () => {
    const r = normaliseBaseUrl('https://h.example/v1beta/models/g:generateContent?key=AIza-secret');
    expect(r.ok && r.root).toBe('https://h.example');
    expect(r.ok && r.note).toContain('key slots');
    expect(JSON.stringify(r)).not.toContain('AIza-secret');
  });

  it('a plain base is not reported as reduced', () => {
    expect(normaliseBaseUrl('https://h.example/v1')).toEqual({ ok: true, root: 'https://h.example' });
  });

  it('the preview shows {model} as written, not percent-encoded', () => {
    expect(allEndpoints('https://h').generate).toBe('https://h/v1beta/models/{model}:generateContent');
  });
});

describe('which interface an address belongs to', () => {
  it('reads back the interface of every final address, under a path prefix too', () => {
    for (const root of ['http://127.0.0.1:1', 'https://gw.example/prefix']) {
      for (const [iface, url] of Object.entries(allEndpoints(root, 'gemini-2.5-flash'))) {
        expect(interfaceOfPath(url), url).toBe(iface);
      }
      expect(interfaceOfPath(endpointUrl(root, 'generate', { model: 'm', stream: true }))).toBe('generate');
    }
  });
});
