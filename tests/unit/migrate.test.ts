import { describe, expect, it } from 'vitest';
import { splitStatements } from '../../src/server/platform/db/migrate';

describe('splitStatements', () => {
  it('splits plain statements and drops comment-only pieces', () => {
    const sql = `-- Users.\nCREATE TABLE a (id INT);\nCREATE INDEX a_id ON a (id);\n-- trailing note\n`;
    expect(splitStatements(sql)).toEqual(['-- Users.\nCREATE TABLE a (id INT)', 'CREATE INDEX a_id ON a (id)']);
  });

  it('keeps a dollar-quoted function body, semicolons and all, in one statement', () => {
    const body = `$$\nBEGIN\n  PERFORM pg_notify('c', '*');\n  RETURN NULL;\nEND;\n$$`;
    const fn = `CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS ${body}`;
    expect(splitStatements(`${fn};\nCREATE TRIGGER t AFTER UPDATE ON a FOR EACH ROW EXECUTE FUNCTION f();`)).toEqual([
      fn,
      'CREATE TRIGGER t AFTER UPDATE ON a FOR EACH ROW EXECUTE FUNCTION f()',
    ]);
  });

  it('matches a tagged body only to its own closing tag', () => {
    const fn = `CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $body$ SELECT $$a;b$$ $body$`;
    expect(splitStatements(`${fn}; SELECT 1;`)).toEqual([fn, 'SELECT 1']);
  });

  it('does not split inside strings, quoted names or comments', () => {
    const sql = `INSERT INTO "x;y" VALUES ('a;b', 'it''s;', E'\\';') /* c; /* nested; */ d; */;\nSELECT 2 -- e;\n;`;
    expect(splitStatements(sql)).toEqual([`INSERT INTO "x;y" VALUES ('a;b', 'it''s;', E'\\';') /* c; /* nested; */ d; */`, 'SELECT 2 -- e;']);
  });

  it('treats $1 and dollars inside names as code, not quotes', () => {
    expect(splitStatements('SELECT $1; SELECT a$b$ FROM t;')).toEqual(['SELECT $1', 'SELECT a$b$ FROM t']);
  });

  it('refuses an unterminated body rather than running half of it', () => {
    expect(() => splitStatements('CREATE FUNCTION f() AS $$ BEGIN; END;')).toThrow(/unterminated/);
  });
});
