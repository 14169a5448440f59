import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../hooks/usePreferences';
import { isSelectableLanguage, LANGUAGE_NAMES, SELECTABLE_LANGUAGES } from '../i18n/languages';

/** The selectable languages (en, zh, zh-CN); ja and th ship but are not offered. */
export function LanguageSelect({ compact }: { compact: boolean }) {
  const { t, i18n } = useTranslation();
  const { changeLanguage } = usePreferences();
  const current = isSelectableLanguage(i18n.language) ? i18n.language : undefined;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: current ? [current] : [],
        items: SELECTABLE_LANGUAGES.map((language) => ({
          key: language,
          label: <span lang={language}>{LANGUAGE_NAMES[language]}</span>,
        })),
        onClick: ({ key }) => {
          if (isSelectableLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('header.language')} data-testid="language-select">
        {compact ? null : current ? LANGUAGE_NAMES[current] : null}
      </Button>
    </Dropdown>
  );
}
