import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { currencyRoutes } from './currency.routes';
import { CurrencyService } from './currency.service';

/** Exchange rates per company and date. */
export const currencyPlugin = fp(
  async (app: FastifyInstance) => {
    currencyRoutes(app, new CurrencyService(app.db, app.live));
  },
  { name: 'currency', dependencies: ['core', 'authentication', 'live'] },
);
