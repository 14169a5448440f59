import {
  type ByTimeRow,
  type GameRow,
  getGameByTime,
  getToolWinLose,
  getWinLoseSort,
  type WinLoseMemberRow,
} from '@pitboss/contract';
import { Button, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageFrame } from '../../components/PageFrame';
import { checkCall } from './check-call';
import { commonBody, drillLink } from './check-filters';
import { col, csvOf, type Kind, totalsOf } from './columns';
import { CheckSearchForm } from './components/CheckSearchForm';
import { CheckToolList } from './components/CheckToolList';
import { useCheckFilters } from './use-check-filters';

const EXTRA = ['GameID', 'GameType', 'Bucket'] as const;
const PLAY: [string, Kind][] = [
  ['Bets', 'count'],
  ['Bet', 'money'],
  ['Payout', 'money'],
  ['WinLose', 'money'],
  ['RTP', 'ratio'],
];

/**
 * Game overview (`/check-tool/win-lose-game`): per game over the range (rounds, players, turnover,
 * payout, GGR, RTP); a game opens its results by day or hour and its players ranked.
 */
export function WinLoseGamePage() {
  const { t } = useTranslation('check-tools');
  const { filters, setFilters } = useCheckFilters(EXTRA);
  const body = commonBody(filters);
  const gameId = filters.extra.GameID ?? '';
  const bucket = filters.extra.Bucket === 'hour' ? 'hour' : 'day';
  const select = (id: string) => setFilters({ ...filters, extra: { ...filters.extra, GameID: id } });
  const gameFields: [keyof GameRow & string, Kind][] = [
    ['GameID', 'text'],
    ['GameName', 'text'],
    ['GameType', 'text'],
    ['Rounds', 'count'],
    ['Players', 'count'],
    ...(PLAY as [keyof GameRow & string, Kind][]),
    ['GGR', 'money'],
  ];
  const timeFields: [keyof ByTimeRow & string, Kind][] = [
    ['Time', 'text'],
    ['Rounds', 'count'],
    ['Players', 'count'],
    ...(PLAY as [keyof ByTimeRow & string, Kind][]),
  ];
  const memberFields: [keyof WinLoseMemberRow & string, Kind][] = [
    ['MemberID', 'text'],
    ['NickName', 'text'],
    ['Games', 'count'],
    ...(PLAY as [keyof WinLoseMemberRow & string, Kind][]),
  ];
  return (
    <PageFrame description={t('winLoseGame.description')}>
      <CheckSearchForm filters={filters} onSearch={setFilters} extraKeys={EXTRA}>
        <Form.Item name="GameID" label={t('columns.GameID')}>
          <Input allowClear style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="GameType" label={t('columns.GameType')}>
          <Input allowClear style={{ width: 140 }} />
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
      <CheckToolList<GameRow>
        testId="games-table"
        queryKey={['tool-winlose', body, filters.extra.GameType]}
        fetch={(page, signal) =>
          checkCall(
            getToolWinLose,
            {
              body: {
                ...body,
                ...page,
                ...(filters.extra.GameType ? { GameType: filters.extra.GameType } : {}),
              },
            },
            { signal },
          )
        }
        columns={gameFields.map(([f, k]) =>
          col<GameRow>(t, f, k, {
            sortable: f !== 'GameName' && f !== 'GameType',
            ...(f === 'GameID'
              ? {
                  render: (id: string) => (
                    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => select(id)}>
                      {id}
                    </Button>
                  ),
                }
              : {}),
          }),
        )}
        csvColumns={csvOf<GameRow>(t, gameFields)}
        rowKey="GameID"
        defaultSort="Bet Desc"
        fileName="win-lose-game"
        totals={totalsOf(t, [['Rounds', 'count'], ['Players', 'count'], ...PLAY, ['GGR', 'money']])}
      />
      {gameId && (
        <>
          <CheckToolList<ByTimeRow>
            testId="game-by-time-table"
            title={t('winLoseGame.byTime', { game: gameId })}
            queryKey={['game-by-time', body, gameId, bucket]}
            fetch={(page, signal) =>
              checkCall(getGameByTime, { body: { ...body, ...page, GameID: gameId, Bucket: bucket } }, { signal })
            }
            columns={timeFields.map(([f, k]) =>
              col<ByTimeRow>(t, f, k, { sortable: f !== 'Players' && f !== 'RTP' && f !== 'Rounds' }),
            )}
            csvColumns={csvOf<ByTimeRow>(t, timeFields)}
            rowKey="Time"
            defaultSort="Time Desc"
            defaultPageSize={20}
            fileName={`game-by-time-${gameId}`}
          />
          <CheckToolList<WinLoseMemberRow>
            testId="winlose-sort-table"
            title={t('winLoseGame.players', { game: gameId })}
            queryKey={['winlose-sort', body, gameId]}
            fetch={(page, signal) =>
              checkCall(getWinLoseSort, { body: { ...body, ...page, GameIDs: [gameId] } }, { signal })
            }
            columns={memberFields.map(([f, k]) =>
              col<WinLoseMemberRow>(t, f, k, {
                sortable: f !== 'NickName' && f !== 'Games',
                ...(f === 'MemberID'
                  ? {
                      render: (id: string) => (
                        <Link
                          to={drillLink('/check-tool/win-lose-member', filters, { MemberIDs: id, GameIDs: gameId })}
                        >
                          {id}
                        </Link>
                      ),
                    }
                  : {}),
              }),
            )}
            csvColumns={csvOf<WinLoseMemberRow>(t, memberFields)}
            rowKey="MemberID"
            defaultSort="Bet Desc"
            fileName={`winlose-sort-${gameId}`}
            totals={totalsOf(t, PLAY)}
          />
        </>
      )}
    </PageFrame>
  );
}
