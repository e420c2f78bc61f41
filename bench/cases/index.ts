import type { BenchCase } from '../lib/types';
import { codecCases } from './codec';
import { coreMirror } from './core';
import { deskNetwork } from './desk-network';
import { importCase } from './import';
import { moneyTotals } from './money';
import { rendererCase } from './renderer';
import { serverProduct } from './server-product';
import { serverFinance } from './server-finance';
import { serverHostile } from './hostile';
import { liveCase } from './live';
import { livePgCase } from './live-pg';
import { serverPgHaproxy } from './server-pg-haproxy';
import { serverPgProduct } from './server-engines';
import { historyCase } from './history';

/** Every benchmark `npm run bench` knows; append new cases here. */
export const cases: BenchCase[] = [moneyTotals, serverProduct, ...codecCases, serverFinance, coreMirror, deskNetwork, rendererCase, serverHostile, serverPgProduct, serverPgHaproxy, liveCase, livePgCase, importCase, historyCase];
