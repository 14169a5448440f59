import { FileTextOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkEntry, CsvColumnsSpec } from './bulk-entries';

/** Larger files are refused before reading: 10,000 entries with long memos stay far below. */
export const CSV_FILE_MAX_BYTES = 20 * 1024 * 1024;

export interface LoadedFile {
  name: string;
  entries: BulkEntry[];
  /** The file did not read as UTF-8 (replacement characters appeared). */
  notUtf8: boolean;
}

/** Chooses a CSV file (the browser's file chooser) and reads its entries; nothing is uploaded. */
export function CsvFileInput(props: {
  file: LoadedFile | undefined;
  disabled: boolean;
  spec: CsvColumnsSpec;
  hint: string;
  onLoad: (file: LoadedFile | undefined) => void;
}) {
  const { t } = useTranslation('lists');
  const [error, setError] = useState<string>();

  const read = async (file: File) => {
    setError(undefined);
    if (file.size > CSV_FILE_MAX_BYTES) {
      setError(t('bulkAdd.fileTooLarge', { max: CSV_FILE_MAX_BYTES / 1024 / 1024 }));
      props.onLoad(undefined);
      return;
    }
    try {
      const [text, { entriesFromCsv }] = await Promise.all([file.text(), import('./csv-entries')]);
      props.onLoad({ name: file.name, entries: entriesFromCsv(text, props.spec), notUtf8: text.includes('\uFFFD') });
    } catch (failure) {
      setError(t('bulkAdd.fileUnreadable', { message: (failure as Error).message }));
      props.onLoad(undefined);
    }
  };

  return (
    <Flex vertical gap="small">
      <Flex wrap gap="small" align="center">
        <Upload
          accept=".csv,.txt,text/csv,text/plain"
          showUploadList={false}
          maxCount={1}
          disabled={props.disabled}
          beforeUpload={(file) => {
            void read(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} disabled={props.disabled} data-testid="bulk-choose-file">
            {t('bulkAdd.chooseFile')}
          </Button>
        </Upload>
        {props.file && (
          <Typography.Text data-testid="bulk-file-name">
            <FileTextOutlined /> {t('bulkAdd.fileRead', { name: props.file.name, count: props.file.entries.length })}
          </Typography.Text>
        )}
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {props.hint}
      </Typography.Text>
      {props.file?.notUtf8 && <Alert type="warning" showIcon title={t('bulkAdd.notUtf8')} />}
      {error && <Alert type="error" showIcon title={error} />}
    </Flex>
  );
}
