/**
 * SQL is written once with SQLite's positional `?`; PostgreSQL numbers its parameters ($1, $2, …).
 * The rewrite numbers every `?` outside string literals ('…', E'…', $tag$…$tag$), quoted identifiers
 * ("…") and comments (-- …, nested /* … *\/), so a `?` inside text stays text.
 *
 * PostgreSQL's own `?` operators (jsonb `?`, `?|`, `?&`) cannot be written through this interface:
 * use jsonb_exists / jsonb_exists_any / jsonb_exists_all instead.
 */

export interface Rewritten {
  text: string;
  /** How many placeholders the statement has: the number of parameters it must be given. */
  params: number;
  /** Unique to this text for the life of the process: the name of its prepared statement. */
  id: number;
}

const cache = new Map<string, Rewritten>();
const CACHE_LIMIT = 2000;
// Never reused, even after the cache is cleared: a connection may still hold a statement prepared
// under an old id, and pg refuses to prepare another text under a name it already knows.
let nextId = 1;

/** Rewrites `?` to $1, $2, … (cached: a program has a bounded set of statement texts). */
export function toNumberedParams(sql: string): Rewritten {
  let hit = cache.get(sql);
  if (!hit) {
    hit = { ...rewrite(sql), id: nextId++ };
    if (cache.size >= CACHE_LIMIT) cache.clear();
    cache.set(sql, hit);
  }
  return hit;
}

function rewrite(sql: string): Omit<Rewritten, 'id'> {
  let out = '';
  let n = 0;
  let i = 0;
  let from = 0; // start of the stretch not yet copied to out
  const len = sql.length;
  while (i < len) {
    const c = sql[i]!;
    if (c === '?') {
      out += sql.slice(from, i) + '$' + ++n;
      from = ++i;
    } else if (c === "'") {
      // E'…' strings take backslash escapes; standard strings only the doubled quote.
      const escapes = i > 0 && (sql[i - 1] === 'E' || sql[i - 1] === 'e') && !isWordChar(sql[i - 2]);
      i = skipQuoted(sql, i, "'", escapes);
    } else if (c === '"') {
      i = skipQuoted(sql, i, '"', false);
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? len : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      i = skipBlockComment(sql, i);
    } else if (c === '$' && !isWordChar(sql[i - 1])) {
      i = skipDollarQuoted(sql, i);
    } else {
      i++;
    }
  }
  return { text: n === 0 ? sql : out + sql.slice(from), params: n };
}

function isWordChar(c: string | undefined): boolean {
  return c !== undefined && /[A-Za-z0-9_$]/.test(c);
}

/** Index just past the closing quote of the literal opened at `start` (or the end of the text). */
function skipQuoted(sql: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i];
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote) {
      if (sql[i + 1] === quote) i += 2; // doubled quote: part of the literal
      else return i + 1;
    } else i++;
  }
  return i;
}

function skipBlockComment(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth++;
      i += 2;
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  return i;
}

/** `$tag$ … $tag$` (tag possibly empty); a `$` that does not open one (e.g. `$1`) is skipped alone. */
function skipDollarQuoted(sql: string, start: number): number {
  const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(start, start + 65));
  if (!m) return start + 1;
  const tag = m[0];
  const end = sql.indexOf(tag, start + tag.length);
  return end < 0 ? sql.length : end + tag.length;
}
