// Test helpers other workspaces (e2e, bench) use. Nothing here is loaded by the server itself.

export { type ChildServer, startChildServer } from './child-server';
export { writeCompanyDefaults } from './company-defaults';
export { type EventTableRows, eventRowsOf } from './event-rows';
export { findPgBin, freePort, type PgCluster, startPgCluster } from './pg-cluster';
export { linkIn, type ReceivedMail, type SmtpSink, startSmtpSink } from './smtp-sink';
