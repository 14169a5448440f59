import type { Environment } from '@pitboss/contract';

export interface RuntimeConfig {
  title: string;
  env: Environment;
}

/** The server injects its configuration (page title, environment) into index.html. */
export function readRuntimeConfig(): RuntimeConfig {
  const fallback: RuntimeConfig = { title: 'Pitboss', env: import.meta.env.DEV ? 'local' : 'prod' };
  const meta = document.querySelector<HTMLMetaElement>('meta[name="pitboss-config"]');
  if (!meta) return fallback;
  try {
    return { ...fallback, ...(JSON.parse(meta.content) as Partial<RuntimeConfig>) };
  } catch {
    return fallback;
  }
}

export const runtimeConfig = readRuntimeConfig();

/** The development-only flag of spec §2: the `dev` and `local` environments show development-only screens. */
export function isDevelopment(env: Environment = runtimeConfig.env): boolean {
  return env === 'dev' || env === 'local';
}
