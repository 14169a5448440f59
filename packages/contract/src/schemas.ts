import type { z } from 'zod';
import { alertRulesIo } from './alert-rules/alert-rules.schemas';
import { authIo } from './auth/auth.schemas';
import { blacklistIo } from './blacklist/blacklist.schemas';
import { blockApiIo } from './block-api/block-api.schemas';
import { checkToolsIo } from './check-tools/check-tools.schemas';
import { companiesIo } from './companies/companies.schemas';
import { currencyIo } from './currency/currency.schemas';
import { gameRtpIo } from './game-rtp/game-rtp.schemas';
import { ingestIo } from './ingest/ingest.schemas';
import { ingestKeysIo } from './ingest-keys/ingest-keys.schemas';
import { launderingIo } from './laundering/laundering.schemas';
import { mailIo } from './mail/mail.schemas';
import { notificationsIo } from './notifications/notifications.schemas';
import { passwordResetIo } from './password-reset/password-reset.schemas';
import { playerAlertsIo } from './player-alerts/player-alerts.schemas';
import { reconcileIo } from './reconcile/reconcile.schemas';
import { registrationIo } from './registration/registration.schemas';
import { riskDashboardIo } from './risk-dashboard/risk-dashboard.schemas';
import { settingsIo } from './settings/settings.schemas';
import { usersIo } from './users/users.schemas';
import { whitelistIo } from './whitelist/whitelist.schemas';

/**
 * `@pitboss/contract/schemas`: every zod schema of the wire, and `ROUTE_IO`. The server validates,
 * serialises and documents (OpenAPI) with them; the console imports them only in lazy screens, to
 * validate a form as the server will. Their types are also exported by `@pitboss/contract`.
 */
export * from './alert-rules/alert-rules.schemas';
export * from './auth/auth.schemas';
export * from './blacklist/blacklist.schemas';
export * from './block-api/block-api.schemas';
export * from './check-tools/check-tools.schemas';
export * from './common/ack.schemas';
export * from './common/enums.schemas';
export * from './common/envelope.schemas';
export * from './common/errors.schemas';
export * from './common/identifiers.schemas';
export * from './common/ip.schemas';
export * from './common/member-list.schemas';
export * from './common/roles.schemas';
export * from './companies/companies.schemas';
export * from './currency/currency.schemas';
export * from './game-rtp/game-rtp.schemas';
export * from './ingest/ingest.schemas';
export * from './ingest-keys/ingest-keys.schemas';
export * from './laundering/laundering.schemas';
export * from './mail/mail.schemas';
export * from './notifications/notifications.schemas';
export * from './password-reset/password-reset.schemas';
export * from './player-alerts/player-alerts.schemas';
export * from './reconcile/reconcile.schemas';
export * from './registration/registration.schemas';
export * from './risk-dashboard/risk-dashboard.schemas';
export * from './settings/settings.schemas';
export * from './system/system.schemas';
export * from './users/users.schemas';
export * from './whitelist/whitelist.schemas';
export * from './ws/messages.schemas';

/** The schemas of one endpoint: what the server validates (params, query, body) and serialises (response). */
export interface RouteSchemas {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
}

/** Every endpoint's schemas, by endpoint id (the endpoint's export name in `@pitboss/contract`). */
export const ROUTE_IO = {
  ...alertRulesIo,
  ...authIo,
  ...blacklistIo,
  ...blockApiIo,
  ...checkToolsIo,
  ...companiesIo,
  ...currencyIo,
  ...gameRtpIo,
  ...ingestIo,
  ...ingestKeysIo,
  ...launderingIo,
  ...mailIo,
  ...notificationsIo,
  ...passwordResetIo,
  ...playerAlertsIo,
  ...reconcileIo,
  ...registrationIo,
  ...riskDashboardIo,
  ...settingsIo,
  ...usersIo,
  ...whitelistIo,
} satisfies Record<string, RouteSchemas>;
export type RouteIo = typeof ROUTE_IO;
