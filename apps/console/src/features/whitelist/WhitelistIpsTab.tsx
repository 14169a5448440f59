import type { WhitelistIp } from '@pitboss/contract';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import type { EntryProblem } from '../../components/BulkAdd';
import { ListPanel } from '../../components/ListPanel/ListPanel';
import { useCan } from '../../hooks/useCan';
import type { CsvColumn } from '../../lib/csv';
import { datedFileName, formatDateTime } from '../../lib/format';
import { isoInZone } from '../../lib/time-zone';
import { canonicalIp, IP_CSV_COLUMNS, isIpAddress, validateIpEntry } from './ip-entries';
import { fetchWhitelistIpsPage, type WhitelistIpFilters, whitelistIpsQueryKey } from './queries/list-whitelist-ips';
import { useAddWhitelistIpsMutation } from './queries/use-add-whitelist-ips-mutation';
import { useRemoveWhitelistIpsMutation } from './queries/use-remove-whitelist-ips-mutation';

const CSV_COLUMNS: CsvColumn<WhitelistIp>[] = [
  { title: 'IP', value: (r) => r.IP },
  { title: 'Memo', value: (r) => r.Memo },
  { title: 'CreateDate', value: (r) => isoInZone(r.CreateDate) },
  { title: 'CreatedBy', value: (r) => r.CreatedBy },
];

const suggestionOf = (problem: EntryProblem) =>
  problem.code === 'hostBits' ? String(problem.values?.network ?? '') || undefined : undefined;

/** Logins from these addresses and ranges (IPv4, IPv6, CIDR) raise no IP-login alerts. */
export function WhitelistIpsTab() {
  const { t } = useTranslation('whitelist');
  const { canEdit } = useCan();
  const add = useAddWhitelistIpsMutation();
  const remove = useRemoveWhitelistIpsMutation();

  const columns: ColumnsType<WhitelistIp> = [
    { title: t('ip.IP'), dataIndex: 'IP', sorter: true },
    { title: t('columns.Memo'), dataIndex: 'Memo', ellipsis: { showTitle: true }, width: 360 },
    { title: t('columns.CreateDate'), dataIndex: 'CreateDate', sorter: true, render: (v: string) => formatDateTime(v) },
    { title: t('columns.CreatedBy'), dataIndex: 'CreatedBy' },
  ];

  const describeProblem = (problem: EntryProblem): string | undefined => {
    if (problem.code === 'hostBits') return t('ip.hostBits', { network: problem.values?.network });
    if (problem.code === 'badRange' || problem.code === 'badIp') return t(`ip.${problem.code}`);
    // A server refusal the console's own check missed: say it in the user's language where we can.
    const key = String(problem.values?.key ?? '');
    const local = problem.code === 'VALIDATION_FAILED' && key ? validateIpEntry({ line: 0, key, memo: '' }) : undefined;
    return local ? describeProblem(local) : undefined;
  };

  return (
    <ListPanel<WhitelistIp, WhitelistIpFilters>
      testId="whitelist-ips"
      queryKey={whitelistIpsQueryKey}
      fetchPage={fetchWhitelistIpsPage}
      columns={columns}
      rowKey="IP"
      defaultSort="CreateDate Desc"
      csv={{ fileName: datedFileName('ip-whitelist'), columns: CSV_COLUMNS }}
      canEdit={canEdit}
      filterFields={
        <>
          <Form.Item name="IP" label={t('ip.search')} rules={[{ max: 100 }]} style={{ width: 220 }}>
            <Input allowClear placeholder="192.168" />
          </Form.Item>
          <Form.Item
            name="Covering"
            label={t('ip.covering')}
            tooltip={t('ip.coveringHelp')}
            style={{ width: 240 }}
            rules={[
              {
                validator: async (_rule, value: string | undefined) => {
                  if (value?.trim() && !isIpAddress(value)) throw new Error(t('ip.badIp'));
                },
              },
            ]}
          >
            <Input allowClear placeholder="203.0.113.7" />
          </Form.Item>
        </>
      }
      toFilters={(values) => ({ IP: values.IP?.trim() || undefined, Covering: values.Covering?.trim() || undefined })}
      addLabel={t('ip.add')}
      add={{
        title: t('ip.addTitle'),
        intro: t('ip.addIntro'),
        keyTitle: t('ip.IP'),
        pastePlaceholder: t('ip.pastePlaceholder'),
        bodyField: 'WhiteIP_UDT',
        csv: IP_CSV_COLUMNS,
        csvHint: t('ip.csvHint'),
        validate: validateIpEntry,
        canonical: canonicalIp,
        describeProblem,
        suggestionOf,
        submit: async (entries) => {
          const answer = await add.mutateAsync(entries.map((e) => ({ IP: e.key.trim(), Memo: e.memo })));
          return { added: answer.Added, alreadyListed: answer.AlreadyListed };
        },
      }}
      remove={(ips) => remove.mutateAsync(ips)}
      removeWhat={(ips) => (ips.length === 1 ? t('ip.whatOne', { ip: ips[0] }) : t('ip.what', { count: ips.length }))}
      removeDetails={t('ip.removeDetails')}
    />
  );
}
