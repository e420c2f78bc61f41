/**
 * Schema and pragma variants of one tree, measured in ONE process in interleaved short bursts
 * (dispatchVariants.ts bundles and runs it): each variant has its own database file, and the
 * variants take turns every `sliceMs`, so a change in the machine's load (other engineers' tests)
 * falls on all of them alike, which rotating whole processes could not promise on a busy machine.
 * A variant is `name:what`, `what` a '&'-joined list of `drop=index`, `pragma=name value`,
 * `nofeed` (the change-feed triggers dropped), `mergefeed` (a move's feed row written by the ledger's
 * trigger), `exec=SQL`. Prints one JSON line.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { openServerDb, systemClock } from '@server/app';
import { seedDemo } from '@server/demo/seed';
import { defaultConfig } from '@server/config';
import { dispatch, type DispatchDeps } from '@server/http/dispatch';
import { sqliteStore } from '@server/db/sqlite/store';
import type { Db } from '@server/db/types';

function apply(db: Db, what: string): void {
  for (const part of what.split('&').filter(Boolean)) {
    const [k, v = ''] = part.split('=');
    if (k === 'drop') db.exec(`DROP INDEX ${v}`);
    else if (k === 'pragma') db.pragma(v.replace(' ', ' = '));
    else if (k === 'nofeed') for (const { name } of db.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'feed_%'").all() as { name: string }[]) db.exec(`DROP TRIGGER ${name}`);
    else if (k === 'mergefeed') {
      // The stock move's feed row written by the ledger's own trigger instead of a trigger of its own.
      const level = (db.prepare("SELECT sql FROM sqlite_master WHERE name = 'stock_moves_level_ai'").get() as { sql: string }).sql;
      db.exec('DROP TRIGGER feed_stock_moves_ai; DROP TRIGGER stock_moves_level_ai');
      db.exec(level.replace(/END\s*$/, "INSERT INTO feed_changes (account_id, tx, at_s, kind, ref_id, warehouse_id, stock_label, invoice_id) VALUES (new.account_id, 0, unixepoch(), 'stock', new.product_id, new.warehouse_id, new.stock_label, NULL); END"));
    } else if (k === 'exec') db.exec(v);
    else throw new Error(`unknown variant part ${part}`);
  }
}

async function main(): Promise<void> {
  const [kind = 'setQuantity', seconds = '12', sliceMs = '250', ...specs] = process.argv.slice(2);
  const dir = mkdtempSync(join(tmpdir(), 'sd-variants-'));
  const variants = await Promise.all(specs.map(async (spec, i) => {
    const [name, what = ''] = spec.split(':');
    const db = openServerDb(join(dir, `v${i}.db`));
    const { account, keys } = await seedDemo(db, systemClock);
    apply(db, what);
    const deps = { db: sqliteStore(db), clock: systemClock, config: defaultConfig({ dbPath: join(dir, `v${i}.db`) }), log: pino({ level: 'silent' }), services: { kickMail: () => {} } } as unknown as DispatchDeps;
    const body = Buffer.from(kind === 'getQuantity'
      ? JSON.stringify({ getQuantity: { ...keys, product_id: 1, warehouse: '*' } })
      : JSON.stringify({ setQuantity: { ...keys, product_id: 1, quantity: 1, contact_id: account.supplierContactId, warehouse: 'Default', stock_label: 'A-01' } }));
    return { name: name!, db, deps, body, n: 0, us: 0 };
  }));
  const burst = async (v: (typeof variants)[number], ms: number) => {
    let n = 0;
    const end = Date.now() + ms;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (Date.now() < end) {
        const out = await dispatch(v.deps, 'product', v.body, 'application/json');
        if ((out as { status: number }).status !== 200) throw new Error(`${v.name}: HTTP ${(out as { status: number }).status}`);
        n++;
      }
    }));
    return n;
  };
  for (const v of variants) await burst(v, 1000);
  const end = Date.now() + Number(seconds) * 1000;
  for (let turn = 0; Date.now() < end; turn++) {
    // Each turn starts at another variant, so none always follows the same one.
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(turn + k) % variants.length]!;
      const c0 = process.cpuUsage();
      const n = await burst(v, Number(sliceMs));
      const c = process.cpuUsage(c0);
      v.n += n;
      v.us += c.user + c.system;
    }
  }
  console.log(JSON.stringify(variants.map((v) => ({ name: v.name, n: v.n, usPerReq: v.us / v.n }))));
  for (const v of variants) v.db.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
