/**
 * A NAV double in another process (main.ts), driven through its control API (/__double/…):
 * the same test hooks as the in-process NavDouble, asynchronous.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NavDoubleOperation, NavDoubleOptions, NavFault } from './server';
import type { NavDoubleTaxpayer, NavDoubleUser } from './state';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface RemoteSnapshot {
  counts: Record<string, number>;
  trafficViolations: number;
  ledger: Record<string, Record<string, { invoiceNumber: string; transactionId: string; index: number; operation: string; status: string; insDate: string; invoiceData: string; customerTaxNumber?: string }>>;
  transactions: Array<{
    transactionId: string;
    taxNumber: string;
    insDate: string;
    annulment: boolean;
    stage: string;
    annulmentStatus?: string;
    items: Array<{ index: number; operation: string; invoiceNumber?: string; status: string; messages: Array<{ code: string; result: string; message: string }> }>;
  }>;
}

export class NavDoubleRemote {
  constructor(
    /** The service base (NAV_DOUBLE_URL). */
    readonly url: string,
    private readonly child?: ChildProcess,
  ) {}

  private get control(): string {
    return this.url.replace(/\/invoiceService\/v3\/?$/, '/__double/');
  }

  private async post(what: string, body: unknown = {}): Promise<void> {
    const res = await fetch(this.control + what, { method: 'POST', body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`NAV double control ${what}: HTTP ${res.status}`);
  }

  async snapshot(): Promise<RemoteSnapshot> {
    const res = await fetch(this.control + 'state');
    return (await res.json()) as RemoteSnapshot;
  }

  inject(operation: NavDoubleOperation | '*', fault: NavFault, times = 1) {
    return this.post('fault', { operation, fault, times });
  }
  clearFaults() {
    return this.post('clearFaults');
  }
  setMaintenance(mode: false | 'token' | 'all') {
    return this.post('maintenance', { mode });
  }
  advance() {
    return this.post('advance');
  }
  processAll() {
    return this.post('processAll');
  }
  approveAnnulments(approve = true) {
    return this.post('approveAnnulments', { approve });
  }
  resetCounts() {
    return this.post('resetCounts');
  }
  addUser(user: NavDoubleUser) {
    return this.post('user', user);
  }
  addTaxpayer(t: NavDoubleTaxpayer) {
    return this.post('taxpayer', t);
  }
  refuseBuyer(taxNumber: string) {
    return this.post('refuseBuyer', { taxNumber });
  }
  warnBuyer(taxNumber: string) {
    return this.post('warnBuyer', { taxNumber });
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((done) => {
      child.once('exit', () => done());
      child.kill('SIGTERM');
    });
  }
}

/** Starts main.ts in a child process and answers once it serves. */
export async function startNavDoubleProcess(options: NavDoubleOptions = {}): Promise<NavDoubleRemote> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/navDouble/main.ts', JSON.stringify(options)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    const timer = setTimeout(() => fail(new Error('the NAV double process did not start within 30 s')), 30_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString('utf8');
      const m = /NAV_DOUBLE_URL=(\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        done(m[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`the NAV double process exited (${code})`));
    });
  });
  return new NavDoubleRemote(url, child);
}
