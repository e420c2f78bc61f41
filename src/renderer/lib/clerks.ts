/** The screens' side of the desk's clerks (issue 19): their names, and the commands that change who is signed in. */
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ClerkView, RequestOf } from '@shared/ipc';
import { channelKey, invalidate, useCommand } from './ipc';

/** A clerk's name as the screens say it: the account's own session has none; an upgraded desk may not know it yet. */
export function useClerkName(): (c: Pick<ClerkView, 'name' | 'role'>) => string {
  const { t } = useTranslation();
  return useCallback((c) => c.name ?? (c.role ? t('clerks.noName') : t('clerks.unnamed')), [t]);
}

/** A clerk command's answer is the new list: the cache takes it, the status bar and settings read again. */
export function useClerksCommand<C extends 'clerks.add' | 'clerks.remove' | 'clerks.switch'>(channel: C) {
  const client = useQueryClient();
  const command = useCommand(channel);
  return {
    ...command,
    run: (request: RequestOf<C>, onDone?: (list: ClerkView[]) => void) =>
      command.mutateAsync(request).then((list) => {
        client.setQueryData<ClerkView[]>(channelKey('clerks.list', {}), list as ClerkView[]);
        void invalidate(client, ['sync.status', 'settings.get', 'outbox.list']);
        onDone?.(list as ClerkView[]);
      }, () => undefined),
  };
}

