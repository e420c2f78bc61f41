/**
 * "Export support bundle" (issue 19): the bundle is a real .tar.gz holding the logs, the versions,
 * the settings without keys and the outbox's metadata — and, opened file by file, no API key,
 * session key, customer name, e-mail, tax number or command parameter anywhere in it.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileLogWriter } from '@main/core/support/fileLog';
import { MIRROR_MIGRATIONS } from '@main/core/mirror/migrations';
import { DEMO_KEYS, startTestServer, type TestServer } from '../helpers/server';
import { seedCatalog, startTestCore, type TestCore } from '../helpers/core';
import pkg from '../../package.json';

/** Reads a ustar archive: name → contents. */
function untar(gz: Buffer): Map<string, string> {
  const tar = gunzipSync(gz);
  const files = new Map<string, string>();
  for (let off = 0; off + 512 <= tar.length; ) {
    const h = tar.subarray(off, off + 512);
    if (h.every((b) => b === 0)) break;
    const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
    const size = parseInt(h.subarray(124, 136).toString('ascii').replace(/\0.*$/s, '').trim(), 8);
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
    expect(parseInt(h.subarray(148, 156).toString('ascii'), 8), `checksum of ${name}`).toBe(sum);
    files.set(name, tar.subarray(off + 512, off + 512 + size).toString('utf8'));
    off += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

describe('the support bundle', () => {
  let s: TestServer;
  let c: TestCore;
  let ids: number[];
  const customer = 'Kovács és Fiú Kft.';
  const supplier = 'Tisza Nagykereskedés Kft.';
  beforeAll(async () => {
    s = await startTestServer();
    ids = await seedCatalog(s.app.store, s.account.accountId, 3, s.clock.now(), { stockEvery: 1, prefix: 'Titkos' });
    c = await startTestCore(s);
  });
  afterAll(async () => {
    await c?.close();
    await s?.close();
  });

  it('holds versions, settings without keys, the outbox’s metadata and the logs — and no key, customer or parameter', async () => {
    // One entry refused (more wasted than there is), one waiting offline.
    await c.ok('stock.adjust', { productId: ids[0]!, warehouse: 'Default', quantity: -500, contactId: s.account.supplierContactId });
    await c.sync();
    c.net.offline = true;
    await c.ok('stock.takeIn', { warehouse: 'Default', contactId: s.account.customerContactId, lines: [{ productId: ids[1]!, quantity: 7, batchNo: 'BATCH-SECRET-77' }] });
    await c.sync();
    // What the core's log file holds in the app: lines that name customers and, by mistake, a key.
    const log = fileLogWriter(c.dir);
    log(`${JSON.stringify({ lvl: 'warn', msg: 'outbox entry needs attention', message: `Not enough stock for ${customer} (${supplier})` })}\n`);
    log(`${JSON.stringify({ lvl: 'error', msg: 'channel failed', message: `auth ${DEMO_KEYS.api_key} ${DEMO_KEYS.session_key}` })}\n`);

    const bundle = await c.ok('support.exportBundle', {});
    expect(bundle.filename).toMatch(/^stockdesk-support-\d{8}T\d{9}Z\.tar\.gz$/);
    const files = untar(readFileSync(bundle.path));
    expect([...files.keys()]).toEqual(['versions.json', 'settings.json', 'sync.json', 'outbox.json', 'backups.json', 'logs/core.log']);
    expect(bundle.files).toEqual([...files.keys()]);

    const versions = JSON.parse(files.get('versions.json')!);
    expect(versions).toMatchObject({ app: pkg.version, node: process.versions.node, mirror: { version: MIRROR_MIGRATIONS.length, thisDeskReadsUpTo: MIRROR_MIGRATIONS.length } });
    const settings = JSON.parse(files.get('settings.json')!);
    expect(settings).toEqual({ server: new URL(s.url).origin, format: 'json', language: 'hu', demo: false, hasCredentials: true, backup: { keep: 7, ownFolderChosen: false } });
    const outbox = JSON.parse(files.get('outbox.json')!) as Array<Record<string, unknown>>;
    expect(outbox.map((e) => [e.method, e.state, e.reason])).toEqual([['setQuantity', 'needs_attention', 'insufficient_stock'], ['setQuantity', 'retry_wait', null]]);
    expect(Object.keys(outbox[0]!).sort()).toEqual(['attempts', 'blockedBy', 'createdAt', 'errorCode', 'id', 'method', 'nextAttemptAt', 'reason', 'record', 'sent', 'state', 'updatedAt']);
    expect(files.get('logs/core.log')).toContain('Not enough stock for [contact] ([contact])');
    expect(files.get('logs/core.log')).toContain('auth [key] [key]');

    const everything = [...files.values()].join('\n');
    const contacts = await s.app.store.all<Record<string, string | null>>('SELECT name, email, tax_number FROM contacts WHERE account_id = ?', [s.account.accountId]);
    const forbidden = [DEMO_KEYS.api_key, DEMO_KEYS.session_key, 'BATCH-SECRET-77', 'Titkos', ...contacts.flatMap((r) => Object.values(r).filter((v): v is string => !!v && v.length >= 3))];
    expect(forbidden).toContain(customer);
    for (const word of forbidden) expect(everything, `the bundle must not contain “${word}”`).not.toContain(word);
  });
});
