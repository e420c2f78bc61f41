import type { ServerConfig } from '../config';
import type { Clock } from '../context';
import type { Sql } from '../db/sql';
import { demoFinance } from './finance';
import { demoProducts } from './products';
import type { DemoAccount } from './seed';

/** The server settings the demo data must follow: its documents are numbered in the configured series. */
export type DemoConfig = Pick<ServerConfig, 'invoicePrefix' | 'proformaPrefix'>;

/** Each area's demo data, seeded after the account; each step must be idempotent. */
export type DemoStep = (db: Sql, account: DemoAccount, clock: Clock, config: DemoConfig) => Promise<void>;

export const DEMO_AREA_STEPS: DemoStep[] = [demoProducts, demoFinance];
