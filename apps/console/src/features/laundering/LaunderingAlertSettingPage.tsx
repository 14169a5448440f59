import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { LaunderingSettingRecord } from '@pitboss/contract';
import { Alert, App, Button, Flex, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { useCan } from '../../hooks/useCan';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { formatDateTime } from '../../lib/format';
import { LaunderingSettingDrawer } from './LaunderingSettingDrawer';
import { useDeleteLaunderingSettingMutation } from './queries/use-delete-laundering-setting-mutation';
import { useLaunderingSettingsQuery } from './queries/use-laundering-settings-query';
import { useSaveLaunderingSettingMutation } from './queries/use-save-laundering-setting-mutation';
import { settingToValues, valuesToBody } from './setting-form';

const money = (n: number) => n.toLocaleString(undefined, { maximumFractionDigits: 2 });

/**
 * Opposing-bet settings (`/monitor/laundering-alert-setting`, platform and aggregator only): the pairs
 * of opposite sides, games, stakes, window and levels of each setting. Editors and admins create, edit,
 * switch on/off and delete; viewers read.
 */
export function LaunderingAlertSettingPage() {
  const { t } = useTranslation('laundering');
  const { canEdit } = useCan();
  const { message } = App.useApp();
  const settings = useLaunderingSettingsQuery();
  const save = useSaveLaunderingSettingMutation();
  const remove = useDeleteLaunderingSettingMutation();
  const confirmDelete = useConfirmDelete();
  const [open, setOpen] = useState<LaunderingSettingRecord | 'new'>();

  const toggle = async (setting: LaunderingSettingRecord, Enabled: boolean) => {
    try {
      await save.mutateAsync({
        EventID: setting.EventID,
        body: { ...valuesToBody(settingToValues(setting)), Enabled },
      });
      void message.success(t(Enabled ? 'settings.turnedOn' : 'settings.turnedOff', { name: setting.EventName }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const columns: ColumnsType<LaunderingSettingRecord> = [
    {
      title: t('settings.name'),
      dataIndex: 'EventName',
      sorter: (a, b) => a.EventName.localeCompare(b.EventName),
      defaultSortOrder: 'ascend',
      render: (name: string, s) => (
        <Flex vertical>
          <Typography.Text strong type={s.Enabled ? undefined : 'secondary'}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary">#{s.EventID}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('settings.sidePairs'),
      key: 'pairs',
      render: (_, s) => (
        <Flex gap={4} wrap style={{ maxWidth: 320 }}>
          {s.SidePairs.map(([a, b]) => (
            <Tag key={`${a}|${b}`}>
              {a} ↔ {b}
            </Tag>
          ))}
        </Flex>
      ),
    },
    {
      title: t('settings.gameTypes'),
      dataIndex: 'GameTypes',
      render: (types: string[]) => (types.length === 0 ? t('settings.everyGame') : types.join(', ')),
    },
    {
      title: t('settings.stakes'),
      key: 'stakes',
      render: (_, s) =>
        t('settings.stakesValue', { min: money(s.MinStake), tolerance: s.StakeTolerance, share: s.MinOpposedShare }),
    },
    {
      title: t('settings.window'),
      key: 'window',
      render: (_, s) => `${s.LoopValue} × ${t(`timeUnits.${s.TimeUnit}`)}`,
    },
    {
      title: t('settings.levels'),
      key: 'levels',
      render: (_, s) => (
        <Flex vertical gap={2}>
          {[...s.Levels]
            .sort((a, b) => a.Level - b.Level)
            .map((l) => (
              <span key={l.Level}>
                <Tag color={l.Level === 3 ? 'red' : l.Level === 2 ? 'orange' : 'gold'}>L{l.Level}</Tag>
                {[
                  l.Rounds > 0 ? t('settings.roundsShort', { count: l.Rounds }) : '',
                  l.MatchedStake > 0 ? t('settings.stakeShort', { stake: money(l.MatchedStake) }) : '',
                ]
                  .filter(Boolean)
                  .join(` ${t(`ops.${l.Op}`)} `)}
              </span>
            ))}
        </Flex>
      ),
    },
    {
      title: t('settings.enabled'),
      dataIndex: 'Enabled',
      render: (enabled: boolean, s) => (
        <Switch
          checked={enabled}
          disabled={!canEdit}
          loading={save.isPending && save.variables?.EventID === s.EventID}
          onChange={(next) => void toggle(s, next)}
          aria-label={t('settings.enabledOf', { name: s.EventName })}
          data-testid={`laundering-enabled-${s.EventID}`}
        />
      ),
    },
    {
      title: t('settings.updated'),
      dataIndex: 'UpdateDate',
      sorter: (a, b) => a.UpdateDate.localeCompare(b.UpdateDate),
      render: (date: string, s) => (
        <Flex vertical>
          <span>{formatDateTime(date)}</span>
          <Typography.Text type="secondary">{s.UpdatedBy}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('alerts.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, s) =>
        canEdit ? (
          <Flex gap={4}>
            <Button
              size="small"
              icon={<EditOutlined />}
              onClick={() => setOpen(s)}
              data-testid={`laundering-edit-${s.EventID}`}
            >
              {t('common:actions.edit')}
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmDelete({
                  what: t('settings.settingNamed', { name: s.EventName }),
                  onConfirm: () => remove.mutateAsync(s.EventID),
                })
              }
            >
              {t('common:actions.delete')}
            </Button>
          </Flex>
        ) : (
          <Button
            size="small"
            icon={<EyeOutlined />}
            onClick={() => setOpen(s)}
            data-testid={`laundering-view-${s.EventID}`}
          >
            {t('settings.viewOne')}
          </Button>
        ),
    },
  ];

  return (
    <PageFrame
      description={t('settings.description')}
      toolbar={
        canEdit && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setOpen('new')}
            data-testid="laundering-setting-create"
          >
            {t('settings.create')}
          </Button>
        )
      }
    >
      {settings.isError && (
        <Alert
          type="error"
          showIcon
          title={t('settings.loadFailed')}
          description={settings.error.message}
          action={
            <Button size="small" onClick={() => void settings.refetch()}>
              {t('common:actions.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
          data-testid="table-error"
        />
      )}
      <Table<LaunderingSettingRecord>
        rowKey="EventID"
        columns={columns}
        dataSource={settings.data ?? []}
        loading={settings.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('settings.none') }}
        data-testid="laundering-settings-table"
      />
      <LaunderingSettingDrawer setting={open} readOnly={!canEdit} onClose={() => setOpen(undefined)} />
    </PageFrame>
  );
}
