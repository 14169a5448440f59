import { AUTO_UPDATE_COUNTDOWN_SECONDS } from '@pitboss/contract';
import { Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §2/§4: a product-update notice counts down 10 s, then reloads; "update now" reloads at once. */
export function UpdateModal({
  version,
  reload = () => window.location.reload(),
}: {
  version: string;
  reload?: () => void;
}) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(AUTO_UPDATE_COUNTDOWN_SECONDS);
  useEffect(() => {
    const timer = window.setInterval(() => setSeconds((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (seconds === 0) reload();
  }, [seconds, reload]);
  return (
    <Modal
      open
      title={t('update.title')}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      wrapClassName="pb-update-modal"
      footer={
        <Button type="primary" onClick={reload} data-testid="update-now">
          {t('update.now')}
        </Button>
      }
    >
      <p data-version={version}>{t('update.body', { seconds })}</p>
      <p data-testid="update-countdown" style={{ fontSize: 28, fontWeight: 600, margin: 0, textAlign: 'center' }}>
        {seconds}
      </p>
    </Modal>
  );
}
