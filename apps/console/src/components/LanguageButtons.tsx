import type { Language } from '@pitboss/contract';
import { Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { isSelectableLanguage, LANGUAGE_NAMES, SELECTABLE_LANGUAGES, switchLanguage } from '../i18n';
import { useGlobalStore } from '../store/global-store';

/**
 * The language switch of the public pages (login, registration, password reset): one button per
 * language, each named in its own language. `onPicked` hears a language once it is loaded.
 */
export function LanguageButtons({ onPicked, testId }: { onPicked?: (language: Language) => void; testId: string }) {
  const { t, i18n } = useTranslation();
  const setLanguage = useGlobalStore((s) => s.setLanguage);
  const current = isSelectableLanguage(i18n.language) ? i18n.language : undefined;
  const pick = async (language: Language) => {
    if (await switchLanguage(language)) {
      setLanguage(language);
      onPicked?.(language);
    }
  };
  return (
    <Flex gap={2} wrap role="group" aria-label={t('common:header.language')} data-testid={testId}>
      {SELECTABLE_LANGUAGES.map((language) => (
        <Button
          key={language}
          size="small"
          type={language === current ? 'primary' : 'text'}
          ghost={language === current}
          lang={language}
          aria-pressed={language === current}
          onClick={() => void pick(language)}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Flex>
  );
}
