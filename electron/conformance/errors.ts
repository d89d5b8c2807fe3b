// Group "errors": a request with a wrong key must be refused, with an error body in the format family's
// shape (wire-notes "Errors"; the spec shows none, so a different shape is a warning).
import { endpointUrl } from '../../shared/endpoints.ts';
import type { KeyFamily } from '../../shared/formats.ts';
import { PROMPT } from './format.ts';
import { pickModel } from './models.ts';
import { authHeaders, describeAnswer, describeHttp, send, type Answer, type ProbeRequest } from './probe.ts';
import { emit } from './report.ts';
import { describeValue } from './schema.ts';
import type { Ctx } from './types.ts';
import { isRecord } from '../../shared/wire.ts';

/** No service issues this key: it only has to be refused. */
export const WRONG_KEY = 'quartet-check-wrong-key-0000000000';

const SHAPES: Record<KeyFamily, string> = {
  bearer: '{"error": {"message", "type", "param", "code"}}',
  messages: '{"type": "error", "error": {"type", "message"}}',
  generate: '{"error": {"code", "message", "status"}}',
};

const REFUSALS: Record<KeyFamily, readonly number[]> = {
  bearer: [401, 403],
  messages: [401, 403],
  // Generate content answers a bad key with 400 INVALID_ARGUMENT (API_KEY_INVALID) as well.
  generate: [400, 401, 403],
};

const MESSAGES_TYPES: Record<number, string> = { 401: 'authentication_error', 403: 'permission_error' };

/** Where the body differs from the family's error shape; empty when it matches. */
export function errorShapeProblems(family: KeyFamily, status: number, body: unknown): string[] {
  const problems: string[] = [];
  if (!isRecord(body)) return [`the body is not a JSON object`];
  const error = body['error'];
  if (!isRecord(error)) return [`"error" should be an object, got ${describeValue(error)}`];
  const need = (field: string, type: 'string' | 'integer'): void => {
    const v = error[field];
    const ok = type === 'string' ? typeof v === 'string' : typeof v === 'number' && Number.isInteger(v);
    if (!ok)
      problems.push(
        `"error.${field}" should be ${type === 'string' ? 'a string' : 'an integer'}, got ${describeValue(v)}`,
      );
  };
  switch (family) {
    case 'bearer':
      need('message', 'string');
      need('type', 'string');
      for (const field of ['param', 'code'])
        if (!(field in error)) problems.push(`"error.${field}" is missing`);
      break;
    case 'messages': {
      if (body['type'] !== 'error')
        problems.push(`"type" should be "error", got ${describeValue(body['type'])}`);
      need('type', 'string');
      need('message', 'string');
      const expected = MESSAGES_TYPES[status];
      if (expected !== undefined && typeof error['type'] === 'string' && error['type'] !== expected) {
        problems.push(`"error.type" for HTTP ${status} should be "${expected}", got "${error['type']}"`);
      }
      break;
    }
    case 'generate':
      need('code', 'integer');
      need('message', 'string');
      need('status', 'string');
      if (typeof error['code'] === 'number' && error['code'] !== status) {
        problems.push(`"error.code" should repeat the HTTP status ${status}, got ${error['code']}`);
      }
      break;
  }
  return problems;
}

export function wrongKeyVerdict(
  family: KeyFamily,
  answer: Answer,
): { status: 'pass' | 'warn' | 'fail' | 'info'; detail: string } {
  if (answer.kind === 'failed')
    return { status: 'info', detail: `could not tell: ${describeAnswer(answer)}` };
  if (answer.status >= 200 && answer.status < 300) {
    return {
      status: 'fail',
      detail: `expected a wrong key to be refused by ${answer.where}; got HTTP ${answer.status}: the service accepted a key it never issued`,
    };
  }
  const warnings: string[] = [];
  if (!REFUSALS[family].includes(answer.status)) {
    warnings.push(
      `expected HTTP ${REFUSALS[family].join(' or ')} for a wrong key; got ${describeHttp(answer)}`,
    );
  }
  const shape =
    answer.json === undefined
      ? ['the body is not JSON']
      : errorShapeProblems(family, answer.status, answer.json);
  if (shape.length > 0) warnings.push(`expected an error body ${SHAPES[family]}; ${shape.join(', ')}`);
  if (warnings.length > 0) return { status: 'warn', detail: warnings.join('; ') };
  return {
    status: 'pass',
    detail: `a wrong key is refused with ${describeHttp(answer)}, in the shape ${SHAPES[family]}`,
  };
}

function modelFor(ctx: Ctx, kind: 'chat' | 'messages' | 'generate', fallback: string): string {
  const pick = pickModel(ctx, kind);
  return pick.ok ? pick.id : fallback;
}

export async function checkErrors(ctx: Ctx): Promise<void> {
  const probes: Array<{ family: KeyFamily; name: string; req: ProbeRequest }> = [
    {
      family: 'bearer',
      name: 'Wrong key (Bearer family)',
      req: {
        method: 'POST',
        url: endpointUrl(ctx.root, 'chat'),
        headers: authHeaders('bearer', WRONG_KEY),
        body: { model: modelFor(ctx, 'chat', 'gpt-5-mini'), messages: [{ role: 'user', content: PROMPT }] },
      },
    },
    {
      family: 'messages',
      name: 'Wrong key (Messages)',
      req: {
        method: 'POST',
        url: endpointUrl(ctx.root, 'messages'),
        headers: authHeaders('messages', WRONG_KEY),
        body: {
          model: modelFor(ctx, 'messages', 'claude-haiku-4-5'),
          max_tokens: 16,
          messages: [{ role: 'user', content: PROMPT }],
        },
      },
    },
    {
      family: 'generate',
      name: 'Wrong key (Generate Content)',
      req: {
        method: 'POST',
        url: endpointUrl(ctx.root, 'generate', { model: modelFor(ctx, 'generate', 'gemini-2.5-flash') }),
        queryKey: WRONG_KEY,
        body: { contents: [{ role: 'user', parts: [{ text: PROMPT }] }] },
      },
    },
  ];
  for (const probe of probes) {
    const answer = await send(ctx, probe.req);
    const v = wrongKeyVerdict(probe.family, answer);
    emit(ctx, 'errors', probe.family, probe.name, v.status, v.detail);
  }
}
