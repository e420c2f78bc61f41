import { describe, expect, it } from 'vitest';
import { toNumberedParams as rewrite } from '@server/db/postgres/placeholders';

/** The rewrite without the statement id (tested on its own below). */
const toNumberedParams = (sql: string) => {
  const { text, params } = rewrite(sql);
  return { text, params };
};

describe('? → $n placeholder rewrite', () => {
  it('numbers the placeholders in order', () => {
    expect(toNumberedParams('SELECT * FROM t WHERE a = ? AND b IN (?, ?)')).toEqual({ text: 'SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)', params: 3 });
  });

  it('leaves a statement without placeholders as it is', () => {
    expect(toNumberedParams('SELECT 1')).toEqual({ text: 'SELECT 1', params: 0 });
  });

  it('ignores ? inside string literals, doubled quotes included', () => {
    expect(toNumberedParams("SELECT 'what?', 'it''s ?', ? FROM t")).toEqual({ text: "SELECT 'what?', 'it''s ?', $1 FROM t", params: 1 });
  });

  it('ignores ? inside E-strings with backslash escapes', () => {
    expect(toNumberedParams("SELECT E'a\\'?', ?")).toEqual({ text: "SELECT E'a\\'?', $1", params: 1 });
  });

  it('ignores ? inside quoted identifiers', () => {
    expect(toNumberedParams('SELECT "odd?name" FROM t WHERE x = ?')).toEqual({ text: 'SELECT "odd?name" FROM t WHERE x = $1', params: 1 });
  });

  it('ignores ? inside line and (nested) block comments', () => {
    const sql = 'SELECT ? -- why?\n, /* a ? /* nested ? */ still ? */ ?';
    expect(toNumberedParams(sql)).toEqual({ text: 'SELECT $1 -- why?\n, /* a ? /* nested ? */ still ? */ $2', params: 2 });
  });

  it('ignores ? inside dollar-quoted bodies, tagged or not', () => {
    const sql = "CREATE FUNCTION f() RETURNS text AS $fn$ SELECT 'x?' || ? $fn$ LANGUAGE sql; SELECT $$?$$, ?";
    expect(toNumberedParams(sql)).toEqual({ text: "CREATE FUNCTION f() RETURNS text AS $fn$ SELECT 'x?' || ? $fn$ LANGUAGE sql; SELECT $$?$$, $1", params: 1 });
  });

  it('is not fooled by identifiers with $ or an unterminated literal', () => {
    expect(toNumberedParams('SELECT a$b, ? FROM t')).toEqual({ text: 'SELECT a$b, $1 FROM t', params: 1 });
    expect(toNumberedParams("SELECT ?, 'open ?")).toEqual({ text: "SELECT $1, 'open ?", params: 1 });
  });

  it('gives each statement text one id of its own, the same every time', () => {
    const a = rewrite('SELECT ? AS a');
    const b = rewrite('SELECT ? AS b');
    expect(rewrite('SELECT ? AS a').id).toBe(a.id);
    expect(b.id).not.toBe(a.id);
  });
});
