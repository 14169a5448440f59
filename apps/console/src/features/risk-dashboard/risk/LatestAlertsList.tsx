import type { AlertRecord } from '@pitboss/contract';
import { Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/format';
import { AlertTypeTag, LevelTag, StatusTag } from '../../player-alerts/components/AlertTags';
import { SubjectCell } from '../../player-alerts/events/alert-columns';
import { measureAgainstThreshold } from '../../player-alerts/labels';

/** The newest alerts (the server sends 10); each opens its evidence on the player-alerts screen. */
export function LatestAlertsList({ alerts }: { alerts: AlertRecord[] }) {
  const { t, i18n } = useTranslation('risk-dashboard');
  return (
    <Table<AlertRecord>
      size="small"
      rowKey="AlertID"
      pagination={false}
      dataSource={alerts}
      scroll={{ x: 'max-content' }}
      data-testid="latest-alerts"
      columns={[
        {
          title: t('detectedAt'),
          dataIndex: 'DetectedAt',
          render: (at: string, alert) => (
            <Link to={`/monitor/alert-events?alert=${alert.AlertID}`}>{formatDateTime(at)}</Link>
          ),
        },
        { title: t('happenedAt'), dataIndex: 'HappenedAt', render: (at: string) => formatDateTime(at) },
        { title: t('type'), dataIndex: 'EventType', render: (_, a) => <AlertTypeTag type={a.EventType} /> },
        { title: t('level'), dataIndex: 'Level', render: (_, a) => <LevelTag level={a.Level} /> },
        { title: t('subject'), key: 'subject', render: (_, a) => <SubjectCell alert={a} /> },
        {
          title: t('value'),
          key: 'value',
          render: (_, a) => (
            <Flex vertical>
              <Typography.Text>
                {measureAgainstThreshold(a.EventType, a.Value, a.Op, a.Threshold, i18n.language)}
              </Typography.Text>
            </Flex>
          ),
        },
        { title: t('status'), dataIndex: 'Status', render: (_, a) => <StatusTag status={a.Status} /> },
      ]}
    />
  );
}
