import {
  type GameRtpByTimeRow,
  type GameRtpSearchRow,
  type ListEnvelope,
  searchGameRtp,
  searchGameRtpByTime,
} from '@pitboss/contract';
import { Button, Descriptions, Flex, Form, Segmented, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type CsvColumn, DataTable, pageFromEnvelope } from '../../components/DataTable';
import { type DateRange, DateRangePicker } from '../../components/DateRangePicker';
import { PageFrame } from '../../components/PageFrame';
import { SearchForm } from '../../components/SearchForm';
import { callApi } from '../../lib/api';
import { datedFileName, formatDateTime } from '../../lib/format';
import { drillLink } from '../check-tools/check-filters';
import { useCheckFilters } from '../check-tools/use-check-filters';
import { GamesSelect, GameTypesSelect } from './components/GamePickers';
import {
  fmtBand,
  fmtCount,
  fmtMoney,
  fmtPoints,
  fmtRtp,
  fmtZ,
  joinList,
  SEARCH_CONFIDENCES,
  splitList,
} from './search/search-format';

const EXTRA = ['GameTypes', 'GameIDs', 'Confidence', 'GameID', 'Bucket'] as const;

interface FormValues {
  range: DateRange;
  GameTypes: string[];
  GameIDs: string[];
  Confidence: number;
}

type Figures = Omit<GameRtpByTimeRow, 'Time'>;

/**
 * Game RTP search (`/check-tool/gameRTP-search`): per game over a range of days of the company's zone,
 * observed against expected RTP with the deviation, its standard error and confidence band; a game opens
 * its figures day by day (or hour by hour) and links to its rounds. Filters live in the URL.
 */
export function GameRtpSearchPage() {
  const { t } = useTranslation('game-rtp');
  const { filters, setFilters } = useCheckFilters(EXTRA);
  const [form] = Form.useForm<FormValues>();
  const pickedTypes = Form.useWatch('GameTypes', form);
  const [totals, setTotals] = useState<Record<string, number> | null>(null);

  const Start = filters.range[0].format('YYYY-MM-DD');
  const End = filters.range[1].format('YYYY-MM-DD');
  const gameTypes = splitList(filters.extra.GameTypes);
  const gameIds = splitList(filters.extra.GameIDs);
  const confidence = Number(filters.extra.Confidence) || 0.95;
  const selected = filters.extra.GameID ?? '';
  const bucket = filters.extra.Bucket === 'hour' ? 'hour' : 'day';
  const body = {
    Start,
    End,
    Confidence: confidence,
    ...(gameTypes.length ? { GameTypes: gameTypes } : {}),
    ...(gameIds.length ? { GameIDs: gameIds } : {}),
  };
  const setExtra = (extra: Record<string, string>) => setFilters({ ...filters, extra: { ...filters.extra, ...extra } });

  const figureColumns = <R extends Figures>(sortable: readonly string[]): ColumnsType<R> => {
    const num = (key: keyof Figures & string, render: (v: number | null) => string) => ({
      title: t(`search.columns.${key}`),
      dataIndex: key,
      key,
      align: 'right' as const,
      sorter: sortable.includes(key),
      render,
    });
    return [
      num('Rounds', fmtCount),
      num('Players', fmtCount),
      num('Turnover', fmtMoney),
      num('Payout', fmtMoney),
      num('GGR', fmtMoney),
      num('ObservedRTP', fmtRtp),
      num('ExpectedRTP', fmtRtp),
      {
        ...num('Deviation', fmtPoints),
        render: (v: number | null, row: R) => (
          <Typography.Text type={row.Significant ? 'danger' : undefined} strong={row.Significant}>
            {fmtPoints(v)}
          </Typography.Text>
        ),
      },
      num('StdError', (v: number | null) => (v === null ? '—' : v.toFixed(2))),
      {
        title: t('search.columns.Band', { confidence: (confidence * 100).toString() }),
        key: 'Band',
        align: 'right',
        render: (_: unknown, row: R) => fmtBand(row.BandLow, row.BandHigh),
      },
      num('ZScore', fmtZ),
      {
        title: t('search.columns.Significant'),
        key: 'Significant',
        render: (_: unknown, row: R) =>
          row.ExpectedRTP === null ? (
            <Typography.Text type="secondary">{t('search.noExpected')}</Typography.Text>
          ) : row.Significant ? (
            <Tag color="error">{t('search.significant')}</Tag>
          ) : (
            <Tag>{t('search.withinBand')}</Tag>
          ),
      },
    ];
  };

  const figureCsv = <R extends Figures>(): CsvColumn<R>[] =>
    (
      [
        'Rounds',
        'Players',
        'Turnover',
        'Payout',
        'GGR',
        'ObservedRTP',
        'ExpectedRTP',
        'Deviation',
        'StdError',
        'BandLow',
        'BandHigh',
        'ZScore',
        'Significant',
      ] as const
    ).map((key) => ({
      title: t(`search.csv.${key}`),
      value: (row: R) => {
        const v = row[key];
        return typeof v === 'boolean' ? (v ? 1 : 0) : (v ?? '');
      },
    }));

  const gameColumns: ColumnsType<GameRtpSearchRow> = [
    {
      title: t('search.columns.GameID'),
      dataIndex: 'GameID',
      key: 'GameID',
      sorter: true,
      fixed: 'left',
      render: (id: string) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={() => setExtra({ GameID: id })}
          data-testid={`rtp-game-${id}`}
        >
          {id}
        </Button>
      ),
    },
    { title: t('search.columns.GameName'), dataIndex: 'GameName', key: 'GameName' },
    { title: t('search.columns.GameType'), dataIndex: 'GameType', key: 'GameType', sorter: true },
    ...figureColumns<GameRtpSearchRow>([
      'Rounds',
      'Players',
      'Turnover',
      'Payout',
      'GGR',
      'ObservedRTP',
      'ExpectedRTP',
      'Deviation',
      'ZScore',
    ]),
  ];
  const gameCsv: CsvColumn<GameRtpSearchRow>[] = [
    { title: t('search.csv.GameID'), value: (r) => r.GameID },
    { title: t('search.csv.GameName'), value: (r) => r.GameName },
    { title: t('search.csv.GameType'), value: (r) => r.GameType },
    { title: t('search.csv.Provider'), value: (r) => r.Provider },
    ...figureCsv<GameRtpSearchRow>(),
  ];
  const timeColumns: ColumnsType<GameRtpByTimeRow> = [
    {
      title: t('search.columns.Time'),
      dataIndex: 'Time',
      key: 'Time',
      sorter: true,
      render: (time: string) => (bucket === 'hour' ? formatDateTime(time) : time),
    },
    ...figureColumns<GameRtpByTimeRow>(['Rounds', 'Turnover', 'Payout', 'ObservedRTP', 'Deviation', 'ZScore']),
  ];
  const timeCsv: CsvColumn<GameRtpByTimeRow>[] = [
    { title: t('search.csv.Time'), value: (r) => r.Time },
    ...figureCsv<GameRtpByTimeRow>(),
  ];

  const initialValues: FormValues = {
    range: filters.range,
    GameTypes: gameTypes,
    GameIDs: gameIds,
    Confidence: confidence,
  };

  return (
    <PageFrame description={t('search.description')}>
      <SearchForm<FormValues>
        key={JSON.stringify({ ...initialValues, range: initialValues.range.map((d) => d.toISOString()) })}
        form={form}
        initialValues={initialValues}
        onSearch={(values) =>
          setFilters({
            range: values.range ?? filters.range,
            MemberIDs: '',
            NickName: '',
            extra: {
              GameTypes: joinList(values.GameTypes),
              GameIDs: joinList(values.GameIDs),
              Confidence: String(values.Confidence ?? 0.95),
              GameID: '',
              Bucket: filters.extra.Bucket ?? '',
            },
          })
        }
      >
        <Form.Item name="range" label={t('search.range')} rules={[{ required: true }]}>
          <DateRangePicker />
        </Form.Item>
        <Form.Item name="GameTypes" label={t('alerts.filters.types')} style={{ minWidth: 180 }}>
          <GameTypesSelect data-testid="search-game-types" />
        </Form.Item>
        <Form.Item name="GameIDs" label={t('alerts.filters.games')} style={{ minWidth: 240 }}>
          <GamesSelect gameTypes={pickedTypes} data-testid="search-games" />
        </Form.Item>
        <Form.Item name="Confidence" label={t('search.confidence')} style={{ minWidth: 120 }}>
          <Select options={SEARCH_CONFIDENCES.map((c) => ({ value: c, label: `${c * 100} %` }))} />
        </Form.Item>
      </SearchForm>
      <Flex vertical gap="middle">
        {totals && (
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 4 }}
            title={t('search.totals')}
            data-testid="rtp-search-totals"
            items={[
              { key: 'Rounds', label: t('search.columns.Rounds'), children: fmtCount(totals.Rounds) },
              { key: 'Players', label: t('search.columns.Players'), children: fmtCount(totals.Players) },
              { key: 'Turnover', label: t('search.columns.Turnover'), children: fmtMoney(totals.Turnover) },
              { key: 'Payout', label: t('search.columns.Payout'), children: fmtMoney(totals.Payout) },
              { key: 'GGR', label: t('search.columns.GGR'), children: fmtMoney(totals.GGR) },
              { key: 'ObservedRTP', label: t('search.columns.ObservedRTP'), children: fmtRtp(totals.ObservedRTP) },
              { key: 'ExpectedRTP', label: t('search.weightedExpected'), children: fmtRtp(totals.ExpectedRTP) },
            ]}
          />
        )}
        <DataTable<GameRtpSearchRow>
          testId="rtp-search-table"
          queryKey={['game-rtp-search', body]}
          fetchPage={async (request, signal) => {
            const envelope: ListEnvelope<GameRtpSearchRow> = await callApi(
              searchGameRtp,
              {
                body: {
                  ...body,
                  PageNumber: request.page,
                  PageSize: request.pageSize,
                  ...(request.sort ? { sort: request.sort } : {}),
                },
              },
              { signal },
            );
            setTotals((envelope.data.output.Totals as Record<string, number> | undefined) ?? null);
            return pageFromEnvelope(envelope);
          }}
          columns={gameColumns}
          rowKey="GameID"
          defaultSort="Turnover Desc"
          scrollX="max-content"
          csv={{ fileName: datedFileName('game-rtp-search'), columns: gameCsv }}
        />
        {selected && (
          <Flex vertical gap="small" data-testid="rtp-by-time">
            <Flex justify="space-between" align="center" wrap gap="small">
              <Typography.Title level={5} style={{ margin: 0 }}>
                {t('search.byTime', { game: selected })}
              </Typography.Title>
              <Flex gap="small" align="center" wrap>
                <Segmented
                  value={bucket}
                  onChange={(value) => setExtra({ Bucket: String(value) })}
                  options={[
                    { value: 'day', label: t('search.byDay') },
                    { value: 'hour', label: t('search.byHour') },
                  ]}
                  aria-label={t('search.bucket')}
                />
                <Link to={drillLink('/check-tool/win-lose-member', filters, { GameIDs: selected })}>
                  {t('search.rounds')}
                </Link>
                <Button size="small" onClick={() => setExtra({ GameID: '' })}>
                  {t('search.close')}
                </Button>
              </Flex>
            </Flex>
            <DataTable<GameRtpByTimeRow>
              queryKey={['game-rtp-search', 'by-time', body, selected, bucket]}
              fetchPage={async (request, signal) =>
                pageFromEnvelope(
                  await callApi(
                    searchGameRtpByTime,
                    {
                      body: {
                        Start,
                        End,
                        Confidence: confidence,
                        GameID: selected,
                        Bucket: bucket,
                        PageNumber: request.page,
                        PageSize: request.pageSize,
                        ...(request.sort ? { sort: request.sort } : {}),
                      },
                    },
                    { signal },
                  ),
                )
              }
              columns={timeColumns}
              rowKey="Time"
              defaultSort="Time Asc"
              scrollX="max-content"
              csv={{ fileName: datedFileName(`game-rtp-${selected}-by-${bucket}`), columns: timeCsv }}
            />
          </Flex>
        )}
      </Flex>
    </PageFrame>
  );
}
