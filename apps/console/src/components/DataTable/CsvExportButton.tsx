import { DownloadOutlined } from '@ant-design/icons';
import { App, Button, Modal, Progress } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CsvColumn } from '../../lib/csv';
import type { DataPage, PageRequest } from '../../lib/list-page';

export interface CsvExportButtonProps<T> {
  fetchPage: (request: PageRequest, signal: AbortSignal) => Promise<DataPage<T>>;
  sort: string | undefined;
  fileName: string;
  columns: CsvColumn<T>[];
  maxRows?: number | undefined;
  disabled?: boolean;
}

/** Exports the current query across pages, with a progress dialog that can stop it, up to a cap. */
export function CsvExportButton<T>(props: CsvExportButtonProps<T>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const abort = useRef<AbortController>(undefined);

  const run = async () => {
    const controller = new AbortController();
    abort.current = controller;
    setProgress({ done: 0, total: 0 });
    try {
      // The CSV writer (papaparse) is downloaded when an export starts, not with every list screen.
      const { collectCsv, downloadText } = await import('../../lib/csv');
      const { parts, count, capped } = await collectCsv({
        columns: props.columns,
        fetchPage: props.fetchPage,
        sort: props.sort,
        maxRows: props.maxRows,
        signal: controller.signal,
        onProgress: (done, total) => setProgress({ done, total }),
      });
      downloadText(props.fileName.endsWith('.csv') ? props.fileName : `${props.fileName}.csv`, parts);
      void message.success(t('table.exportDone', { count }));
      if (capped) void message.warning(t('table.exportCapped', { cap: count }));
    } catch (error) {
      if (!controller.signal.aborted)
        void message.error(t('table.exportFailed', { message: (error as Error).message }));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => void run()} disabled={props.disabled || !!progress}>
        {t('actions.exportCsv')}
      </Button>
      <Modal
        open={!!progress}
        title={t('actions.exportCsv')}
        closable={false}
        footer={<Button onClick={() => abort.current?.abort()}>{t('actions.stop')}</Button>}
      >
        <Progress percent={progress?.total ? Math.round((progress.done / progress.total) * 100) : 0} />
        <p>{t('table.exporting', { done: progress?.done ?? 0, total: progress?.total ?? 0 })}</p>
      </Modal>
    </>
  );
}
