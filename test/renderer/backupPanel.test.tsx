// @vitest-environment jsdom
/**
 * Settings' backup panel (jsdom, FakeApi): the list says what each backup holds in the clerk's
 * language; one from a newer desk or an unreadable one says so and cannot be restored; the restore
 * dialog shows what the backup holds before anything happens, and only the confirm asks the core,
 * by folder and name; a mirror set aside as damaged is announced.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackupInfo } from '@shared/ipc';
import { BackupPanel } from '@renderer/screens/system/settings/BackupPanel';
import { FakeApi } from './fakeApi';
import { renderScreen } from './render';

afterEach(cleanup);

const backup = (over: Partial<BackupInfo>): BackupInfo => ({
  name: 'mirror-20261122T090000000Z-manual.db', folder: 'data', takenAt: '2026-11-22T09:00:00.000Z', reason: 'manual', sizeBytes: 3 * 1024 * 1024,
  mirrorVersion: 9, unsent: 2, refused: 1, newer: false, problem: null, ...over,
});

function setup(backups: BackupInfo[], over: Partial<FakeApi['backups']> = {}) {
  const api = new FakeApi();
  api.backups = { ...api.backups, backups, ...over };
  return { ...renderScreen(<BackupPanel />, { api, language: 'hu' }), user: userEvent.setup() };
}

describe('backup panel', () => {
  it('lists what each backup holds; a newer desk’s backup and an unreadable one cannot be restored', async () => {
    setup([
      backup({ name: 'mirror-20991231T000000000Z-daily.db', reason: 'daily', mirrorVersion: 12, newer: true, unsent: 0, refused: 0 }),
      backup({}),
      backup({ name: 'mirror-20261121T090000000Z-daily.db', folder: 'extra', reason: 'daily', mirrorVersion: null, problem: 'its integrity check failed: page 4 is never used' }),
    ]);
    const rows = within(await screen.findByTestId('backup-list')).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('Újabb Stockdesk mentése (12. adatverzió; ez a Stockdesk legfeljebb a(z) 9. verziót olvassa)');
    expect(within(rows[0]!).getByTestId('backup-restore')).toHaveProperty('disabled', true);
    expect(rows[1]!.textContent).toContain('2 el nem küldött, 1 elutasított');
    expect(rows[1]!.textContent).toContain('Kézi');
    expect(within(rows[1]!).getByTestId('backup-restore')).toHaveProperty('disabled', false);
    expect(rows[2]!.textContent).toContain('Nem olvasható');
    expect(within(rows[2]!).getByTestId('backup-unreadable').getAttribute('title')).toBe('Ez a mentés sérült (az épségellenőrzés hibát talált).');
    expect(rows[2]!.textContent).toContain('Saját mappa');
    expect(within(rows[2]!).getByTestId('backup-restore')).toHaveProperty('disabled', true);
  });

  it('shows what the backup holds before restoring, and restores by folder and name only when confirmed', async () => {
    const { api, user } = setup([backup({})]);
    await user.click(await screen.findByTestId('backup-restore'));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByTestId('restore-unsent').textContent).toBe('El nem küldött módosítások: 2');
    expect(within(dialog).getByTestId('restore-refused').textContent).toBe('A szerver által elutasított, Önre váró módosítások: 1');
    expect(api.callsOf('backup.restore')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Visszaállítás' }));
    await screen.findByTestId('backup-restored');
    expect(api.callsOf('backup.restore')).toEqual([{ folder: 'data', name: 'mirror-20261122T090000000Z-manual.db' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('announces a mirror set aside as damaged, and a failed copy to the clerk’s folder', async () => {
    setup([backup({})], { damagedMirror: 'damaged-20261122T090000000Z.db', extraError: 'The backup could not be copied to /mnt/share: ENOENT' });
    expect((await screen.findByTestId('backup-damaged')).textContent).toContain('damaged-20261122T090000000Z.db');
    // The core's words and Node's error code never reach a Hungarian screen: the path and the reason in words.
    expect(screen.getByTestId('backup-extra-error').textContent).toBe('A saját mappába másolás nem sikerült: /mnt/share: a mappa nincs meg, vagy nem érhető el.');
  });
});
