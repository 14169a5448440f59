import type { RiskDashboard } from '@pitboss/contract';
import { Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { LevelTag } from '../../player-alerts/components/AlertTags';
import { type Period, periodToParams } from '../../player-alerts/period';

type TopMember = RiskDashboard['TopMembers'][number];

/** The player alerts of one member over the dashboard's period. */
export function memberAlertsLink(memberId: string, period: Period): string {
  const params = new URLSearchParams();
  periodToParams(period, params);
  params.set('MemberIDs', memberId);
  return `/monitor/alert-events?${params}`;
}

/** The members with the most alerts; each opens their alerts. */
export function TopMembersTable({ rows, period }: { rows: TopMember[]; period: Period }) {
  const { t } = useTranslation('risk-dashboard');
  return (
    <Table<TopMember>
      size="small"
      rowKey="MemberID"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      data-testid="top-members"
      columns={[
        {
          title: t('member'),
          dataIndex: 'MemberID',
          render: (id: string, row) => (
            <Link to={memberAlertsLink(id, period)} data-testid="top-member-link">
              {id}
              {row.NickName && <Typography.Text type="secondary"> {row.NickName}</Typography.Text>}
            </Link>
          ),
        },
        { title: t('alerts'), dataIndex: 'Count', align: 'right' },
        { title: t('maxLevel'), dataIndex: 'MaxLevel', render: (_, r) => <LevelTag level={r.MaxLevel} /> },
        { title: t('lastAt'), dataIndex: 'LastAt', render: (at: string) => formatDateTime(at) },
      ]}
    />
  );
}
