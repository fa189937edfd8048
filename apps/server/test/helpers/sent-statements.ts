import pg from 'pg';

type Query = typeof pg.Client.prototype.query;

/**
 * Records the text of every statement a pg client sends (BEGIN and COMMIT included) until `stop`:
 * what a request costs the database, counted at the driver. Real PostgreSQL only (PGlite has no pg
 * client).
 */
export function recordSentStatements(): { sent: string[]; stop: () => void } {
  const sent: string[] = [];
  const query = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query')?.value as (
    this: pg.Client,
    ...args: unknown[]
  ) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, first: unknown, ...rest: unknown[]) {
    const config = first as { text?: string } | string;
    sent.push(typeof config === 'string' ? config : (config.text ?? ''));
    return query.apply(this, [first, ...rest]);
  } as Query;
  return {
    sent,
    stop: () => {
      pg.Client.prototype.query = query as Query;
    },
  };
}

/** How many transactions the statements opened. */
export const beginsIn = (statements: readonly string[]) =>
  statements.filter((text) => text.trim().toLowerCase() === 'begin').length;
