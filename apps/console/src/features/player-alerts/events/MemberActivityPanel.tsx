import type { AlertDetail } from '@pitboss/contract';
import { Descriptions, Flex, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';

type Activity = NonNullable<AlertDetail['Member']>;
type Day = Activity['Days'][number];

/** The member behind an alert: who they are and their last 7 days (amounts in base currency). */
export function MemberActivityPanel({ member }: { member: Activity }) {
  const { t, i18n } = useTranslation('player-alerts');
  const number = (value: number, digits = 2) => value.toLocaleString(i18n.language, { maximumFractionDigits: digits });
  const columns: ColumnsType<Day> = [
    { title: t('activity.Day'), dataIndex: 'Day', fixed: 'left' },
    { title: t('activity.Bets'), dataIndex: 'Bets', align: 'right', render: (v: number) => number(v, 0) },
    { title: t('activity.Stake'), dataIndex: 'Stake', align: 'right', render: (v: number) => number(v) },
    { title: t('activity.Payout'), dataIndex: 'Payout', align: 'right', render: (v: number) => number(v) },
    {
      title: t('activity.Ratio'),
      key: 'ratio',
      align: 'right',
      render: (_, day) => (day.Stake > 0 ? number(day.Payout / day.Stake, 3) : '—'),
    },
    { title: t('activity.Wins'), dataIndex: 'Wins', align: 'right', render: (v: number) => number(v, 0) },
    { title: t('activity.TopUps'), dataIndex: 'TopUps', align: 'right', render: (v: number) => number(v) },
    { title: t('activity.TransfersIn'), dataIndex: 'TransfersIn', align: 'right', render: (v: number) => number(v) },
    { title: t('activity.TransfersOut'), dataIndex: 'TransfersOut', align: 'right', render: (v: number) => number(v) },
    { title: t('activity.BonusPoints'), dataIndex: 'BonusPoints', align: 'right', render: (v: number) => number(v) },
    { title: t('activity.Logins'), dataIndex: 'Logins', align: 'right', render: (v: number) => number(v, 0) },
  ];
  const totals = member.Days.reduce(
    (sum, d) => ({ Bets: sum.Bets + d.Bets, Stake: sum.Stake + d.Stake, Payout: sum.Payout + d.Payout }),
    { Bets: 0, Stake: 0, Payout: 0 },
  );
  return (
    <Flex vertical gap="small" data-testid="member-activity">
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label={t('activity.NickName')}>{member.NickName || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('activity.VIPLevel')}>{member.VIPLevel}</Descriptions.Item>
        <Descriptions.Item label={t('activity.Account')}>{member.Account || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('activity.Mobile')}>{member.Mobile || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('activity.RegisterIP')}>{member.RegisterIP || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('activity.RegisteredAt')}>
          {formatDateTime(member.RegisteredAt) || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('activity.FirstSeen')}>{formatDateTime(member.FirstSeen) || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('activity.LastSeen')}>{formatDateTime(member.LastSeen) || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('activity.week')}>
          {t('activity.weekValue', {
            bets: number(totals.Bets, 0),
            stake: number(totals.Stake),
            ratio: totals.Stake > 0 ? number(totals.Payout / totals.Stake, 3) : '—',
          })}
        </Descriptions.Item>
      </Descriptions>
      <Table<Day>
        size="small"
        rowKey="Day"
        columns={columns}
        dataSource={member.Days}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="member-days"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('activity.baseCurrency')}
      </Typography.Text>
    </Flex>
  );
}
