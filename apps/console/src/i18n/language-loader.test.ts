import i18next from 'i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Bundle, BundleError } from './bundles';
import { createLanguageSwitcher } from './language-loader';

const BUNDLES: Record<string, Bundle> = {
  'zh/common': { hello: '你好' },
  'zh/errors': { E: '錯誤' },
  'en/common': { hello: 'Hello' },
  'en/errors': { E: 'Error' },
  'en/monitor': { title: 'Monitoring' },
  'zh-CN/common': { hello: '你好（简）' },
};

async function setup(load?: (language: string, namespace: string) => Promise<Bundle>) {
  const i18n = i18next.createInstance();
  await i18n.init({
    fallbackLng: 'zh',
    ns: ['common', 'errors'],
    defaultNS: 'common',
    resources: {},
    partialBundledLanguages: true,
  });
  const logger = { warn: vi.fn(), error: vi.fn() };
  const setDocumentLanguage = vi.fn();
  const loader = vi.fn(
    load ??
      (async (language: string, namespace: string) => {
        const bundle = BUNDLES[`${language}/${namespace}`];
        if (!bundle) throw new BundleError('not-found', language, namespace);
        return bundle;
      }),
  );
  const switchLanguage = createLanguageSwitcher({
    i18n,
    selectable: ['en', 'zh', 'zh-CN'],
    coreNamespaces: ['common', 'errors'],
    load: loader,
    setDocumentLanguage,
    logger,
  });
  return { i18n, logger, setDocumentLanguage, loader, switchLanguage };
}

describe('the language switch (spec §4, §8)', () => {
  let env: Awaited<ReturnType<typeof setup>>;
  beforeEach(async () => {
    env = await setup();
    expect(await env.switchLanguage('zh')).toBe(true);
    env.loader.mockClear();
    env.setDocumentLanguage.mockClear();
  });

  it('loads the bundles of a new language on demand, then makes it active and sets lang', async () => {
    expect(await env.switchLanguage('en')).toBe(true);
    expect(env.loader.mock.calls.map((c) => c.join('/'))).toEqual(['en/common', 'en/errors']);
    expect(env.i18n.language).toBe('en');
    expect(env.i18n.t('hello')).toBe('Hello');
    expect(env.setDocumentLanguage).toHaveBeenCalledWith('en');
  });

  it('applies an already loaded language at once, without loading', async () => {
    await env.switchLanguage('en');
    env.loader.mockClear();
    expect(await env.switchLanguage('zh')).toBe(true);
    expect(env.loader).not.toHaveBeenCalled();
    expect(env.i18n.t('hello')).toBe('你好');
  });

  it('refuses a language outside the supported list and changes nothing', async () => {
    for (const language of ['ja', 'th', 'fr', '../../etc/passwd']) {
      expect(await env.switchLanguage(language)).toBe(false);
    }
    expect(env.i18n.language).toBe('zh');
    expect(env.loader).not.toHaveBeenCalled();
    expect(env.setDocumentLanguage).not.toHaveBeenCalled();
    expect(env.logger.warn).toHaveBeenCalledTimes(4);
    expect(env.logger.error).not.toHaveBeenCalled();
  });

  it('keeps the current language with a warning when a bundle is missing', async () => {
    // zh-CN has no errors bundle here.
    expect(await env.switchLanguage('zh-CN')).toBe(false);
    expect(env.i18n.language).toBe('zh');
    expect(env.i18n.t('hello')).toBe('你好');
    expect(env.setDocumentLanguage).not.toHaveBeenCalled();
    expect(env.logger.warn.mock.calls[0]?.[0]).toMatch(/zh-CN\/errors: not-found; keeping "zh"/);
  });

  it('keeps the current language with a warning when a bundle fails to load', async () => {
    const failing = await setup(async (language, namespace) => {
      if (language === 'en')
        throw new BundleError('load-failed', language, namespace, new TypeError('Failed to fetch'));
      return BUNDLES[`${language}/${namespace}`] ?? {};
    });
    await failing.switchLanguage('zh');
    expect(await failing.switchLanguage('en')).toBe(false);
    expect(failing.i18n.language).toBe('zh');
    expect(failing.logger.warn).toHaveBeenCalledOnce();
    expect(failing.logger.error).not.toHaveBeenCalled();
  });

  it('logs and re-throws unexpected errors', async () => {
    const broken = await setup(async () => {
      throw new RangeError('boom');
    });
    await expect(broken.switchLanguage('en')).rejects.toThrow('boom');
    expect(broken.logger.error).toHaveBeenCalledOnce();
  });

  it('also loads the feature namespaces in use, falling back for one that lacks the language', async () => {
    env.i18n.options.ns = ['common', 'errors', 'monitor', 'reports'];
    expect(await env.switchLanguage('en')).toBe(true);
    expect(env.loader.mock.calls.map((c) => c.join('/'))).toEqual([
      'en/common',
      'en/errors',
      'en/monitor',
      'en/reports',
    ]);
    expect(env.i18n.t('monitor:title')).toBe('Monitoring');
    expect(env.logger.warn).toHaveBeenCalledWith(expect.stringMatching(/en\/reports: not-found; using the fallback/));
  });
});
