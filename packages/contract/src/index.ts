export * from './auth/auth';
export * from './common/endpoint';
export * from './common/enums';
export * from './common/envelope';
export * from './common/errors';
export * from './common/roles';
export * from './system/version';
export * from './ws/messages';
