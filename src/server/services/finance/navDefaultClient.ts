/** The real Online Számla client over HTTPS, for a running server (tests give their own factory). */
import type { Clock } from '../../context';
import { NavError } from '../../nav/client/errors';
import type { NavClientApi } from '../../nav/client/types';
import type { NavClientFactory } from './navConnection';

export function defaultNavClientFactory(_clock: Clock): NavClientFactory {
  // Replaced by the protocol client once it is merged (branch navproto).
  return () => {
    const fail = async (): Promise<never> => { throw new NavError('network', 'this build has no NAV protocol client'); };
    return new Proxy({}, { get: () => fail }) as NavClientApi;
  };
}
