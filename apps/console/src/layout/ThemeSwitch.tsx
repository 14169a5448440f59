import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../hooks/usePreferences';
import { useGlobalStore } from '../store/global-store';

/** Light/dark switch; the choice is kept on the device and in the user's preferences. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const dark = useGlobalStore((s) => s.dark);
  const { changeDark } = usePreferences();
  const label = dark ? t('header.lightMode') : t('header.darkMode');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        icon={dark ? <SunOutlined /> : <MoonOutlined />}
        aria-label={label}
        aria-pressed={dark}
        data-testid="theme-toggle"
        onClick={() => changeDark(!dark)}
      />
    </Tooltip>
  );
}
