import { DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import type { GameRtpRuleRecord } from '@pitboss/contract';
import { Alert, App, Button, Flex, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/PageFrame';
import { useCan } from '../../hooks/useCan';
import { useConfirmDelete } from '../../hooks/useConfirmDelete';
import { formatDateTime } from '../../lib/format';
import { LevelTag } from '../player-alerts/components/AlertTags';
import { useDeleteGameRtpSettingMutation } from './queries/use-delete-game-rtp-setting-mutation';
import { useListGameRtpSettingsQuery } from './queries/use-list-game-rtp-settings-query';
import { useSaveGameRtpSettingMutation } from './queries/use-save-game-rtp-setting-mutation';
import { GameRuleDrawer } from './settings/GameRuleDrawer';
import { formatRtp, ruleWithEnabled } from './settings/game-rule-form';

/**
 * Game settings (`/monitor/gameRtpV2`): the company's game RTP rules. Editors and admins create, edit,
 * switch on/off and delete; viewers read.
 */
export function GameRtpSettingPage() {
  const { t, i18n } = useTranslation(['game-rtp', 'alert-rules', 'alerting']);
  const { canEdit } = useCan();
  const { message } = App.useApp();
  const rules = useListGameRtpSettingsQuery();
  const save = useSaveGameRtpSettingMutation();
  const remove = useDeleteGameRtpSettingMutation();
  const confirmDelete = useConfirmDelete();
  const [open, setOpen] = useState<GameRtpRuleRecord | 'new'>();

  const toggle = async (rule: GameRtpRuleRecord, Enabled: boolean) => {
    try {
      await save.mutateAsync({ EventID: rule.EventID, body: ruleWithEnabled(rule, Enabled) });
      void message.success(t(Enabled ? 'settings.turnedOn' : 'settings.turnedOff', { name: rule.EventName }));
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  const columns: ColumnsType<GameRtpRuleRecord> = [
    {
      title: t('settings.name'),
      dataIndex: 'EventName',
      sorter: (a, b) => a.EventName.localeCompare(b.EventName),
      defaultSortOrder: 'ascend',
      render: (name: string, rule) => (
        <Typography.Text strong type={rule.Enabled ? undefined : 'secondary'}>
          {name}
        </Typography.Text>
      ),
    },
    {
      title: t('settings.target'),
      key: 'target',
      render: (_, rule) => (
        <Flex gap={4} align="center" wrap>
          <Tag style={{ marginInlineEnd: 0 }}>{t(`settings.scopes.${rule.Scope}`)}</Tag>
          {rule.Scope === 'type' && <span>{rule.GameType}</span>}
          {rule.Scope === 'game' && <span>{rule.GameID}</span>}
        </Flex>
      ),
    },
    {
      title: t('settings.expectedRtp'),
      dataIndex: 'ExpectedRTP',
      render: (rtp: number | null) =>
        rtp === null ? (
          <Typography.Text type="secondary">{t('settings.masterData')}</Typography.Text>
        ) : (
          formatRtp(rtp, i18n.language)
        ),
    },
    {
      title: t('settings.window'),
      key: 'window',
      render: (_, rule) =>
        t('alert-rules:settings.windowValue', {
          count: rule.LoopValue,
          unit: t(`alert-rules:unitCount.${rule.TimeUnit}`, { count: rule.LoopValue }),
        }),
    },
    {
      title: t('settings.minRounds'),
      dataIndex: 'MinRounds',
      align: 'right',
      render: (n: number) => n.toLocaleString(i18n.language),
    },
    {
      title: t('settings.levels'),
      key: 'levels',
      render: (_, rule) => (
        <Flex vertical gap={2}>
          {[...rule.Levels]
            .sort((a, b) => a.Level - b.Level)
            .map((level) => (
              <Flex key={level.Level} gap={4} align="center">
                <LevelTag level={level.Level} />
                <Typography.Text style={{ whiteSpace: 'nowrap' }}>
                  {t('settings.levelSummary', {
                    above: level.Above === null ? '—' : `+${level.Above}`,
                    below: level.Below === null ? '—' : `−${level.Below}`,
                    confidence: (level.Confidence * 100).toLocaleString(i18n.language, { maximumFractionDigits: 2 }),
                  })}
                </Typography.Text>
              </Flex>
            ))}
        </Flex>
      ),
    },
    {
      title: t('settings.enabled'),
      dataIndex: 'Enabled',
      render: (enabled: boolean, rule) => (
        <Switch
          checked={enabled}
          disabled={!canEdit}
          loading={save.isPending && save.variables?.EventID === rule.EventID}
          onChange={(next) => void toggle(rule, next)}
          aria-label={t('settings.enabledOf', { name: rule.EventName })}
          data-testid={`game-rule-enabled-${rule.EventID}`}
        />
      ),
    },
    {
      title: t('settings.updated'),
      dataIndex: 'UpdateDate',
      sorter: (a, b) => a.UpdateDate.localeCompare(b.UpdateDate),
      render: (date: string, rule) => (
        <Flex vertical>
          <span>{formatDateTime(date)}</span>
          <Typography.Text type="secondary">{rule.UpdatedBy}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('alert-rules:actions.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, rule) =>
        canEdit ? (
          <Flex gap={4}>
            <Button size="small" icon={<EditOutlined />} onClick={() => setOpen(rule)}>
              {t('actions.edit')}
            </Button>
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmDelete({
                  what: t('settings.ruleNamed', { name: rule.EventName }),
                  details: t('settings.deleteKeepsAlerts'),
                  onConfirm: () => remove.mutateAsync(rule.EventID),
                })
              }
            >
              {t('actions.delete')}
            </Button>
          </Flex>
        ) : (
          <Button size="small" icon={<EyeOutlined />} onClick={() => setOpen(rule)}>
            {t('alert-rules:actions.view')}
          </Button>
        ),
    },
  ];

  return (
    <PageFrame
      description={t('settings.description')}
      toolbar={
        canEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen('new')} data-testid="game-rule-create">
            {t('settings.create')}
          </Button>
        )
      }
    >
      {rules.isError && (
        <Alert
          type="error"
          showIcon
          title={t('table.loadFailed')}
          description={rules.error.message}
          action={
            <Button size="small" onClick={() => void rules.refetch()}>
              {t('actions.retry')}
            </Button>
          }
          style={{ marginBottom: 12 }}
          data-testid="table-error"
        />
      )}
      <Table<GameRtpRuleRecord>
        rowKey="EventID"
        columns={columns}
        dataSource={rules.data ?? []}
        loading={rules.isPending}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="game-rules-table"
      />
      <GameRuleDrawer rule={open} readOnly={!canEdit} onClose={() => setOpen(undefined)} />
    </PageFrame>
  );
}
