import type { Migration } from '@sqlite/types';
import { m001Catalog } from './001_catalog';
import { m002Outbox } from './002_outbox';
import { m003Documents } from './003_documents';
import { m004Local } from './004_local';
import { m005SearchPrefixes } from './005_search_prefixes';
import { m006StaleInvoices } from './006_stale_invoices';
import { m007OutboxSummaryData } from './007_outbox_summary_data';
import { m008CountLineBins } from './008_count_line_bins';
import { m009OutboxReason } from './009_outbox_reason';
import { m010StockHistory } from './010_stock_history';
import { m011Reorder } from './011_reorder';
import { m012OutboxClerk } from './012_outbox_clerk';
import { m013ServerOrders } from './013_server_orders';

/** The mirror's migrations, in order. Add new ones at the end; never edit one that has shipped. */
export const MIRROR_MIGRATIONS: Migration[] = [
  m001Catalog,
  m002Outbox,
  m003Documents,
  m004Local,
  m005SearchPrefixes,
  m006StaleInvoices,
  m007OutboxSummaryData,
  m008CountLineBins,
  m009OutboxReason,
  m010StockHistory,
  m011Reorder,
  m012OutboxClerk,
  m013ServerOrders,
];

/** The mirror version this build writes: it opens every mirror up to it, upgrading older ones. */
export const MIRROR_VERSION = MIRROR_MIGRATIONS.length;

/**
 * The oldest mirror version this build still upgrades: 0, as long as every migration is kept.
 * Raise it only if old migrations are ever dropped; the release feed carries it (docs/desktop-shell.md, "Updates").
 */
export const MIRROR_MIGRATES_FROM = 0;
