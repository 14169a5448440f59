import { EVENT_TYPE_NAMES, GAME_RTP_EVENT_TYPE } from '@pitboss/contract';
import type { TFunction } from 'i18next';

/** The name of the default game RTP rule (engine `DEFAULT_GAME_RTP_RULES`). */
const SEEDED_GAME_RULE = 'Game RTP drift';

/** The author the server writes for what it seeded itself (default rules, demo data). */
const SYSTEM_AUTHOR = 'system';

/**
 * A rule's name as the reader should see it: a seeded default rule keeps the English name of its type
 * until someone renames it, and is shown in the reader's language meanwhile.
 */
export function displayRuleName(t: TFunction, name: string, eventType: number): string {
  const seeded = (EVENT_TYPE_NAMES as Record<number, string | undefined>)[eventType];
  if (seeded !== undefined && name === seeded) return t(`alerting:types.${eventType}`);
  if (eventType === GAME_RTP_EVENT_TYPE && name === SEEDED_GAME_RULE) return t('alerting:seeded.gameRtpDrift');
  return name;
}

/** An author as the reader should see it: "system" in the reader's language. */
export function displayAuthor(t: TFunction, account: string | null | undefined): string {
  if (!account) return '—';
  return account === SYSTEM_AUTHOR ? t('common:systemAuthor') : account;
}

/** Names the server seeds for the demo (company 1, the demo publisher, the demo feed's key, the first admin). */
const SEEDED_NAMES: Record<string, string> = {
  'Demo Platform': 'common:seeded.demoPlatform',
  'Demo Publisher': 'common:seeded.demoPublisher',
  'Demo feed': 'common:seeded.demoFeed',
  Administrator: 'common:seeded.administrator',
};

/** A seeded name (demo company, demo key, first admin) in the reader's language until someone renames it. */
export function displaySeededName(t: TFunction, name: string): string {
  const key = SEEDED_NAMES[name];
  return key ? t(key) : name;
}
