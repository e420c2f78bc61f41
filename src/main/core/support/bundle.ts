/**
 * "Export support bundle": what someone helping a desk needs, and nothing personal or secret —
 * versions, settings without keys, the outbox's metadata (method, state, attempts, reason codes,
 * times; never parameters, summaries or the server's messages, which name customers and products),
 * the backups list, and the core's logs with keys and contact details blanked out.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SupportBundle } from '@shared/ipc/backup';
import { version as APP_VERSION } from '../../../../package.json';
import { MIRROR_VERSION } from '../backup/inspect';
import { listBackups } from '../backup/take';
import type { CoreContext } from '../handlers/context';
import { stmt } from '../mirror/db';
import { LOG_FILES } from './fileLog';
import { tarGz, type TarFile } from './tar';

/** Only where the server is: no user, password, path or query that might carry a secret. */
function serverOrigin(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return 'not a valid address';
  }
}

/** Keys and every contact's name, e-mail and tax numbers, each replaced by a marker, longest first. */
export function redactor(ctx: CoreContext): (text: string) => string {
  const rows = stmt(ctx.db, 'SELECT name, email, tax_number, eu_vat_number FROM contacts').all() as Array<Record<string, string | null>>;
  const words = new Set<string>();
  for (const r of rows) for (const v of Object.values(r)) if (v && v.trim().length >= 3) words.add(v.trim());
  const secrets = ctx.secrets().filter((s) => s.length >= 3);
  const list = [...secrets.map((s) => [s, '[key]'] as const), ...[...words].map((w) => [w, '[contact]'] as const)].sort((a, b) => b[0].length - a[0].length);
  return (text) => list.reduce((t, [w, mark]) => t.split(w).join(mark), text);
}

async function serverVersion(ctx: CoreContext): Promise<string | null> {
  const api = ctx.api();
  if (!api) return null;
  const h = await api.health({ timeoutMs: 3000 });
  return h.ok ? h.version : null;
}

interface OutboxMeta {
  id: number; method: string; state: string; attempts: number; sent: number; error_code: string | null; error_reason: string | null;
  blocked_by: number | null; queue_key: string; created_at: string; updated_at: string; next_attempt_at: string | null;
}

function outboxMetadata(ctx: CoreContext) {
  const rows = stmt(ctx.db, 'SELECT id, method, state, attempts, sent, error_code, error_reason, blocked_by, queue_key, created_at, updated_at, next_attempt_at FROM outbox ORDER BY id').all() as OutboxMeta[];
  return rows.map((r) => ({
    id: r.id, method: r.method, state: r.state, attempts: r.attempts, sent: r.sent === 1, errorCode: r.error_code,
    // The reason's code only: its figures name products and places.
    reason: r.error_reason ? ((JSON.parse(r.error_reason) as { reason?: unknown }).reason ?? null) : null,
    blockedBy: r.blocked_by, record: r.queue_key.split(':')[0] ?? null, createdAt: r.created_at, updatedAt: r.updated_at, nextAttemptAt: r.next_attempt_at,
  }));
}

export async function exportSupportBundle(ctx: CoreContext): Promise<SupportBundle> {
  const now = ctx.clock.now();
  const s = ctx.settings();
  const place = ctx.backups.place();
  const status = ctx.engine.status();
  const redact = redactor(ctx);
  const json = (v: unknown) => `${JSON.stringify(v, null, 2)}\n`;
  const files: TarFile[] = [
    {
      name: 'versions.json',
      data: json({
        app: APP_VERSION, node: process.versions.node, electron: process.versions.electron ?? null, platform: process.platform, arch: process.arch,
        mirror: { version: ctx.db.pragma('user_version', { simple: true }), thisDeskReadsUpTo: MIRROR_VERSION },
        server: { version: await serverVersion(ctx).catch(() => null), capabilities: [...ctx.engine.capabilities()] },
      }),
    },
    {
      name: 'settings.json',
      data: json({ server: serverOrigin(s.serverUrl), format: s.format, language: s.language, demo: s.demo, hasCredentials: s.hasCredentials, backup: { keep: place.keep, ownFolderChosen: place.extraDir !== null } }),
    },
    {
      name: 'sync.json',
      data: json({ online: status.online, mirrored: status.mirrored, lastPullAt: status.lastPullAt, lastPushAt: status.lastPushAt, outbox: status.outbox, paused: status.paused }),
    },
    { name: 'outbox.json', data: json(outboxMetadata(ctx)) },
    { name: 'backups.json', data: json((await listBackups(place)).map((b) => ({ name: b.name, folder: b.folder, takenAt: b.takenAt, sizeBytes: b.sizeBytes, mirrorVersion: b.mirrorVersion, unsent: b.unsent, refused: b.refused, problem: b.problem }))) },
  ];
  for (const f of LOG_FILES) {
    try {
      files.push({ name: `logs/${f}`, data: redact(readFileSync(join(ctx.dataDir, 'logs', f), 'utf8')) });
    } catch {
      // No such log yet.
    }
  }
  const filename = `stockdesk-support-${now.toISOString().replace(/[-:.]/g, '')}.tar.gz`;
  const dir = join(ctx.dataDir, 'support');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, filename);
  const data = tarGz(files, now);
  writeFileSync(path, data);
  return { filename, path, sizeBytes: data.length, files: files.map((f) => f.name) };
}
