// The bare reference of the load bench (issue 34): Fastify and pg on the same database as the product, each route
// one query of the same data the product's route answers, no sign-in, no scope, no validation. What the product
// answers is measured as a share of this. Started as a child process by bench/load.mjs:
//   DATABASE_URL=… PORT=… node bench/lib/reference-server.mjs
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL ?? 50) });
const app = Fastify({ logger: false });
const rows = async (text, values) => (await pool.query(text, values)).rows;

await pool.query(`create table if not exists ref_orders (id bigserial primary key, client text not null,
  number text not null, body jsonb not null, unique (client, number))`);

app.get('/restaurants', async () => ({
  restaurants: await rows(
    `select restaurant, name, foodcourt, status, type, count(*) over () as total from restaurants
     order by name, restaurant limit 25`,
  ),
}));
app.get('/profile', async (req) => ({
  user: (
    await rows('select userid, name, email, phone, admin, permissions from users where userid = $1', [req.query.userid])
  )[0],
}));
app.get('/menu', async (req) => ({
  items: await rows('select * from food_items where restaurant = $1 order by foodname, foodid', [req.query.restaurant]),
}));
app.get('/orders', async () => ({
  orders: await rows('select * from orders order by placed_at desc, id desc limit 25'),
}));
app.get('/balance', async (req) => ({
  balances: await rows('select program_id, balance from loyalty_accounts where customer_ref = $1', [
    req.query.customer_ref,
  ]),
}));
app.post('/quote', async (req) => ({
  items: await rows('select foodid, price from food_items where foodid = any($1::text[])', [
    req.body.cart.lines.map((l) => l.foodid),
  ]),
}));
app.post('/ingest', async (req) => {
  const [row] = await rows(
    `insert into ref_orders (client, number, body) values ($1, $2, $3)
     on conflict (client, number) do update set number = excluded.number returning id`,
    [req.headers['x-client'] ?? '', req.body.order_number, req.body],
  );
  return { result: 'success', order: { order_id: Number(row.id) } };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
process.on('SIGTERM', async () => {
  await app.close();
  await pool.end();
  process.exit(0);
});
