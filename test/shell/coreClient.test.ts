// The host side of the core protocol with in-memory processes: ids, events, host requests, restarts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CoreClient, type CoreProcess } from '@main/coreClient';
import { credentialRequests } from '@main/coreLaunch';
import type { CredentialStore } from '@main/credentials';

class FakeCore implements CoreProcess {
  sent: unknown[] = [];
  killed = false;
  private msg: (m: unknown) => void = () => undefined;
  private exit: (c: number | null) => void = () => undefined;
  send(m: unknown) {
    this.sent.push(m);
  }
  onMessage(l: (m: unknown) => void) {
    this.msg = l;
  }
  onExit(l: (c: number | null) => void) {
    this.exit = l;
  }
  kill() {
    this.killed = true;
  }
  emit(m: unknown) {
    this.msg(m);
  }
  die(code: number | null) {
    this.exit(code);
  }
  lastId() {
    return (this.sent.at(-1) as { id: number }).id;
  }
}

function setup(opts: Partial<ConstructorParameters<typeof CoreClient>[0]> = {}) {
  const procs: FakeCore[] = [];
  const events: unknown[][] = [];
  const log = vi.fn();
  const client = new CoreClient({
    spawn: () => {
      const p = new FakeCore();
      procs.push(p);
      return p;
    },
    onEvent: (e, p) => events.push([e, p]),
    log,
    ...opts,
  });
  return { client, procs, events, log, current: () => procs.at(-1) as FakeCore };
}

afterEach(() => vi.useRealTimers());

describe('CoreClient', () => {
  it('matches results to calls by id, in any order', async () => {
    const { client, current } = setup();
    const a = client.invoke('settings.get', {});
    const b = client.invoke('sync.status', {});
    expect(current().sent).toEqual([
      { type: 'invoke', id: 1, channel: 'settings.get', request: {} },
      { type: 'invoke', id: 2, channel: 'sync.status', request: {} },
    ]);
    current().emit({ type: 'result', id: 2, response: { ok: true, result: 'B' } });
    current().emit({ type: 'result', id: 1, response: { ok: false, error: { code: 'OFFLINE', message: 'no server', details: [] } } });
    current().emit({ type: 'result', id: 99, response: { ok: true, result: 'stray' } });
    expect(await b).toEqual({ ok: true, result: 'B' });
    expect(await a).toEqual({ ok: false, error: { code: 'OFFLINE', message: 'no server', details: [] } });
    void client.stop();
  });

  it('normalises what the core sends: missing result is null, garbage is INTERNAL_ERROR', async () => {
    const { client, current } = setup();
    const a = client.invoke('drafts.get', { key: 'k' });
    current().emit({ type: 'result', id: current().lastId(), response: { ok: true } });
    expect(await a).toEqual({ ok: true, result: null });
    const b = client.invoke('drafts.get', { key: 'k' });
    current().emit({ type: 'result', id: current().lastId(), response: { ok: 'yes' } });
    expect(await b).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    void client.stop();
  });

  it('forwards contract events only', () => {
    const { client, current, events, log } = setup();
    current().emit({ type: 'event', event: 'outbox.changed', payload: { queued: 1 } });
    current().emit({ type: 'event', event: 'shell.exec', payload: {} });
    current().emit('not an object');
    current().emit({ type: 'mystery' });
    expect(events).toEqual([['outbox.changed', { queued: 1 }]]);
    expect(log).toHaveBeenCalledTimes(2);
    void client.stop();
  });

  it('fails the calls in flight when the core dies, restarts it with backoff and queues calls meanwhile', async () => {
    vi.useFakeTimers();
    const { client, procs, current } = setup({ restartDelaysMs: [100, 1000] });
    const inFlight = client.invoke('sync.now', {});
    procs[0]?.die(1);
    expect(await inFlight).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR', message: expect.stringMatching(/restarting/) } });

    const queued = client.invoke('settings.get', {});
    expect(procs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(procs).toHaveLength(2);
    expect(current().sent).toEqual([{ type: 'invoke', id: 2, channel: 'settings.get', request: {} }]);
    current().emit({ type: 'result', id: 2, response: { ok: true, result: 'back' } });
    expect(await queued).toEqual({ ok: true, result: 'back' });

    // A second crash in a row waits longer; the old process's late messages are ignored.
    const old = current();
    old.die(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(procs).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(procs).toHaveLength(3);
    old.die(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(procs).toHaveLength(3);
    void client.stop();
  });

  it('stops gracefully: asks the core to shut down, kills it only if it hangs, never restarts', async () => {
    vi.useFakeTimers();
    const { client, procs, current } = setup({ shutdownGraceMs: 500 });
    const pending = client.invoke('sync.now', {});
    let stopped = false;
    const stopping = client.stop().then(() => (stopped = true));
    expect(await pending).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR' } });
    expect(current().sent.at(-1)).toEqual({ type: 'shutdown' });
    expect(current().killed).toBe(false);
    current().die(0);
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(procs).toHaveLength(1);
    expect(current().killed).toBe(false);
    expect(await client.invoke('settings.get', {})).toMatchObject({ ok: false });

    const hung = setup({ shutdownGraceMs: 500 });
    const done = hung.client.stop();
    await vi.advanceTimersByTimeAsync(500);
    expect(hung.current().killed).toBe(true);
    hung.current().die(null);
    await done;
  });

  it("tells the waiting calls why the core could not start, and keeps retrying", async () => {
    vi.useFakeTimers();
    const { client, procs, current, log } = setup({ restartDelaysMs: [100] });
    const call = client.invoke('settings.get', {});
    current().emit({ type: 'ready' });
    current().emit({ type: 'fatal', message: 'better_sqlite3.node was compiled against a different Node.js version' });
    current().die(1);
    expect(await call).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR', message: expect.stringMatching(/could not start: better_sqlite3\.node/) } });
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/could not start/));
    await vi.advanceTimersByTimeAsync(100);
    expect(procs).toHaveLength(2);
    void client.stop();
  });

  it('gives up waiting after the timeout', async () => {
    vi.useFakeTimers();
    const { client } = setup({ timeoutMs: 1000 });
    const r = client.invoke('sync.now', {});
    await vi.advanceTimersByTimeAsync(1000);
    expect(await r).toMatchObject({ ok: false, error: { code: 'INTERNAL_ERROR', message: expect.stringMatching(/in time/) } });
    void client.stop();
  });

  it("answers the core's credential requests from the host store", () => {
    let saved: unknown = null;
    const store: CredentialStore = {
      load: () => saved as never,
      save: (c) => {
        if ('apiKey' in c && c.apiKey === 'refuse') throw new Error('no keyring');
        saved = c;
      },
      clear: () => (saved = null),
    };
    const { client, current } = setup({ hostRequests: credentialRequests(store) });
    const core = current();
    core.emit({ type: 'credentials', id: 1, op: 'save', credentials: { apiKey: 'k', sessionKey: 's' } });
    core.emit({ type: 'credentials', id: 2, op: 'load' });
    core.emit({ type: 'credentials', id: 3, op: 'save', credentials: { apiKey: 'refuse', sessionKey: 's' } });
    core.emit({ type: 'credentials', id: 4, op: 'clear' });
    core.emit({ type: 'credentials', id: 5, op: 'load' });
    core.emit({ type: 'credentials', id: 6, op: 'steal' });
    expect(core.sent).toEqual([
      { type: 'credentials', id: 1, ok: true },
      { type: 'credentials', id: 2, ok: true, credentials: { apiKey: 'k', sessionKey: 's' } },
      { type: 'credentials', id: 3, ok: false, message: 'no keyring' },
      { type: 'credentials', id: 4, ok: true },
      { type: 'credentials', id: 5, ok: true, credentials: null },
      { type: 'credentials', id: 6, ok: false, message: 'Unknown credentials operation steal.' },
    ]);
    void client.stop();
  });
});
