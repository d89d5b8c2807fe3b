import { describe, expect, it } from 'vitest';
import { describeErrorBody } from '../../electron/core/index.ts';
import { createServiceClient, ApiError } from '../../electron/core/index.ts';
import { describeError } from '../../shared/errors.ts';
import { fakeFetch, json, text } from './helpers/fake-fetch.ts';
import { failure } from './helpers/failure.ts';

describe('describeErrorBody', () => {
  it('reads the Bearer-family shape', () => {
    expect(
      describeErrorBody(
        404,
        'application/json',
        JSON.stringify({
          error: {
            message: 'Unsupported value',
            type: 'invalid_request_error',
            param: 'temperature',
            code: 'unsupported_value',
          },
        }),
      ),
    ).toEqual({
      message: 'Unsupported value (param: temperature)',
      vendorType: 'invalid_request_error',
      vendorCode: 'unsupported_value',
    });
  });

  it('reads the messages shape', () => {
    expect(
      describeErrorBody(
        529,
        'application/json',
        JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }),
      ),
    ).toEqual({ message: 'Overloaded', vendorType: 'overloaded_error' });
  });

  it('reads the generate-content shape', () => {
    expect(
      describeErrorBody(
        400,
        'application/json',
        JSON.stringify({ error: { code: 400, message: 'API key not valid.', status: 'INVALID_ARGUMENT' } }),
      ),
    ).toEqual({ message: 'API key not valid.', vendorType: 'INVALID_ARGUMENT', vendorCode: '400' });
  });

  it('turns an HTML gateway page into its title', () => {
    const html =
      '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
    expect(describeErrorBody(502, 'text/html', html)).toEqual({
      message: "the gateway answered with an HTML page: '502 Bad Gateway'",
      snippet: '502 Bad Gateway',
    });
  });

  it('strips tags from an HTML page without a title', () => {
    const r = describeErrorBody(
      504,
      '',
      '<html><body><h1>Gateway &amp; Timeout</h1><script>x()</script><p>try later</p></body></html>',
    );
    expect(r.message).toBe("the gateway answered with an HTML page: 'Gateway & Timeout try later'");
  });

  it('quotes plain text and names an empty body', () => {
    expect(
      describeErrorBody(503, 'text/plain', 'upstream connect error or disconnect/reset before headers'),
    ).toEqual({
      message:
        "the service answered with plain text: 'upstream connect error or disconnect/reset before headers'",
      snippet: 'upstream connect error or disconnect/reset before headers',
    });
    expect(describeErrorBody(502, '', '').message).toBe(
      'the service answered with an empty body (HTTP 502 Bad Gateway)',
    );
  });

  it('shows unexpected JSON', () => {
    expect(describeErrorBody(500, 'application/json', '{"oops":true}').message).toMatch(
      /unexpected JSON: \{"oops":true\}/,
    );
  });

  it('cuts a long text body to a short snippet', () => {
    const r = describeErrorBody(500, 'text/plain', 'x'.repeat(5000));
    expect(r.snippet!.length).toBeLessThanOrEqual(120);
  });
});

describe('HTTP errors as the user sees them', () => {
  const client = (reply: Response) =>
    createServiceClient({
      baseUrl: 'http://127.0.0.1:1',
      keys: { default: 'key-0123456789' },
      fetch: fakeFetch(reply).fetch,
      maxRetries: 0,
    });
  const send = (c: ReturnType<typeof client>) =>
    c.sendTurn({
      format: 'chat',
      model: 'm',
      history: [{ id: 'u', role: 'user', text: 'hi', status: 'complete', createdAt: 0 }],
      params: { stream: false },
    });

  it('one line with the interface, the status and the service message', async () => {
    const e = await send(
      client(
        json(
          {
            error: {
              message: 'Incorrect API key provided',
              type: 'invalid_request_error',
              param: null,
              code: 'invalid_api_key',
            },
          },
          401,
          { 'x-request-id': 'req_123' },
        ),
      ),
    ).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    const info = (e as ApiError).info;
    expect(info).toMatchObject({
      kind: 'http',
      interface: 'chat',
      status: 401,
      vendorType: 'invalid_request_error',
      vendorCode: 'invalid_api_key',
      requestId: 'req_123',
      attempts: 1,
    });
    expect(describeError(info)).toBe('chat: HTTP 401 (invalid_request_error): Incorrect API key provided');
  });

  it('an HTML 502 page', async () => {
    const e = await failure(
      send(client(text('<html><head><title>502 Bad Gateway</title></head></html>', 502, 'text/html'))),
    );
    expect(describeError(e.info)).toBe(
      "chat: HTTP 502: the gateway answered with an HTML page: '502 Bad Gateway'",
    );
    expect(e.exchange?.responseBody).toContain('502 Bad Gateway');
  });

  it('a 200 body that is not JSON', async () => {
    const e = await failure(send(client(text('<html>hello</html>', 200, 'text/html'))));
    expect(e.info).toMatchObject({ kind: 'invalid-response', interface: 'chat' });
    expect(e.info.message).toMatch(/not JSON/);
  });
});
