import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useListMonitorGameTypesQuery } from '../queries/use-list-monitor-game-types-query';
import { useListMonitorGamesQuery } from '../queries/use-list-monitor-games-query';

/** What a `Form.Item` hands its control: the picked values and the change handler. */
interface PickerProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  'data-testid'?: string;
}

/** Several game types of the company's catalogue (`check-tool/MonitorGameType`), with their game counts. */
export function GameTypesSelect(props: PickerProps) {
  const { t } = useTranslation('game-rtp');
  const types = useListMonitorGameTypesQuery();
  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={t('alerts.filters.all')}
      loading={types.isPending}
      options={(types.data ?? [])
        .filter((row) => row.GameType !== '')
        .map((row) => ({ value: row.GameType, label: `${row.GameType} (${row.Games})` }))}
    />
  );
}

/** Several games of the catalogue (`check-tool/MonitorGame`), of `gameTypes` when some are picked. */
export function GamesSelect({ gameTypes, ...props }: PickerProps & { gameTypes?: string[] | undefined }) {
  const { t } = useTranslation('game-rtp');
  const games = useListMonitorGamesQuery(gameTypes);
  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      placeholder={t('alerts.filters.all')}
      loading={games.isPending}
      showSearch={{ optionFilterProp: 'label' }}
      options={(games.data ?? []).map((row) => ({
        value: row.GameID,
        label: row.GameName ? `${row.GameName} (${row.GameID})` : row.GameID,
      }))}
    />
  );
}
