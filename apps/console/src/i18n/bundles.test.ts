import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BundleError, loadBundle } from './bundles';
import { BUNDLED_LANGUAGES, CORE_NAMESPACES } from './languages';

const src = path.resolve(import.meta.dirname, '..');

function keysOf(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key));
}

function read(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

describe('translation bundles', () => {
  it('exist for every language and shared namespace (core or lazy), with the same keys as English', () => {
    const shared = readdirSync(path.join(src, 'locales/en')).map((file) => file.replace(/\.json$/, ''));
    expect(shared).toEqual(expect.arrayContaining([...CORE_NAMESPACES]));
    for (const namespace of shared) {
      const english = keysOf(read(path.join(src, 'locales/en', `${namespace}.json`))).sort();
      for (const language of BUNDLED_LANGUAGES) {
        const keys = keysOf(read(path.join(src, 'locales', language, `${namespace}.json`))).sort();
        expect(keys, `${language}/${namespace}`).toEqual(english);
      }
    }
  });

  it('give every feature namespace the same keys in every language', () => {
    for (const feature of readdirSync(path.join(src, 'features'))) {
      const dir = path.join(src, 'features', feature, 'locales');
      let files: string[];
      try {
        files = readdirSync(dir);
      } catch {
        continue;
      }
      const english = keysOf(read(path.join(dir, 'en.json'))).sort();
      for (const language of BUNDLED_LANGUAGES) {
        expect(files, `${feature} lacks ${language}`).toContain(`${language}.json`);
        expect(keysOf(read(path.join(dir, `${language}.json`))).sort(), `${feature}/${language}`).toEqual(english);
      }
    }
  });

  it('keep the spec wording of the required message', async () => {
    const en = (await loadBundle('en', 'validation')) as { messages: { required: string } };
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Ant Design's placeholder, not a template
    expect(en.messages.required).toBe('Please enter ${label}');
  });

  it('load a shared or a feature bundle by language and namespace', async () => {
    expect(await loadBundle('zh', 'common')).toMatchObject({ noData: '暫無資料' });
    expect(await loadBundle('en', 'auth')).toMatchObject({ submit: 'Log in' });
  });

  it('say why a bundle cannot be had', async () => {
    await expect(loadBundle('fr', 'common')).rejects.toMatchObject({ kind: 'not-found' });
    await expect(loadBundle('../en', 'common')).rejects.toMatchObject({ kind: 'invalid-path' });
    await expect(loadBundle('en', 'common/../../x')).rejects.toBeInstanceOf(BundleError);
  });
});
