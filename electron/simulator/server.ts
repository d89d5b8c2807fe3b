import { createHash, timingSafeEqual } from 'node:crypto';
// The HTTP front: read, record, route, take a fault, authenticate, hand to the format, respond.
import { createServer } from 'node:http';
import { authenticate } from './auth.ts';
import { CONTROL_PREFIX, handleControl } from './control.ts';
import { invalidRequest, SimError } from './errors.ts';
import { handleChat } from './formats/chat.ts';
import { handleGenerate } from './formats/generate.ts';
import { handleMessages } from './formats/messages.ts';
import { handleResponses } from './formats/responses.ts';
import { isAllowedHostHeader } from './host-guard.ts';
import { newId } from './ids.ts';
import { handleImages } from './images.ts';
import { handleImageEdits } from './edits-endpoint.ts';
import { formBoundary, parseForm, type Form } from './multipart.ts';
import { modelListBody } from './models.ts';
import { gapDirective } from './replies.ts';
import { PACED, planPace } from './pace.ts';
import { answerWithFault, sendError, sendJson } from './respond.ts';
import { routeRequest } from './routes.ts';
import type { ServiceRoute } from './routes.ts';
import { sendSse } from './sse.ts';
import { wait } from './timing.ts';

import type { ControlDeps } from './control.ts';
import type { HandlerContext, HandlerReply, SimState } from './context.ts';
import type { FaultQueue } from './faults.ts';
import type { KeyTable } from './keys.ts';
import type { Outlet } from './respond.ts';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Fault, RecordedRequest, SimFamily, SimInterface } from './types.ts';
import { isRecord } from '../../shared/wire.ts';

export interface ServerDeps {
  /** Set once listening when bound to loopback: then only requests addressed to that port are served. */
  loopbackPort: number | undefined;
  state: SimState;
  keys: KeyTable;
  faults: FaultQueue;
  requests: RecordedRequest[];
  /** the `/__sim/` routes (faults, recorded requests, quirks); absent or secret-guarded in the app's sandbox */
  control: ControlDeps | undefined;
  /** when set, a control request must carry it in `x-quartet-sim-control` */
  controlSecret?: string | undefined;
}

// Generous for prompts with long histories, small enough that a runaway client cannot fill memory.
const MAX_BODY_BYTES = 32 * 1024 * 1024;
// Only the most recent requests are kept, so a long-running sandbox does not grow without limit.
const MAX_RECORDED = 1000;

const FAMILY_OF: Record<SimInterface, SimFamily> = {
  models: 'bearer',
  chat: 'bearer',
  responses: 'bearer',
  images: 'bearer',
  messages: 'messages',
  generate: 'generate',
};

// images encodes JPEG and WebP off the event loop, so a handler may answer later
const HANDLERS: Record<SimInterface, (ctx: HandlerContext) => HandlerReply | Promise<HandlerReply>> = {
  models: (ctx) => ({ type: 'json', body: modelListBody(ctx.caller.models) }),
  chat: handleChat,
  responses: handleResponses,
  images: handleImages,
  messages: handleMessages,
  generate: handleGenerate,
};

interface Body {
  /** the bytes as sent: a multipart form holds binary files */
  bytes: Buffer;
  text: string;
  tooLarge: boolean;
}

function readBody(req: IncomingMessage): Promise<Body> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit the rest is drained, not kept, so the 413 can still be delivered.
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => {
      const bytes = Buffer.concat(chunks);
      resolve({ bytes, text: bytes.toString('utf8'), tooLarge: size > MAX_BODY_BYTES });
    });
    req.on('error', reject);
  });
}

function recordRequest(requests: RecordedRequest[], req: IncomingMessage, body: string): void {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  requests.push({ method: req.method ?? 'GET', path: req.url ?? '/', headers, body, at: Date.now() });
  if (requests.length > MAX_RECORDED) requests.splice(0, requests.length - MAX_RECORDED);
}

function parseBody(text: string): Record<string, unknown> | SimError {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return invalidRequest('The request body is not valid JSON.');
  }
  return isRecord(value) ? value : invalidRequest('The request body must be a JSON object.');
}

async function serve(
  req: IncomingMessage,
  res: ServerResponse,
  deps: ServerDeps,
  signal: AbortSignal,
): Promise<void> {
  if (deps.loopbackPort !== undefined && !isAllowedHostHeader(req.headers.host, deps.loopbackPort)) {
    req.resume();
    sendError(res, 'bearer', { status: 403, message: 'The Host header does not name this local simulator.' });
    return;
  }
  const url = new URL(req.url ?? '/', 'http://simulator.invalid');
  const method = req.method ?? 'GET';
  const body = await readBody(req);
  if (deps.control && url.pathname.startsWith(CONTROL_PREFIX) && controlAllowed(req, deps.controlSecret)) {
    handleControl(method, url.pathname, body.text, res, deps.control);
    return;
  }
  // Prompts are kept only where a test can read them back; the app's sandbox keeps none.
  if (deps.control) recordRequest(deps.requests, req, body.text);
  const route = routeRequest(url.pathname, deps.state.quirks.acceptDoubledPath);
  if (route.kind === 'notFound') {
    sendError(res, route.family, { status: 404, message: route.message });
    return;
  }
  if (method !== route.method) {
    const message = `${method} is not allowed on ${url.pathname}; use ${route.method}.`;
    sendError(res, FAMILY_OF[route.iface], { status: 405, message }, { allow: route.method });
    return;
  }
  await serveInterface({ req, res, deps, signal, url, route, body });
}

interface Exchange {
  req: IncomingMessage;
  res: ServerResponse;
  deps: ServerDeps;
  signal: AbortSignal;
  url: URL;
  route: ServiceRoute;
  body: Body;
}

/** The request body as a multipart form (image edits), or the 4xx that says why it is not one. */
function requestForm(req: IncomingMessage, body: Body): Form | SimError {
  if (body.tooLarge) {
    return new SimError({ status: 413, message: `The request body is larger than ${MAX_BODY_BYTES} bytes.` });
  }
  const boundary = formBoundary(req.headers['content-type']);
  if (boundary === undefined) {
    return invalidRequest(
      'Image edits take a multipart/form-data body (Content-Type: multipart/form-data; boundary=...).',
    );
  }
  return parseForm(body.bytes, boundary);
}

/** The request body as a JSON object, or the 4xx that says why it is not one. */
function requestBody(route: ServiceRoute, body: Body): Record<string, unknown> | SimError {
  if (body.tooLarge) {
    return new SimError({ status: 413, message: `The request body is larger than ${MAX_BODY_BYTES} bytes.` });
  }
  if (route.method === 'GET') return {};
  const parsed = parseBody(body.text);
  if (parsed instanceof SimError) return parsed;
  const stream = parsed['stream'];
  if (stream !== undefined && stream !== null && typeof stream !== 'boolean') {
    return invalidRequest('stream must be a boolean', 'stream');
  }
  return parsed;
}

/** A `[[gap:MS]]` directive on a streamed request acts as a `slowStream` fault of MS. */
function gapFault(stream: boolean, text: string): Fault | undefined {
  if (!stream) return undefined;
  const ms = gapDirective(text);
  return ms === undefined || ms === 0 ? undefined : { kind: 'slowStream', ms };
}

async function serveInterface({ req, res, deps, signal, url, route, body }: Exchange): Promise<void> {
  const { state } = deps;
  const family = FAMILY_OF[route.iface];
  const form = route.imageEdit ? requestForm(req, body) : undefined;
  const parsed = form === undefined ? requestBody(route, body) : form instanceof SimError ? form : {};
  const stream = route.streamPath ?? (!(parsed instanceof SimError) && parsed['stream'] === true);
  // The fault is taken before any check, so a queued fault hits the next matching request whatever it holds.
  const queued = deps.faults.take(route.iface, stream, body.text) ?? gapFault(stream, body.text);
  // a queued fault wins; otherwise a paced request may draw a failure of its own
  const pace =
    queued === undefined && state.pace && PACED.has(route.iface)
      ? planPace(state.pace, state.paced++)
      : undefined;
  const fault = queued ?? pace?.fault;
  const out: Outlet = { res, signal, fault, iface: route.iface, family, quirks: state.quirks, pace };
  if (fault?.kind === 'slowHeaders') {
    await wait(fault.ms, signal);
    if (signal.aborted) return;
  }
  if (answerWithFault(out)) return;
  try {
    if (parsed instanceof SimError) throw parsed;
    const caller = authenticate(route.iface, req.headers, url, deps.keys, state.quirks);
    if (route.streamPath && url.searchParams.get('alt') !== 'sse') {
      throw invalidRequest(
        'streamGenerateContent is served as server-sent events only: add alt=sse to the query.',
      );
    }
    const ctx = { body: parsed, stream, caller, state, fault, pathModel: route.pathModel };
    const reply =
      form === undefined || form instanceof SimError
        ? await HANDLERS[route.iface](ctx)
        : await handleImageEdits(ctx, form);
    if (reply.type === 'json') await sendJson(out, reply.body);
    else await sendSse(out, reply);
  } catch (error) {
    if (!(error instanceof SimError)) throw error;
    sendError(res, error.info.family ?? family, error.info);
  }
}

export const CONTROL_SECRET_HEADER = 'x-quartet-sim-control';

function controlAllowed(req: IncomingMessage, secret: string | undefined): boolean {
  if (secret === undefined) return true;
  const given = req.headers[CONTROL_SECRET_HEADER];
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(secret).digest();
  return timingSafeEqual(a, b);
}

export function createSimServer(deps: ServerDeps): Server {
  const server = createServer({ noDelay: true }, (req, res) => {
    const requestId = newId('req_');
    res.setHeader('request-id', requestId);
    res.setHeader('x-request-id', requestId);
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    serve(req, res, deps, controller.signal).catch((error: unknown) => {
      // The client went away mid-request: nothing to answer.
      if (res.destroyed) return;
      // A bug in the simulator: answer 500 when still possible so the test sees it, else drop the socket.
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendError(res, 'bearer', { status: 500, message: `Simulator failure: ${String(error)}` });
    });
  });
  // Never time out an idle keep-alive connection here: the client then is always the side that retires
  // one, so a request can never be written onto a connection the simulator is closing at that moment
  // (with Node's 5 s default that race cost a test an extra, unrecorded attempt now and then).
  // close() still ends every connection.
  server.keepAliveTimeout = 0;
  return server;
}
