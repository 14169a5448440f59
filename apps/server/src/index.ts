export { buildApp } from './app';
export { bootstrap } from './bootstrap';
export { type Config, loadConfig } from './config';
export { type Database, openDatabase, type Sql } from './db/database';
export { migrate } from './db/migrate';
export { type RunningServer, startServer } from './server';
