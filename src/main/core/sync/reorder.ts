/**
 * Pulls the reorder rules (extension getReorderRules) into the mirror: every rule, each pull, as the
 * list is small and the server's incoming figures change with every purchase order and receipt.
 */
import type { Capability, ReorderRule } from '@shared/protocol';
import type { ApiClient } from '../api/client';
import type { Db } from '../mirror/db';
import { replaceRules } from '../mirror/reorder';
import { setKv } from '../mirror/settings';

export async function pullReorderRules(d: { db: Db; api: Pick<ApiClient, 'call'>; caps: Set<Capability> }): Promise<void> {
  if (!d.caps.has('getReorderRules')) return;
  const rules: ReorderRule[] = [];
  let serverTime: string | null = null;
  for (let after = 0; ;) {
    const o = await d.api.call('getReorderRules', { after_id: after });
    if (o.kind !== 'ok') throw new Error(`reading the reorder rules failed: ${o.message}`);
    serverTime ??= o.result.server_time;
    rules.push(...o.result.rules);
    if (!o.result.more || o.result.rules.length === 0) break;
    after = o.result.last_id;
  }
  d.db.transaction(() => {
    replaceRules(d.db, rules);
    setKv(d.db, 'sync_state', 'reorderRulesAt', serverTime);
  })();
}
