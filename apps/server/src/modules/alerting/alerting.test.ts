import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../testing/test-app';
import { addCompany } from '../../testing/users';

describeEachDatabase('alerting', (t) => {
  it('gives EventIDs once per company across every kind of rule, after the default rules', async () => {
    const cid = await addCompany(t, 'Alerting EventIDs');
    const other = await addCompany(t, 'Alerting EventIDs, other');
    const ids = await t.db.tx(async (sql) => [
      await t.app.alerting.nextEventId(sql, cid),
      await t.app.alerting.nextEventId(sql, cid),
      await t.app.alerting.nextEventId(sql, other),
    ]);
    // The seven default player rules hold 1–7, the default game RTP rule 8, the default opposing-bet setting 9.
    expect(ids).toEqual([10, 11, 10]);
    // A player rule made through the API takes the next one: kinds share the counter.
    const token = await t.login();
    const created = await t.call({
      method: 'POST',
      url: '/api/v2/monitor/alert-settings',
      token,
      payload: {
        EventName: 'After the others',
        EventType: 1,
        TimeUnit: 'hour',
        LoopValue: 1,
        Enabled: true,
        Levels: [{ Level: 1, Op: '>', Value: 2, MinSample: 5 }],
      },
    });
    expect(created.statusCode).toBe(200);
    const first = await t.db.tx((sql) => t.app.alerting.nextEventId(sql, 1));
    expect(first).toBe(created.json().data.EventID + 1);
  });

  it('lists the rules of every kind for notification settings, with their type names', async () => {
    const cid = await addCompany(t, 'Alerting list');
    const events = await t.app.alerting.listEvents(cid);
    expect(events.map((e) => [e.EventID, e.EventType, e.TypeName, e.Kind])).toEqual([
      [1, 1, 'High ratio', 'player'],
      [2, 2, 'High win streak', 'player'],
      [3, 3, 'IP login', 'player'],
      [4, 4, 'Register login', 'player'],
      [5, 5, 'Store', 'player'],
      [6, 6, 'Trade', 'player'],
      [7, 7, 'Event', 'player'],
      [8, 8, 'Game RTP', 'game'],
      [9, 9, 'Opposing bets', 'laundering'],
    ]);
  });
});
