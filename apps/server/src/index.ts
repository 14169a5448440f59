export { buildApp } from './app';
export { type Config, loadConfig } from './config';
export { type Database, openDatabase, type Sql } from './db/database';
export { migrate } from './db/migrate';
export { bootstrap } from './modules/company/bootstrap';
export { type RunningServer, startServer } from './server';
