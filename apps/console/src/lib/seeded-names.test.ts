import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { loadBundle } from '../i18n/bundles';
import { displayAuthor, displayRuleName, displaySeededName } from './seeded-names';

beforeAll(async () => {
  for (const language of ['en', 'zh', 'zh-CN'] as const) {
    i18n.addResourceBundle(language, 'common', await loadBundle(language, 'common'));
    i18n.addResourceBundle(language, 'alerting', await loadBundle(language, 'alerting'));
  }
});
afterAll(async () => {
  await i18n.changeLanguage('en');
});

describe('seeded names in the reader language', () => {
  it('shows the demo names, the first admin, the seeded rules and the system author translated', async () => {
    await i18n.changeLanguage('zh');
    const t = i18n.t.bind(i18n);
    expect(displaySeededName(t, 'Demo Platform')).toBe('示範平台');
    expect(displaySeededName(t, 'Demo feed')).toBe('示範資料流');
    expect(displaySeededName(t, 'Administrator')).toBe('管理員');
    expect(displayRuleName(t, 'High ratio', 1)).toBe('高賠率');
    expect(displayAuthor(t, 'system')).toBe('系統');
    await i18n.changeLanguage('zh-CN');
    expect(displaySeededName(i18n.t.bind(i18n), 'Demo Publisher')).toBe('演示发行商');
  });

  it('keeps a name someone gave', async () => {
    await i18n.changeLanguage('zh');
    const t = i18n.t.bind(i18n);
    expect(displaySeededName(t, 'Demo Platform 2')).toBe('Demo Platform 2');
    expect(displaySeededName(t, 'Acme Casino')).toBe('Acme Casino');
    expect(displayRuleName(t, 'Whales at night', 1)).toBe('Whales at night');
    expect(displayAuthor(t, 'alice')).toBe('alice');
  });
});
