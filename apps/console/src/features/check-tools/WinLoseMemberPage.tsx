import { type ByTimeRow, getMemberByTime, getWinLoseMemberDetail, type RoundRow } from '@pitboss/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { checkCall } from './check-call';
import { commonBody } from './check-filters';
import { col, csvOf, type Kind, totalsOf } from './columns';
import { CheckSearchForm } from './components/CheckSearchForm';
import { CheckToolList } from './components/CheckToolList';
import { useCheckFilters } from './use-check-filters';

const EXTRA = ['GameIDs', 'Bucket'] as const;

/** Game detail (`/check-tool/win-lose-member`): members' results by day or hour, and their rounds. */
export function WinLoseMemberPage() {
  const { t } = useTranslation('check-tools');
  const { filters, setFilters } = useCheckFilters(EXTRA);
  const body = commonBody(filters);
  const games = (filters.extra.GameIDs ?? '').split(/[\s,]+/).filter(Boolean);
  const bucket = filters.extra.Bucket === 'hour' ? 'hour' : 'day';
  const timeFields: [keyof ByTimeRow & string, Kind][] = [
    ['Time', 'text'],
    ['Rounds', 'count'],
    ['Bet', 'money'],
    ['Payout', 'money'],
    ['WinLose', 'money'],
    ['RTP', 'ratio'],
  ];
  const roundFields: [keyof RoundRow & string, Kind][] = [
    ['CreateDate', 'time'],
    ['MemberID', 'text'],
    ['GameID', 'text'],
    ['GameName', 'text'],
    ['RoundID', 'text'],
    ['Side', 'text'],
    ['Currency', 'text'],
    ['Stake', 'money'],
    ['Payout', 'money'],
    ['StakeBase', 'money'],
    ['PayoutBase', 'money'],
    ['WinLose', 'money'],
  ];
  const sortableRound = new Set(['CreateDate', 'GameID', 'Stake', 'Payout', 'WinLose']);
  return (
    <PageFrame description={t('winLoseMember.description')}>
      <CheckSearchForm filters={filters} onSearch={setFilters} extraKeys={EXTRA}>
        <Form.Item name="GameIDs" label={t('filters.gameIds')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="Bucket" label={t('filters.bucket')}>
          <Select
            style={{ width: 120 }}
            allowClear
            options={[
              { value: 'day', label: t('filters.day') },
              { value: 'hour', label: t('filters.hour') },
            ]}
          />
        </Form.Item>
      </CheckSearchForm>
      <CheckToolList<ByTimeRow>
        testId="member-by-time-table"
        title={t('winLoseMember.byTime')}
        queryKey={['member-by-time', body, bucket]}
        fetch={(page, signal) => checkCall(getMemberByTime, { body: { ...body, ...page, Bucket: bucket } }, { signal })}
        columns={timeFields.map(([f, k]) => col<ByTimeRow>(t, f, k, { sortable: f !== 'Rounds' && f !== 'RTP' }))}
        csvColumns={csvOf<ByTimeRow>(t, timeFields)}
        rowKey="Time"
        defaultSort="Time Desc"
        fileName="member-by-time"
        totals={totalsOf(t, [
          ['Rounds', 'count'],
          ['Bet', 'money'],
          ['Payout', 'money'],
          ['WinLose', 'money'],
        ])}
      />
      <CheckToolList<RoundRow>
        testId="rounds-table"
        title={t('winLoseMember.rounds')}
        queryKey={['winlose-member-detail', body, games]}
        fetch={(page, signal) =>
          checkCall(
            getWinLoseMemberDetail,
            { body: { ...body, ...page, ...(games.length ? { GameIDs: games } : {}) } },
            { signal },
          )
        }
        columns={roundFields.map(([f, k]) => col<RoundRow>(t, f, k, { sortable: sortableRound.has(f) }))}
        csvColumns={csvOf<RoundRow>(t, roundFields)}
        rowKey="ID"
        defaultSort="CreateDate Desc"
        fileName="rounds"
        totals={totalsOf(t, [
          ['Bet', 'money'],
          ['Payout', 'money'],
          ['WinLose', 'money'],
        ])}
      />
    </PageFrame>
  );
}
