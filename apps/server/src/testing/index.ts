// Test helpers other workspaces (e2e, bench) use. Nothing here is loaded by the server itself.
export { findPgBin, freePort, type PgCluster, startPgCluster } from './pg-cluster';
export { linkIn, type ReceivedMail, type SmtpSink, startSmtpSink } from './smtp-sink';
