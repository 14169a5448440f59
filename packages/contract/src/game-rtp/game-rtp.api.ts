import { endpoint } from '../common/endpoint';

/**
 * Game monitoring (issue 17): the game catalogue for pickers (`check-tool/MonitorGame`,
 * `check-tool/MonitorGameType`), game RTP rules (`/monitor/gameRtpV2`) and game alerts
 * (`/monitor/gameRTP-alert-events`). Schemas: `gameRtpIo` in `game-rtp.schemas.ts`.
 */

export const listMonitorGameTypes = endpoint('listMonitorGameTypes', {
  method: 'GET',
  path: '/api/v2/check-tool/MonitorGameType',
  summary: "The company's game types, with how many games each has",
  tag: 'check-tool',
  access: 'read',
});

export const listMonitorGames = endpoint('listMonitorGames', {
  method: 'GET',
  path: '/api/v2/check-tool/MonitorGame',
  summary: "The games of the given types (`GameTypes`, `*` = all) with today's rounds, turnover and observed RTP",
  tag: 'check-tool',
  access: 'read',
});

export const listGameRtpSettings = endpoint('listGameRtpSettings', {
  method: 'GET',
  path: '/api/v2/monitor/game-rtp-settings',
  summary: "The company's game RTP rules",
  tag: 'game-rtp-settings',
  access: 'read',
});

export const createGameRtpSetting = endpoint('createGameRtpSetting', {
  method: 'POST',
  path: '/api/v2/monitor/game-rtp-settings',
  summary: 'Add a game RTP rule',
  tag: 'game-rtp-settings',
  access: 'write',
});

export const updateGameRtpSetting = endpoint('updateGameRtpSetting', {
  method: 'PUT',
  path: '/api/v2/monitor/game-rtp-settings/:EventID',
  summary: 'Replace a game RTP rule (target, expectation, window, levels, enabled)',
  tag: 'game-rtp-settings',
  access: 'write',
});

export const deleteGameRtpSetting = endpoint('deleteGameRtpSetting', {
  method: 'DELETE',
  path: '/api/v2/monitor/game-rtp-settings/:EventID',
  summary: 'Delete a game RTP rule; the alerts it raised are kept',
  tag: 'game-rtp-settings',
  access: 'write',
});

export const listGameRtpAlerts = endpoint('listGameRtpAlerts', {
  method: 'GET',
  path: '/api/v2/monitor/game-rtp-alerts',
  summary: 'Page through game RTP alerts (total in `cnt`)',
  tag: 'game-rtp-alerts',
  access: 'read',
});

export const getGameRtpAlert = endpoint('getGameRtpAlert', {
  method: 'GET',
  path: '/api/v2/monitor/game-rtp-alerts/:AlertID',
  summary: "One game alert with its evidence: the game's RTP over the window against the band, the largest wins",
  tag: 'game-rtp-alerts',
  access: 'read',
});

export const processGameRtpAlerts = endpoint('processGameRtpAlerts', {
  method: 'PUT',
  path: '/api/v2/monitor/game-rtp-alerts',
  summary: 'Mark game alerts processed (pending → processed) with a memo; refused whole if any is already processed',
  tag: 'game-rtp-alerts',
  access: 'write',
});

export const searchGameRtp = endpoint('searchGameRtp', {
  method: 'POST',
  path: '/api/v2/check-tool/gameRTP-search',
  summary:
    'Per game over a range of days: rounds, players, turnover, payout, GGR, observed vs expected RTP, the deviation, its standard error and confidence band',
  tag: 'check-tool',
  access: 'read',
});

export const searchGameRtpByTime = endpoint('searchGameRtpByTime', {
  method: 'POST',
  path: '/api/v2/check-tool/gameRTP-search/by-time',
  summary: 'One game by day or hour over the range: the figures of gameRTP-search per bucket (the drill-down)',
  tag: 'check-tool',
  access: 'read',
});
