import type { BenchCase } from '../lib/types';
import { codecCases } from './codec';
import { moneyTotals } from './money';

/** Every benchmark `npm run bench` knows; append new cases here. */
export const cases: BenchCase[] = [moneyTotals, ...codecCases];
