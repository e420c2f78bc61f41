import type { Clock } from '../context';
import type { Db } from '../db/types';
import { demoFinance } from './finance';
import { demoProducts } from './products';
import type { DemoAccount } from './seed';

/** Each area's demo data, seeded after the account; each step must be idempotent. */
export type DemoStep = (db: Db, account: DemoAccount, clock: Clock) => void;

export const DEMO_AREA_STEPS: DemoStep[] = [demoProducts, demoFinance];
