/**
 * How a host starts the core and answers its requests — the same for the Electron shell and the
 * web harness. The core defines this protocol in src/main/core/entry.ts; this file follows it.
 */
import type { HostRequestHandler } from './coreClient';
import type { CredentialStore, Credentials } from './credentials';

export interface CoreLaunch {
  dataDir: string;
  /** The better-sqlite3 binding for the core's runtime; omitted under plain Node (node_modules has it). */
  sqliteBinding?: string;
  /**
   * Where the core keeps the API keys: 'host' asks us (Electron: safeStorage), 'file' is a 0600
   * credentials.json in the data dir (the harness: a browser has no key store to offer).
   */
  credentials: 'host' | 'file' | 'memory';
}

export function coreEnv(l: CoreLaunch): Record<string, string> {
  const env: Record<string, string> = { STOCKDESK_DATA_DIR: l.dataDir, STOCKDESK_CREDENTIALS: l.credentials };
  if (l.sqliteBinding) env.STOCKDESK_SQLITE_BINDING = l.sqliteBinding;
  return env;
}

export function coreArgs(l: CoreLaunch): string[] {
  return ['--data-dir', l.dataDir];
}

/**
 * Answers the core's `{type:'credentials', id, op:'load'|'save'|'clear', credentials?}` (its
 * hostCredentialStore in core/credentials.ts) with `{type:'credentials', id, ok, credentials? | message}`.
 */
export function credentialRequests(store: CredentialStore): Record<string, HostRequestHandler> {
  return {
    credentials: (m, reply) => {
      const answer = (body: { ok: true; credentials?: unknown } | { ok: false; message: string }) => reply({ type: 'credentials', id: m.id, ...body });
      try {
        if (m.op === 'load') return answer({ ok: true, credentials: store.load() });
        if (m.op === 'clear') return (store.clear(), answer({ ok: true }));
        if (m.op === 'save') return (store.save(m.credentials as Credentials), answer({ ok: true }));
        answer({ ok: false, message: `Unknown credentials operation ${String(m.op).slice(0, 40)}.` });
      } catch (e) {
        answer({ ok: false, message: e instanceof Error ? e.message : String(e) });
      }
    },
  };
}
