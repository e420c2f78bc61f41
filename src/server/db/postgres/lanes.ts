/**
 * Statements outside a transaction share a few pipelined connections ("lanes") instead of taking a
 * connection from the pool one statement at a time.
 *
 * On loopback most of a statement's cost is the write that wakes a backend and the answers that wake
 * the server (docs/postgres.md, "Speed"). The statements that requests submit in one turn of the
 * event loop go to the same lane and leave in one write at the end of the turn (setImmediate): the
 * backend is woken once for all of them, and their answers come back together. Nothing waits longer
 * than the turn it was submitted in.
 *
 * Why it is safe: outside a transaction every statement is its own transaction (each keeps its own
 * Sync in pg's pipeline mode, so one's error never touches the next), and none leaves anything on its
 * session: no SET, no session advisory lock, no temp table. Those run in transactions, on a
 * connection of the pool.
 *
 * A slow statement holds up those behind it on its lane. So a lane that has left a write unanswered
 * for longer than `stallMs` takes nothing new, and when every lane is held up that way the statement
 * goes to the pool instead (`use` answers undefined): one account's long report never stalls
 * another's stock reads for more than that.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';

type Corkable = { cork(): void; uncork(): void };

/** One write to the socket: when it left, and how many of its statements are still unanswered. */
interface Flight {
  at: number;
  left: number;
}

interface Lane {
  client: pg.Client;
  ready: Promise<pg.Client>;
  stream?: Corkable;
  /** Statements submitted in this turn, in the corked socket, each to learn its write when it leaves. */
  held: Array<{ flight?: Flight }>;
  /** Writes not wholly answered, oldest first. */
  flights: Flight[];
  /** Set once the connection is up: until then the lane is a last resort, not an idle lane. */
  connected?: boolean;
  /** Set once the connection failed: the lane is replaced at its next use. */
  lost?: Error;
}

export interface LaneOptions {
  /** Lanes (connections) to open, lazily (default 2). */
  count?: number;
  /** At most this many statements go in one write (default 32). */
  batch?: number;
  /** A lane whose oldest write has waited this long for its answers takes nothing new (default 25 ms). */
  stallMs?: number;
}

export interface Lanes {
  /**
   * Runs `send` on a lane's connection: every statement it submits leaves with the others of this
   * turn. Undefined (send not run) when every lane is held up by a slow statement.
   */
  use<T>(send: (client: pg.Client) => Promise<T>): Promise<T> | undefined;
  end(): Promise<void>;
}

export function openLanes(config: pg.ClientConfig, opts: LaneOptions = {}): Lanes {
  const count = opts.count ?? 2;
  const batch = opts.batch ?? 32;
  const stallMs = opts.stallMs ?? 25;
  const lanes: Array<Lane | undefined> = new Array(count).fill(undefined);
  let ended = false;

  const write = (lane: Lane) => {
    if (lane.held.length === 0) return;
    const flight: Flight = { at: performance.now(), left: lane.held.length };
    for (const h of lane.held) h.flight = flight;
    lane.flights.push(flight);
    lane.held = [];
    lane.stream!.uncork();
  };

  /** Counts every statement of the lane's connection from submission to answer (or failure). */
  const counted = (lane: Lane) => {
    // The class's own query, looked up at each call (so that whoever wraps it for a test sees these too).
    const proto = Object.getPrototypeOf(lane.client) as { query: (...args: unknown[]) => Promise<unknown> };
    const submit = (...args: unknown[]) => proto.query.apply(lane.client, args);
    return (...args: unknown[]) => {
      lane.stream ??= (lane.client as unknown as { connection: { stream: Corkable } }).connection.stream;
      if (lane.held.length === 0) {
        // pg corks and uncorks around each statement; that nests inside this one.
        lane.stream.cork();
        setImmediate(() => write(lane));
      }
      const mark: { flight?: Flight } = {};
      lane.held.push(mark);
      const answered = () => {
        const f = mark.flight;
        if (f) {
          if (--f.left === 0) lane.flights.splice(lane.flights.indexOf(f), 1);
          return;
        }
        // Failed before it was written (pg refused it at submission).
        lane.held.splice(lane.held.indexOf(mark), 1);
        if (lane.held.length === 0) lane.stream!.uncork();
      };
      // Every statement comes as a pg.Query with its callback (store.ts, pair.ts): pg answers
      // through the callback and returns the query itself.
      const q = args[0] as { submit?: unknown; callback?: (...a: unknown[]) => void } | undefined;
      if (!q || typeof q.submit !== 'function' || typeof q.callback !== 'function') {
        answered();
        throw new TypeError('a lane takes statements as pg.Query objects with a callback');
      }
      const callback = q.callback;
      q.callback = (...a: unknown[]) => {
        answered();
        callback(...a);
      };
      return submit(...args);
    };
  };

  const open = (i: number): Lane => {
    const client = new pg.Client({ ...config, pipeline: true } as pg.ClientConfig);
    const lane: Lane = { client, ready: client.connect().then(() => client), held: [], flights: [] };
    (client as unknown as { query: unknown }).query = counted(lane);
    // An unheard 'error' would end the process. A lost connection fails its own statements (pg
    // rejects them), and the lane is replaced at its next use.
    const lose = (e: Error) => {
      lane.lost ??= e;
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('the connection to PostgreSQL ended')));
    lane.ready.then(() => {
      lane.connected = true;
    }, lose);
    lanes[i] = lane;
    return lane;
  };

  const load = (lane: Lane) => lane.held.length + lane.flights.reduce((n, f) => n + f.left, 0);

  /**
   * The lane gathering in this turn while it has room; else an idle lane; else a new one while there
   * are fewer than `count`; else the least loaded; a lane still connecting only when no other is up.
   * Never a lane held up by a slow statement.
   */
  const pick = (): Lane | undefined => {
    const now = performance.now();
    let best: Lane | undefined;
    let connecting: Lane | undefined;
    let free = -1;
    for (let i = 0; i < count; i++) {
      const lane = lanes[i];
      if (lane?.lost) {
        void lane.client.end().catch(() => undefined);
        lanes[i] = undefined;
      }
      if (!lanes[i]) {
        if (free < 0) free = i;
        continue;
      }
      if (!lane!.connected) {
        connecting ??= lane;
        continue;
      }
      if (lane!.flights.length > 0 && now - lane!.flights[0]!.at > stallMs) continue;
      if (lane!.held.length > 0 && lane!.held.length < batch) return lane;
      if (!best || load(lane!) < load(best)) best = lane;
    }
    if (best && load(best) === 0) return best;
    if (free >= 0) return open(free);
    return best ?? connecting;
  };

  return {
    use(send) {
      if (ended) return Promise.reject(new Error('the store is closed'));
      const lane = pick();
      return lane && lane.ready.then(send);
    },
    async end() {
      ended = true;
      await Promise.all(lanes.map((l) => l?.client.end().catch(() => undefined)));
    },
  };
}
