// Runs the core in an Electron utility process (a Node environment without the main process's powers).
import { utilityProcess } from 'electron';
import type { EventName } from '@shared/ipc/channels';
import { CoreClient, type CoreProcess } from './coreClient';
import { coreArgs, coreEnv, credentialRequests, type CoreLaunch } from './coreLaunch';
import type { CredentialStore } from './credentials';

export interface CoreHostOptions extends Omit<CoreLaunch, 'credentials'> {
  entry: string;
  credentials: CredentialStore;
  onEvent: (event: EventName, payload: unknown) => void;
}

export function startCoreHost(o: CoreHostOptions): CoreClient {
  const spawn = ({ standby }: { standby: boolean }): CoreProcess => {
    const child = utilityProcess.fork(o.entry, [...coreArgs({ ...o, credentials: 'host' }), ...(standby ? ['--standby'] : [])], {
      serviceName: 'Stockdesk core',
      env: { ...process.env, ...coreEnv({ ...o, credentials: 'host' }) },
      stdio: 'inherit',
    });
    return {
      pid: child.pid,
      send: (m) => child.postMessage(m),
      onMessage: (l) => void child.on('message', l),
      onExit: (l) => void child.on('exit', l),
      kill: () => void child.kill(),
    };
  };
  // No warm standby here: the shipped core is bundled JavaScript, not loaded through tsx, and a
  // second utility process costs memory on every desk; CoreClient restarts a crashed core at once.
  return new CoreClient({ spawn, onEvent: o.onEvent, hostRequests: credentialRequests(o.credentials) });
}
