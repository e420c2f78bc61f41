/**
 * What the signed-in clerk's role allows (src/shared/protocol/roles.ts, the table the server
 * enforces): a screen whose method the role may not call is greyed out in the sidebar, its keys do
 * nothing, and its route says why. Until the server has said who the keys belong to (or when it
 * cannot: an older server), everything stays open and the server remains the judge.
 */
import { useCallback, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { refusedFor, type Role } from '@shared/protocol/roles';
import { Screen } from '../components/Screen';
import { useSyncStatus } from '../lib/ipc';
import type { ScreenDef } from './screenDef';

/** The role that may not open `screen`, or null when it may (or nobody knows yet). */
export function useRefusedRole(): (screen: ScreenDef) => Role | null {
  const clerk = useSyncStatus().data?.clerk ?? null;
  return useCallback((screen: ScreenDef) => (clerk && screen.needs && refusedFor(clerk.role, screen.needs) ? clerk.role : null), [clerk]);
}

/** The screen, or why this clerk does not get it. */
export function RoleGate({ screen, children }: { screen: ScreenDef; children: ReactNode }) {
  const { t } = useTranslation();
  const label = t as unknown as (key: string) => string;
  const refused = useRefusedRole()(screen);
  if (!refused) return <>{children}</>;
  return (
    <Screen title={label(screen.labelKey)}>
      <div className="notice warn" role="alert" data-testid="role-gate">
        {t('roles.screenRefused', { role: t(`roles.name.${refused}`) })}
      </div>
    </Screen>
  );
}
