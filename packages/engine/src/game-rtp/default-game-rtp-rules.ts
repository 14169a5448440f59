import type { GameRtpRule } from '@pitboss/contract';

/**
 * The game RTP rule every new company gets: every game with master data, over a day, from 20,000 rounds;
 * both sides watched. 20,000, not fewer: a slot's RTP over a few thousand spins says little while its top
 * prizes have not fallen (the quality streams' fair slots false-alarmed on the "below" side at 2,000–4,000
 * rounds), and a drift of 3 points needs more rounds than that to show on any game with σ ≥ 1. Level 1: 2 points at 99.9 %; level 2: 3 points at 99.99 %; level 3: 5 points at 99.99 %.
 * The server gives each the company's next EventID (`app.alerting.nextEventId`).
 */
export const DEFAULT_GAME_RTP_RULES: readonly Omit<GameRtpRule, 'EventID'>[] = [
  {
    EventName: 'Game RTP drift',
    Scope: 'all',
    GameType: null,
    GameID: null,
    ExpectedRTP: null,
    TimeUnit: 'day',
    LoopValue: 1,
    MinRounds: 20_000,
    Enabled: true,
    Levels: [
      { Level: 1, Above: 2, Below: 2, Confidence: 0.999 },
      { Level: 2, Above: 3, Below: 3, Confidence: 0.9999 },
      { Level: 3, Above: 5, Below: 5, Confidence: 0.9999 },
    ],
  },
];
