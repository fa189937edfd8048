/**
 * The ceiling of bench/search.ts: bare Fastify + pg answering a primary-key lookup of a listing,
 * with no plugins, no validation and no envelope. Started by search.ts as its own process.
 */
import Fastify from 'fastify';
import pg from 'pg';

const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
const maxId = Number(process.env.MAX_ID);
if (!url || !port || !maxId) throw new Error('DATABASE_URL, PORT and MAX_ID are required');

const pool = new pg.Pool({ connectionString: url, max: 10 });
const app = Fastify({ logger: false });
app.get('/pk', async () => {
  const id = 1 + Math.floor(Math.random() * maxId);
  const { rows } = await pool.query<{ id: string; title: string; price: string; status: string }>({
    name: 'pk',
    text: 'select id, title, price, status from goods where id = $1',
    values: [id],
  });
  return { err_code: 0, data: rows[0] ?? null };
});
await app.listen({ host: '127.0.0.1', port });
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
