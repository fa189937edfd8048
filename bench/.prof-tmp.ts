import autocannon from 'autocannon';
import pg from 'pg';
import { mixBodies } from './search-mix.ts';
const c = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/haoshi_bench_search_2fa15fcc' });
await c.connect();
const games = (await c.query('select array_agg(distinct game_id) as g from goods')).rows[0].g as number[];
await c.end();
const mix = mixBodies([...games].sort((a, b) => a - b));
const bodies = process.argv[2] === 'filter' ? mix.filter : mix.keyword;
let next = 0;
const result = await autocannon({
  url: 'http://127.0.0.1:8393/app/goods/list/filter', connections: 16, duration: 10,
  requests: [{ method: 'POST', headers: { 'content-type': 'application/json' }, setupRequest: (r) => ({ ...r, body: bodies[next++ % bodies.length] }) }],
});
console.log(result.requests.average, result.latency.p50, result.latency.p99, result.non2xx);
