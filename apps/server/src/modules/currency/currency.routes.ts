import {
  deleteCurrencyRates,
  listCurrencyRates,
  ratesInForce,
  saveCurrencyRates,
  toListEnvelope,
} from '@pitboss/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/endpoint';
import type { CurrencyService } from './currency.service';

/** Spec §7 "Currency": exchange-rate history (publisher and aggregator admins) and the rates in force. */
export function currencyRoutes(app: FastifyInstance, service: CurrencyService): void {
  registerEndpoint(app, listCurrencyRates, async ({ auth, query }) => {
    const { rows, total } = await service.list(auth, query);
    return toListEnvelope(rows, total);
  });

  registerEndpoint(app, saveCurrencyRates, async ({ auth, body }) => ({
    status: 0,
    message: 'Rates saved',
    rowsAffected: await service.save(auth, body),
  }));

  registerEndpoint(app, deleteCurrencyRates, async ({ auth, body }) => ({
    status: 0,
    message: 'Rates deleted',
    rowsAffected: await service.remove(auth, body.currency_UDT),
  }));

  registerEndpoint(app, ratesInForce, async ({ auth, query }) =>
    toListEnvelope(await service.inForce(auth, query.date)),
  );
}
