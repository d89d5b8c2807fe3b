// The local simulator of the model-access compatibility service: the app's offline sandbox, the
// engine of `quartet simulate`, and the server every integration test talks to.
import { FaultQueue } from './faults.ts';
import { DEFAULT_SIM_KEYS, keyTable } from './keys.ts';
import { DEFAULT_QUIRKS } from './quirks.ts';
import { isLoopbackHost } from './host-guard.ts';
import { createSimServer } from './server.ts';
import { SignatureBook } from './signatures.ts';
import type { SimState } from './context.ts';
import type { ServerDeps } from './server.ts';
import type { AddressInfo } from 'node:net';
import type { RecordedRequest, RunningSimulator, SimQuirks, SimulatorOptions } from './types.ts';

export { DEFAULT_SIM_KEYS, SANDBOX_KEY } from './keys.ts';
export { SIM_MODELS } from './models.ts';
export { DEFAULT_QUIRKS } from './quirks.ts';
export { REFUSAL_EXPLANATION, simulatedReply } from './replies.ts';
export { attachmentSentence, type ReceivedAttachment } from './attachments/received.ts';
export { readImageInfo, type ImageInfo } from './attachments/image-size.ts';
export {
  callDirective,
  RESULT_SHOWN_CHARS as TOOL_RESULT_SHOWN_CHARS,
  toolResultsSentence,
  type ReceivedResult,
} from './tools/plan.ts';
export type {
  Fault,
  FaultAction,
  FaultController,
  FaultKind,
  FaultMatch,
  RecordedRequest,
  RunningSimulator,
  SimFamily,
  SimInterface,
  SimKeyGroup,
  SimQuirks,
  SimulatorOptions,
} from './types.ts';

export async function startSimulator(opts: SimulatorOptions = {}): Promise<RunningSimulator> {
  const host = opts.host ?? '127.0.0.1';
  const state: SimState = {
    signatures: new SignatureBook(opts.signatureSecret),
    responses: new Map(),
    images: new Map(),
    quirks: { ...DEFAULT_QUIRKS, ...opts.quirks },
    imageSizeAdjust: opts.imageSizeAdjust ?? true,
  };
  const faults = new FaultQueue();
  const requests: RecordedRequest[] = [];
  const setQuirks = (q: Partial<SimQuirks>): void => {
    state.quirks = { ...state.quirks, ...q };
  };
  const deps: ServerDeps = {
    loopbackPort: undefined,
    state,
    keys: keyTable(opts.keys ?? DEFAULT_SIM_KEYS),
    faults,
    requests,
    control:
      (opts.controlRoutes ?? true) !== false
        ? { faults, requests, setQuirks, quirks: () => ({ ...state.quirks }) }
        : undefined,
    controlSecret: typeof opts.controlRoutes === 'object' ? opts.controlRoutes.secret : undefined,
  };
  const server = createSimServer(deps);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  // Bound to all interfaces on purpose (e.g. a LAN demo) there is no single right Host to insist on.
  if (isLoopbackHost(host)) deps.loopbackPort = port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost}:${port}`,
    port,
    faults,
    requests,
    setQuirks,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Stalled streams and keep-alive sockets would otherwise hold close() open forever.
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
