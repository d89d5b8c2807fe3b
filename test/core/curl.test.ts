import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote, toCurl } from '../../shared/curl.ts';
import type { Exchange } from '../../shared/exchange.ts';

const base: Exchange = {
  id: 'x',
  interface: 'chat',
  method: 'POST',
  url: 'https://svc.example/v1/chat/completions',
  requestHeaders: { 'Content-Type': 'application/json', Authorization: 'Bearer ••••abcd' },
  requestBody: JSON.stringify({
    model: 'm',
    messages: [{ role: 'user', content: 'it\'s a "test" $HOME `x`' }],
  }),
  streamed: false,
  attempts: 1,
  startedAt: 0,
  timings: {},
};

/** What a POSIX shell makes of the command: the argv curl would get. */
function argv(cmd: string, env: Record<string, string> = {}): string[] {
  const script = `set -- ${cmd.replace(/^curl/, '').replace(/\\\n/g, ' ')}; for a in "$@"; do printf '%s\\0' "$a"; done`;
  const out = execFileSync('sh', ['-c', script], {
    env: { PATH: process.env['PATH'] ?? '', ...env },
    encoding: 'utf8',
  });
  return out.split('\0').slice(0, -1);
}

describe('toCurl', () => {
  it('Bearer: the key from $QUARTET_CHAT_API_KEY, the body intact through the shell', () => {
    const cmd = toCurl(base);
    expect(cmd).toContain('-H "Authorization: Bearer $QUARTET_CHAT_API_KEY"');
    expect(cmd).not.toContain('••••');
    const args = argv(cmd, { QUARTET_CHAT_API_KEY: 'real' });
    expect(args).toEqual([
      '-X',
      'POST',
      'https://svc.example/v1/chat/completions',
      '-H',
      'Content-Type: application/json',
      '-H',
      'Authorization: Bearer real',
      '--data-raw',
      base.requestBody,
    ]);
  });

  it('messages: x-api-key from $QUARTET_MESSAGES_API_KEY, version header kept', () => {
    const cmd = toCurl({
      ...base,
      interface: 'messages',
      url: 'https://svc.example/v1/messages',
      requestHeaders: {
        'Content-Type': 'application/json',
        'x-api-key': '••••2222',
        'anthropic-version': '2023-06-01',
      },
      streamed: true,
    });
    expect(cmd.startsWith('curl -N -X POST')).toBe(true);
    expect(cmd).not.toContain('••••');
    expect(argv(cmd, { QUARTET_MESSAGES_API_KEY: 'mk' })).toEqual(
      expect.arrayContaining(['x-api-key: mk', 'anthropic-version: 2023-06-01']),
    );
  });

  it('a model id with shell-special characters reaches curl as written, even in an interactive bash', () => {
    const model = `gem!ni-$(touch pwned)-\`id\`-it's-!!-"q"`;
    const url = `https://svc.example/v1beta/models/${model}:generateContent?key=••••9876`;
    const cmd = toCurl({ ...base, interface: 'generate', url, requestHeaders: {} });
    // An interactive bash reading the pasted command performs history expansion on `!`.
    const script = `curl() { printf '%s\\0' "$@"; }\n${cmd}\n`;
    const out = execFileSync('bash', ['--norc', '--noprofile', '-i'], {
      input: script,
      env: { PATH: process.env['PATH'] ?? '', QUARTET_GENERATE_API_KEY: 'gk', HOME: '/nonexistent' },
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    expect(out.split('\0')).toContain(url.replace('••••9876', 'gk'));
  });

  it('generate: key=$QUARTET_GENERATE_API_KEY beside a single-quoted URL, the redacted key gone', () => {
    const cmd = toCurl({
      ...base,
      interface: 'generate',
      url: 'https://svc.example/v1beta/models/g:streamGenerateContent?alt=sse&key=••••9876',
      requestHeaders: { 'Content-Type': 'application/json' },
    });
    expect(cmd).toContain(
      `'https://svc.example/v1beta/models/g:streamGenerateContent?alt=sse&key='"$QUARTET_GENERATE_API_KEY"`,
    );
    expect(cmd).not.toContain('••••');
    expect(argv(cmd, { QUARTET_GENERATE_API_KEY: 'a b' })[2]).toBe(
      'https://svc.example/v1beta/models/g:streamGenerateContent?alt=sse&key=a b',
    );
  });

  it('GET without a body for the model list', () => {
    const cmd = toCurl({
      ...base,
      interface: 'models',
      method: 'GET',
      url: 'https://svc.example/v1/models',
      requestHeaders: { Authorization: 'Bearer ••••abcd' },
    });
    expect(cmd).toBe(
      'curl \'https://svc.example/v1/models\' \\\n  -H "Authorization: Bearer $QUARTET_CHAT_API_KEY"',
    );
  });

  it('shellQuote survives single quotes', () => {
    expect(argv(`x ${shellQuote("a'b'' c")}`)).toEqual(['x', "a'b'' c"]);
  });
});
