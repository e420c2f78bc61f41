// The core as a plain Node child process (the harness has no Electron): the same entry, run through tsx.
import { fork } from 'node:child_process';
import type { CoreProcess } from '../coreClient';
import { coreArgs, coreEnv, type CoreLaunch } from '../coreLaunch';

export interface ChildCoreOptions extends CoreLaunch {
  entry: string;
  /** Extra arguments after the launch ones (tests). */
  args?: string[];
  /** Load the code and wait for {type:'activate'} (CoreClient's warm standby). */
  standby?: boolean;
}

export function spawnChildCore(o: ChildCoreOptions): CoreProcess {
  const child = fork(o.entry, [...coreArgs(o), ...(o.standby ? ['--standby'] : []), ...(o.args ?? [])], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...coreEnv(o) },
    // Structured clone like Electron's utility process: undefined, Dates and Maps survive.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    pid: child.pid,
    send: (m) => {
      if (child.connected) child.send(m as never);
    },
    onMessage: (l) => void child.on('message', l),
    onExit: (l) => void child.on('exit', (code) => l(code)),
    kill: () => void child.kill(),
  };
}
