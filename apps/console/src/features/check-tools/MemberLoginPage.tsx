import { getMemberLogins, type LoginRow } from '@pitboss/contract';
import { Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { checkCall } from './check-call';
import { commonBody, drillLink } from './check-filters';
import { col, csvOf, type Kind, totalsOf } from './columns';
import { CheckSearchForm } from './components/CheckSearchForm';
import { CheckToolList } from './components/CheckToolList';
import { useCheckFilters } from './use-check-filters';

const EXTRA = ['IP', 'Device'] as const;

/**
 * Member login data (`/check-tool/member`; platform and aggregator only): every login with IP, device
 * and success, and the other members seen on the same IP or device.
 */
export function MemberLoginPage() {
  const { t } = useTranslation('check-tools');
  const { filters, setFilters } = useCheckFilters(EXTRA);
  const body = commonBody(filters);
  const extra = Object.fromEntries(Object.entries(filters.extra).filter(([, v]) => v));
  const fields: [keyof LoginRow & string, Kind][] = [
    ['CreateDate', 'time'],
    ['MemberID', 'text'],
    ['NickName', 'text'],
    ['IP', 'text'],
    ['Device', 'text'],
    ['Success', 'text'],
    ['OthersOnIP', 'text'],
    ['OthersOnDevice', 'text'],
  ];
  const others = (ids: string[]) =>
    ids.map((id) => (
      <Link key={id} to={drillLink('/check-tool/member-overview', filters, { MemberIDs: id })}>
        <Tag>{id}</Tag>
      </Link>
    ));
  return (
    <PageFrame description={t('memberLogin.description')}>
      <CheckSearchForm filters={filters} onSearch={setFilters} extraKeys={EXTRA}>
        <Form.Item name="IP" label={t('columns.IP')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="Device" label={t('columns.Device')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
      </CheckSearchForm>
      <CheckToolList<LoginRow>
        testId="login-table"
        queryKey={['log-member', body, extra]}
        fetch={(page, signal) => checkCall(getMemberLogins, { body: { ...body, ...extra, ...page } }, { signal })}
        columns={fields.map(([f, k]) =>
          col<LoginRow>(t, f, k, {
            sortable: f === 'CreateDate' || f === 'MemberID' || f === 'IP',
            ...(f === 'Success'
              ? {
                  render: (ok: boolean) => (
                    <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'memberLogin.success' : 'memberLogin.failed')}</Tag>
                  ),
                }
              : f === 'OthersOnIP' || f === 'OthersOnDevice'
                ? { render: others }
                : {}),
          }),
        )}
        csvColumns={csvOf<LoginRow>(t, fields)}
        rowKey="ID"
        defaultSort="CreateDate Desc"
        fileName="member-logins"
        totals={totalsOf(t, [
          ['Successful', 'count'],
          ['IPs', 'count'],
          ['Devices', 'count'],
        ])}
      />
    </PageFrame>
  );
}
