import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { ENTRY_TYPES, entryTypeName, isAlertType } from './alert-types';
import en from './locales/en.json';
import zh from './locales/zh.json';

describe('blacklist entry types', () => {
  it('offers manual, the player alert types, game RTP and opposing bets', () => {
    expect(ENTRY_TYPES).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([0, 7, 8, 9, 10].map(isAlertType)).toEqual([false, true, true, true, false]);
  });

  it('names every type in the reader language, opposing bets (9) included', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { blacklist: en }, zh: { blacklist: zh } } });
    expect(ENTRY_TYPES.map((type) => entryTypeName(i18n.t, type))).toEqual([
      'Manual',
      'High ratio',
      'High win streak',
      'IP login',
      'Register login',
      'Store',
      'Trade',
      'Event',
      'Game RTP',
      'Opposing bets',
    ]);
    await i18n.changeLanguage('zh');
    expect(entryTypeName(i18n.t, 9)).toBe('對押');
    expect(entryTypeName(i18n.t, null)).toBe(zh.alertTypes.manual);
  });
});
