/**
 * `@pitboss/contract`: zod-free at run time, so the console bundles it without zod. Endpoints (their
 * metadata), enumerations, constants and pure helpers; every schema's type comes along type-only.
 * The zod schemas themselves and `ROUTE_IO` (each endpoint's schemas) are `@pitboss/contract/schemas`.
 */
export * from './alert-rules/alert-rules';
export * from './alert-rules/alert-rules.api';
export * from './alerting/alerting';
export * from './auth/auth';
export * from './auth/auth.api';
export * from './auth/password-policy';
export * from './blacklist/blacklist';
export * from './blacklist/blacklist.api';
export * from './block-api/block-api';
export * from './block-api/block-api.api';
export * from './check-tools/check-tools';
export * from './check-tools/check-tools.api';
export * from './common/constants';
export * from './common/endpoint';
export * from './common/enums';
export * from './common/envelope';
export * from './common/errors';
export * from './common/identifiers';
export * from './common/ip';
export * from './common/member-list';
export * from './common/roles';
export * from './companies/companies.api';
export * from './currency/currency';
export * from './currency/currency.api';
export * from './ingest/ingest';
export * from './ingest/ingest.api';
export * from './ingest-keys/ingest-keys';
export * from './ingest-keys/ingest-keys.api';
export * from './mail/mail';
export * from './mail/mail.api';
export * from './notifications/notifications';
export * from './notifications/notifications.api';
export * from './password-reset/password-reset';
export * from './password-reset/password-reset.api';
export * from './player-alerts/player-alerts';
export * from './player-alerts/player-alerts.api';
export * from './reconcile/reconcile';
export * from './reconcile/reconcile.api';
export * from './registration/registration';
export * from './registration/registration.api';
export * from './risk-dashboard/risk-dashboard.api';
export type * from './schemas';
export * from './settings/settings';
export * from './settings/settings.api';
export * from './system/system';
export * from './users/message-codes';
export * from './users/users';
export * from './users/users.api';
export * from './whitelist/whitelist';
export * from './whitelist/whitelist.api';
export * from './ws/messages';
