import type { LaunderingAlertDetail } from '@pitboss/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

export type MatchedRoundRow = LaunderingAlertDetail['MatchedRounds'][number];

export const money = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

/**
 * Matched rounds: game, round, each side's bets (member, side, stake → payout) and what each member
 * won or lost — the money that moved. The alert's evidence and the search's drill-down show it.
 */
export function MatchedRoundsTable({ rounds, testId }: { rounds: MatchedRoundRow[]; testId: string }) {
  const { t } = useTranslation('laundering');
  return (
    <Table<MatchedRoundRow>
      size="small"
      rowKey={(r) => `${r.GameID}|${r.RoundID}`}
      dataSource={rounds}
      pagination={{ pageSize: 25, hideOnSinglePage: true }}
      locale={{ emptyText: t('alerts.noRounds') }}
      data-testid={testId}
      columns={[
        {
          title: t('alerts.at'),
          dataIndex: 'At',
          sorter: (a, b) => a.At.localeCompare(b.At),
          render: (at: string) => formatDateTime(at),
        },
        { title: t('alerts.game'), dataIndex: 'GameID' },
        { title: t('alerts.round'), dataIndex: 'RoundID' },
        {
          title: t('alerts.bets'),
          key: 'bets',
          render: (_, r) =>
            r.Bets.map((b) => `${b.MemberID} ${b.Side} ${money(b.Stake)} → ${money(b.Payout)}`).join('; '),
        },
        {
          title: t('alerts.net'),
          key: 'net',
          render: (_, r) => r.Net.map((n) => `${n.MemberID} ${n.Amount > 0 ? '+' : ''}${money(n.Amount)}`).join('; '),
        },
      ]}
    />
  );
}
