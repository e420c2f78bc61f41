/**
 * One routing table for the Electron IPC handler and the web harness bridge: validate against the
 * contract, then hand the call to the core or to the shell. Never throws; every outcome is an
 * IpcResponse the screens know how to read.
 */
import { CHANNELS, type ChannelName, type IpcResponse } from '@shared/ipc/channels';
import { IpcError, validateRequest } from '@shared/ipc/validate';

/** The contract types `target` as 'core' | 'shell' for every channel, so the names say it (a test keeps both in step). */
export type ShellChannel = Extract<ChannelName, `shell.${string}`>;

export interface RouteDeps {
  core: (channel: ChannelName, request: unknown) => Promise<IpcResponse<unknown>>;
  shell: (channel: ShellChannel, request: unknown) => Promise<unknown>;
  log?: (message: string, error: unknown) => void;
}

export async function routeInvoke(channel: unknown, payload: unknown, deps: RouteDeps): Promise<IpcResponse<unknown>> {
  let name: ChannelName;
  let request: unknown;
  try {
    ({ channel: name, request } = validateRequest(channel, payload));
  } catch (e) {
    if (e instanceof IpcError) return { ok: false, error: e.body };
    throw e;
  }
  try {
    if (CHANNELS[name].target === 'shell') return { ok: true, result: await deps.shell(name as ShellChannel, request) };
    return await deps.core(name, request);
  } catch (e) {
    if (e instanceof IpcError) return { ok: false, error: e.body };
    (deps.log ?? console.error)(`stockdesk: ${name} failed`, e);
    // The screens show this text; the stack stays in the log.
    return { ok: false, error: { code: 'INTERNAL_ERROR', message: `${name} failed unexpectedly.`, details: [] } };
  }
}
