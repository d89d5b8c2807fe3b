import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { EVENT_CHANNEL, OPERATION_NAMES, channelOf, type OperationName } from '../../shared/contract.ts';
import type { Result } from '../../shared/errors.ts';
import type { HostCore } from '../host/host-core.ts';
import { isAppUrl } from './app-origin.ts';

/**
 * The one IPC wrapper: registers every operation of the contract (and nothing else) on its channel.
 * Each call is checked for where it comes from (a live top-level frame of the app's own origin), then
 * handed to the app core, which parses the input with the operation's zod schema and never throws.
 * The call's events go back to the web contents that made it.
 */
export function setupIpc(core: HostCore, log: (message: string) => void = console.error): void {
  for (const name of OPERATION_NAMES) {
    ipcMain.handle(channelOf(name), (event, input: unknown) => handleCall(core, name, event, input, log));
  }
}

export async function handleCall(
  core: HostCore,
  name: OperationName,
  event: IpcMainInvokeEvent,
  input: unknown,
  log: (message: string) => void = console.error,
): Promise<Result<unknown>> {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null || !isAppUrl(frame.url)) {
    return {
      ok: false,
      error: { kind: 'invalid-input', message: 'Refused: the call did not come from the Quartet window.' },
    };
  }
  const sender = event.sender;
  const emit = (hostEvent: string, payload: unknown): void => {
    if (!sender.isDestroyed()) sender.send(EVENT_CHANNEL, { event: hostEvent, payload });
  };
  try {
    return await core.dispatch(name, input, { emit });
  } catch (err) {
    // Never the input in the log: setKey carries a key.
    log(`ipc: ${name} threw: ${err instanceof Error ? err.message : String(err)}`);
    return { ok: false, error: { kind: 'internal', message: 'The operation failed unexpectedly.' } };
  }
}
