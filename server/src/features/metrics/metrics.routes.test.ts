import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../../test/test-app';
import { useTestContext } from '../../test/test-context';
import { createTestUser } from '../../test/test-users';
import { addToCart } from '../cart/cart.fixtures';
import { insertMedicine, setStock } from '../medicines/medicines.fixtures';

const TOKEN = 'metrics-token-for-the-tests';

const ctx = useTestContext({ metricsToken: TOKEN });

const scrape = (authorization?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

/** The families of a scrape, parsed by a Prometheus text-format parser. */
async function families() {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return new Map(parsePrometheusTextFormat(response.body).map((family) => [family.name, family]));
}

/** The value of a family's only sample (a counter or gauge without labels). */
async function valueOf(name: string): Promise<number> {
  const family = (await families()).get(name);
  expect(family, name).toBeDefined();
  return Number(family!.metrics[0]?.value);
}

describe('GET /api/metrics', () => {
  it('answers 404, as an unknown route does, without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN]) {
      const response = await scrape(authorization);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Route GET /api/metrics not found' });
    }
  });

  it('takes the scheme in any case, as HTTP has it', async () => {
    const response = await scrape(`bearer ${TOKEN}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('apotheca_orders_placed_total');
  });

  it('answers 404 to every token when METRICS_TOKEN is not set', async () => {
    const closed = await createTestContext();
    try {
      const response = await closed.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await closed.close();
    }
  });

  it('still answers while the database is down, saying so, with the process figures', async () => {
    const down = await createTestContext({ metricsToken: TOKEN });
    try {
      await down.database.close();
      const response = await down.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      const scraped = new Map(parsePrometheusTextFormat(response.body).map((family) => [family.name, family]));
      expect(scraped.get('apotheca_database_up')?.metrics[0]?.value).toBe('0');
      expect(scraped.has('process_resident_memory_bytes')).toBe(true);
    } finally {
      await down.close();
    }
  });

  it('reports requests, memory, event-loop lag and the waiting queues in Prometheus text', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const scraped = await families();
    for (const name of [
      'apotheca_http_request_duration_seconds',
      'apotheca_orders_placed_total',
      'apotheca_checkout_conflicts_total',
      'apotheca_database_up',
      'apotheca_mail_outbox_waiting',
      'apotheca_mail_outbox_oldest_age_seconds',
      'apotheca_prescription_reviews_waiting',
      'apotheca_prescription_reviews_oldest_age_seconds',
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
    ]) {
      expect(scraped.has(name), name).toBe(true);
    }
    // The parser folds a histogram's labelled series into one; its count line is read as it stands.
    const response = await scrape(`Bearer ${TOKEN}`);
    const count =
      /^apotheca_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_code="200"\} (\d+)$/m.exec(
        response.body,
      )?.[1];
    expect(Number(count)).toBeGreaterThanOrEqual(1);
  });

  it('counts an order placed one higher, and a checkout refused for stock as a conflict', async () => {
    const { headers } = await createTestUser(ctx);
    const medicine = await insertMedicine(ctx, { stock: 5 });
    const ordersBefore = await valueOf('apotheca_orders_placed_total');
    const conflictsBefore = await valueOf('apotheca_checkout_conflicts_total');

    await addToCart(ctx, headers, medicine.id, 2);
    const placed = await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers });
    expect(placed.statusCode).toBe(201);
    expect(await valueOf('apotheca_orders_placed_total')).toBe(ordersBefore + 1);

    await addToCart(ctx, headers, medicine.id, 2);
    await setStock(ctx, medicine.id, 1);
    const refused = await ctx.app.inject({ method: 'POST', url: '/api/orders/add-order', headers });
    expect(refused.statusCode).toBe(409);
    expect(await valueOf('apotheca_orders_placed_total')).toBe(ordersBefore + 1);
    expect(await valueOf('apotheca_checkout_conflicts_total')).toBe(conflictsBefore + 1);
  });
});
