import {
  type EventVtRow,
  getEventVt,
  getLinkedAccounts,
  getMemberOverview,
  type LinkedAccountRow,
  type OverviewRow,
} from '@pitboss/contract';
import { Form, Input, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { checkCall } from './check-call';
import { type CheckFilters, commonBody, drillLink } from './check-filters';
import { col, csvOf, type Kind, totalsOf } from './columns';
import { CheckSearchForm } from './components/CheckSearchForm';
import { CheckToolList } from './components/CheckToolList';
import { LinkedAccountsGraph } from './components/LinkedAccountsGraph';
import { useCheckFilters } from './use-check-filters';

function memberLink(filters: CheckFilters, id: string) {
  return <Link to={drillLink('/check-tool/win-lose-member', filters, { MemberIDs: id })}>{id}</Link>;
}

/**
 * Member overview (`/check-tool/member-overview`): members' profile and totals over the range; for one
 * member, their bonuses against the turnover that followed (VTCheck 2) and the other accounts linked to
 * them by a shared IP or device, one hop and two, as a graph and as the list that is its text alternative.
 */
const EXTRA = ['Mobile', 'Account'] as const;

export function MemberOverviewPage() {
  const { t } = useTranslation('check-tools');
  const { filters, setFilters } = useCheckFilters(EXTRA);
  // Member search keys 3 and 4 (mobile, account) beside the member IDs and nick name of every tool.
  const body = commonBody(filters);
  const search = Object.fromEntries(Object.entries(filters.extra).filter(([, v]) => v));
  const single = body.MemberIDs?.length === 1 ? body.MemberIDs[0] : undefined;
  const fields: [keyof OverviewRow & string, Kind][] = [
    ['MemberID', 'text'],
    ['NickName', 'text'],
    ['Account', 'text'],
    ['Mobile', 'text'],
    ['VIPLevel', 'count'],
    ['RegisteredAt', 'time'],
    ['RegisterIP', 'text'],
    ['RegisterDevice', 'text'],
    ['LastLogin', 'time'],
    ['LastLoginIP', 'text'],
    ['LastLoginDevice', 'text'],
    ['Lists', 'text'],
    ['OpenAlerts', 'count'],
    ['Rounds', 'count'],
    ['Bet', 'money'],
    ['Payout', 'money'],
    ['WinLose', 'money'],
    ['RTP', 'ratio'],
    ['TopUp', 'money'],
    ['TransferIn', 'money'],
    ['TransferOut', 'money'],
    ['BonusPoints', 'money'],
  ];
  const sortable = new Set([
    'MemberID',
    'Rounds',
    'Bet',
    'Payout',
    'WinLose',
    'TopUp',
    'TransferIn',
    'TransferOut',
    'BonusPoints',
  ]);
  const vtFields: [keyof EventVtRow & string, Kind][] = [
    ['CreateDate', 'time'],
    ['Category', 'text'],
    ['EventName', 'text'],
    ['Points', 'money'],
    ['Turnover', 'money'],
    ['Required', 'money'],
    ['Flagged', 'text'],
  ];
  const linkFields: [keyof LinkedAccountRow & string, Kind][] = [
    ['MemberID', 'text'],
    ['NickName', 'text'],
    ['Hop', 'count'],
    ['Via', 'text'],
    ['SharedIPs', 'text'],
    ['SharedDevices', 'text'],
    ['SharedLogins', 'count'],
    ['SharedRegistrations', 'count'],
    ['Strength', 'count'],
  ];
  return (
    <PageFrame description={t('memberOverview.description')}>
      <CheckSearchForm filters={filters} onSearch={setFilters} extraKeys={EXTRA}>
        <Form.Item name="Mobile" label={t('filters.mobile')}>
          <Input allowClear style={{ width: 160 }} data-testid="filter-mobile" />
        </Form.Item>
        <Form.Item name="Account" label={t('filters.account')}>
          <Input allowClear style={{ width: 160 }} data-testid="filter-account" />
        </Form.Item>
      </CheckSearchForm>
      <CheckToolList<OverviewRow>
        testId="overview-table"
        queryKey={['overview', body, search]}
        fetch={(page, signal) => checkCall(getMemberOverview, { body: { ...body, ...search, ...page } }, { signal })}
        columns={fields.map(([f, k]) =>
          col<OverviewRow>(t, f, k, {
            sortable: sortable.has(f),
            ...(f === 'MemberID' ? { render: (id: string) => memberLink(filters, id) } : {}),
            ...(f === 'Lists'
              ? { render: (lists: string[]) => lists.map((l) => <Tag key={l}>{t(`memberOverview.${l}`)}</Tag>) }
              : {}),
          }),
        )}
        csvColumns={csvOf<OverviewRow>(t, fields)}
        rowKey="MemberID"
        defaultSort="Bet Desc"
        fileName="member-overview"
        totals={totalsOf(t, [
          ['Rounds', 'count'],
          ['Bet', 'money'],
          ['Payout', 'money'],
          ['WinLose', 'money'],
          ['RTP', 'ratio'],
          ['TopUp', 'money'],
          ['TransferIn', 'money'],
          ['TransferOut', 'money'],
          ['BonusPoints', 'money'],
        ])}
      />
      {single ? (
        <>
          <LinkedAccountsGraph filters={filters} seed={single} />
          <CheckToolList<LinkedAccountRow>
            testId="linked-accounts-table"
            title={t('memberOverview.linked', { member: single })}
            queryKey={['overview-other', body]}
            fetch={(page, signal) => checkCall(getLinkedAccounts, { body: { ...body, ...page, Hops: 2 } }, { signal })}
            columns={linkFields.map(([f, k]) =>
              col<LinkedAccountRow>(t, f, k, {
                sortable: f === 'MemberID' || f === 'Strength' || f === 'SharedLogins' || f === 'SharedRegistrations',
                ...(f === 'MemberID' ? { render: (id: string) => memberLink(filters, id) } : {}),
              }),
            )}
            csvColumns={csvOf<LinkedAccountRow>(t, linkFields)}
            rowKey="MemberID"
            defaultSort="Strength Desc"
            fileName={`linked-accounts-${single}`}
            totals={totalsOf(t, [
              ['Hop1', 'count'],
              ['Hop2', 'count'],
            ])}
          />
          <CheckToolList<EventVtRow>
            testId="event-vt-table"
            title={t('memberOverview.eventVt')}
            queryKey={['overview-event-vt', body]}
            fetch={(page, signal) => checkCall(getEventVt, { body: { ...body, ...page } }, { signal })}
            columns={vtFields.map(([f, k]) =>
              col<EventVtRow>(t, f, k, {
                sortable: f === 'CreateDate' || f === 'Points' || f === 'Turnover',
                ...(f === 'Flagged'
                  ? {
                      render: (flagged: boolean) =>
                        flagged ? (
                          <Tag color="red">{t('memberOverview.flagged')}</Tag>
                        ) : (
                          <Tag>{t('memberOverview.ok')}</Tag>
                        ),
                    }
                  : {}),
              }),
            )}
            csvColumns={csvOf<EventVtRow>(t, vtFields)}
            rowKey="ID"
            defaultSort="CreateDate Desc"
            fileName={`event-vt-${single}`}
            totals={totalsOf(t, [
              ['Points', 'money'],
              ['Flagged', 'count'],
            ])}
          />
        </>
      ) : null}
    </PageFrame>
  );
}
