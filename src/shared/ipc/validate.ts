import { issuesToDetails } from '../protocol/codec';
import { CHANNELS, isChannelName, type ChannelName, type IpcErrorBody, type ParsedRequestOf } from './channels';

export class IpcError extends Error {
  constructor(readonly body: IpcErrorBody) {
    super(body.message);
    this.name = 'IpcError';
  }
}

/** Checks a channel name and payload against the table; every receiving side calls this first. */
export function validateRequest<C extends ChannelName>(channel: unknown, payload: unknown): { channel: C; request: ParsedRequestOf<C> } {
  if (!isChannelName(channel)) {
    throw new IpcError({ code: 'VALIDATION_ERROR', message: `Unknown channel ${String(channel).slice(0, 60)}.`, details: [] });
  }
  const r = CHANNELS[channel].request.safeParse(payload ?? {});
  if (!r.success) {
    const details = issuesToDetails(r.error);
    throw new IpcError({ code: 'VALIDATION_ERROR', message: details.map((d) => (d.field ? `${d.field} ${d.message}` : d.message)).join('; '), details });
  }
  return { channel: channel as C, request: r.data as ParsedRequestOf<C> };
}
