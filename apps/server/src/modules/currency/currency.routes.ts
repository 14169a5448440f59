import {
  deleteCurrencyRates,
  listCurrencyRates,
  ratesInForce,
  saveCurrencyRates,
  toListEnvelope,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import { CurrencyService } from './currency.service';

/** Spec §7 "Currency": exchange-rate history (publisher and aggregator admins) and the rates in force. */
export async function currencyRoutes(app: FastifyInstance): Promise<void> {
  const { db, hub } = app.ctx;
  const service = new CurrencyService(db);
  // Open consoles of the company refetch their rate queries.
  const changed = (cid: number) => hub.publish(cid, { type: 'invalidate', keys: ['currency'], cid });

  registerEndpoint(app, listCurrencyRates, async ({ auth, query }) => {
    const { rows, total } = await service.list(auth, query);
    return toListEnvelope(rows, total);
  });

  registerEndpoint(app, saveCurrencyRates, async ({ auth, body }) => {
    const rowsAffected = await service.save(auth, body);
    changed(auth.cid);
    return { status: 0, message: 'Rates saved', rowsAffected };
  });

  registerEndpoint(app, deleteCurrencyRates, async ({ auth, body }) => {
    const rowsAffected = await service.remove(auth, body.currency_UDT);
    changed(auth.cid);
    return { status: 0, message: 'Rates deleted', rowsAffected };
  });

  registerEndpoint(app, ratesInForce, async ({ auth, query }) =>
    toListEnvelope(await service.inForce(auth, query.date)),
  );
}
