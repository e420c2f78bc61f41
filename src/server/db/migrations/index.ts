import type { Migration } from '../types';
import { m001Core } from './001_core';
import { m002Finance } from './002_finance';

/** Every migration, in order. Add new ones at the end; never edit one that has shipped. */
export const MIGRATIONS: Migration[] = [m001Core, m002Finance];
