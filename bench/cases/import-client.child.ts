/**
 * The desk core importing 10,000 varied products end to end, in its own process: the file's
 * preview, the commit into the outbox, and the outbox drained to the server; then the server is
 * asked (getProduct, paged by after_id) how many it has. Reports the figures over IPC.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '@main/core/api/client';
import { createCore } from '@main/core/core';
import { memoryCredentialStore } from '@main/core/credentials';
import { seededRandom } from '@main/core/random';

interface Start { url: string; keys: { api_key: string; session_key: string } }

const WORDS = ['csavar', 'szűrő', 'kalapács', 'fogó', 'kés', 'vízmérték', 'mérőszalag', 'csiszolópapír', 'ragasztó', 'tipli'];
const GROUPS = ['Kötőelemek', 'Szerszám', 'Mérőeszköz', 'Vegyi áru', ''];
const UNITS = ['db', 'csomag', 'm', 'kg', 'liter'];

const ean = (n: number) => {
  const base = String(5_991_000_000_000 / 10 + n).padStart(12, '0');
  const sum = [...base].reduce((a, d, i) => a + Number(d) * (i % 2 ? 3 : 1), 0);
  return base + ((10 - (sum % 10)) % 10);
};

/** A Hungarian CSV: `;`, BOM, decimal commas, some quoted names, some rows without EAN or group. */
export function tenThousand(n: number): string {
  const r = seededRandom(7);
  const lines = ['Cikkszám;Név;Vonalkód;Nettó ár;Beszerzési ár;ÁFA;Mennyiségi egység;Termékcsoport;Gyártó'];
  for (let i = 0; i < n; i++) {
    const w = WORDS[i % WORDS.length]!;
    const name = i % 7 === 0 ? `"${w} ""prémium""; ${i}"` : `${w[0]!.toUpperCase()}${w.slice(1)} ${Math.floor(r.next() * 100)} mm ${i}`;
    const price = (Math.floor(r.next() * 5_000_000) / 100).toFixed(2).replace('.', ',');
    const cost = i % 3 === 0 ? '' : (Math.floor(r.next() * 2_000_000) / 100).toFixed(2).replace('.', ',');
    lines.push([`BENCH-${String(i).padStart(5, '0')}`, name, i % 4 === 0 ? '' : ean(i), price, cost, [27, 18, 5, 0][i % 4], UNITS[i % UNITS.length], GROUPS[i % GROUPS.length], i % 2 ? 'Bosch' : 'Makita'].join(';'));
  }
  return '\uFEFF' + lines.join('\r\n') + '\r\n';
}

async function run(s: Start, n: number): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'stockdesk-bench-import-'));
  const core = createCore({
    dataDir: dir, random: seededRandom(1), credentialStore: memoryCredentialStore(), fetch: (u, i) => fetch(u, i),
    engine: { pullIntervalMs: 3_600_000, healthIntervalMs: 50, backoff: { baseMs: 1, capMs: 10 } },
  });
  await core.start();
  const ok = async (channel: string, request: unknown) => {
    const r = await core.invoke(channel, request);
    if (!r.ok) throw new Error(`${channel}: ${r.error.message}`);
    return r.result;
  };
  await ok('settings.update', { serverUrl: s.url, format: 'json' });
  await ok('settings.setCredentials', { apiKey: s.keys.api_key, sessionKey: s.keys.session_key });
  await core.engine.idle();

  const file = { name: 'termekek.csv', data: Buffer.from(tenThousand(n), 'utf8').toString('base64') };
  const out: Record<string, number> = {};
  const t0 = performance.now();
  const preview = (await ok('import.preview', { file })) as { counts: { create: number; invalid: number } };
  out.previewMs = performance.now() - t0;
  if (preview.counts.create !== n) throw new Error(`the preview found ${preview.counts.create} new of ${n} (${preview.counts.invalid} invalid)`);
  const t1 = performance.now();
  const result = (await ok('import.commit', { file })) as { created: number; entries: { from: number; to: number } };
  out.commitMs = performance.now() - t1;
  const t2 = performance.now();
  for (;;) {
    const p = (await ok('import.progress', result.entries)) as { waiting: number; needsAttention: number; sent: number };
    if (p.needsAttention) throw new Error(`${p.needsAttention} entries were refused`);
    if (p.waiting === 0) break;
    core.engine.kick();
    await new Promise((res) => setTimeout(res, 250));
  }
  out.drainMs = performance.now() - t2;
  out.totalMs = performance.now() - t0;

  // The server's own count, paged past its 1000 cap.
  const api = new ApiClient({ baseUrl: s.url, format: 'json', apiKey: s.keys.api_key, sessionKey: s.keys.session_key, fetch: (u, i) => fetch(u, i) });
  let after = 0;
  let onServer = 0;
  for (;;) {
    const o = await api.call('getProduct', { filter: '%', after_id: after });
    if (o.kind !== 'ok') throw new Error(`getProduct: ${o.kind}`);
    const page = o.result.products;
    onServer += page.filter((p) => p.item_number?.startsWith('BENCH-')).length;
    if (page.length === 0) break;
    after = page.at(-1)!.id;
  }
  out.onServer = onServer;
  await core.stop();
  rmSync(dir, { recursive: true, force: true });
  return out;
}

process.once('message', (m: Start & { n: number }) => {
  run(m, m.n).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (e: unknown) => process.send!({ error: (e as Error).stack ?? String(e) }, () => process.exit(1)),
  );
});
