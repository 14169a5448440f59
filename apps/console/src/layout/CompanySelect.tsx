import { App, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRevalidator } from 'react-router';
import { useSwitchCompanyMutation } from '../features/auth/queries/use-switch-company-mutation';
import { displaySeededName } from '../lib/seeded-names';
import { useGlobalStore } from '../store/global-store';

/** The user's companies (`companyIds`); switching re-scopes the token, refetches and re-runs the guard. */
export function CompanySelect({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const user = useGlobalStore((s) => s.user);
  const cid = useGlobalStore((s) => s.cid);
  const switchCompany = useSwitchCompanyMutation();
  const revalidator = useRevalidator();
  if (!user) return null;
  const companies = user.companies.filter((c) => user.companyIds.includes(c.cid));
  if (companies.length <= 1) {
    return compact ? null : (
      <Typography.Text type="secondary" data-testid="company-name" ellipsis style={{ maxWidth: 200 }}>
        {companies[0] ? displaySeededName(t, companies[0].name) : null}
      </Typography.Text>
    );
  }
  return (
    <Select
      aria-label={t('header.company')}
      data-testid="company-select"
      value={cid ?? user.cid}
      loading={switchCompany.isPending}
      disabled={switchCompany.isPending}
      style={{ width: compact ? 132 : 220 }}
      popupMatchSelectWidth={false}
      options={companies.map((c) => ({
        value: c.cid,
        label: `${displaySeededName(t, c.name)} · ${t(`priceLevels.${c.priceLevel}`)}`,
      }))}
      onChange={(next: number) =>
        switchCompany.mutate(next, {
          onSuccess: () => {
            revalidator.revalidate();
            const name = companies.find((c) => c.cid === next)?.name ?? String(next);
            void message.success(t('header.companySwitched', { name }));
          },
          onError: (error) => void message.error(error.message),
        })
      }
    />
  );
}
