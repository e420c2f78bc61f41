/** The real Online Számla client over HTTP(S) for a running server (tests give their own factory or point it at the double). */
import type { Clock } from '../../context';
import { NavClient } from '../../nav/client/client';
import { nodeTransport } from '../../nav/client/transport';
import type { NavClientFactory } from './navConnection';

export function defaultNavClientFactory(clock: Clock): NavClientFactory {
  // One keep-alive transport for the process: its agents cap the sockets to NAV.
  const transport = nodeTransport();
  return (credentials, software) => new NavClient({ credentials, software, transport, clock: () => clock.now() });
}
