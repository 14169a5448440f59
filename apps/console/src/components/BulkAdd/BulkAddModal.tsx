import { MAX_IDS_PER_REQUEST, MEMO_MAX_LENGTH } from '@pitboss/contract';
import { Alert, Button, Flex, Input, Modal, Segmented, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error';
import { bulkFieldErrors } from '../../lib/form-errors';
import { BulkPreview } from './BulkPreview';
import {
  applyAnswer,
  applyRefusals,
  type BulkAnswer,
  type BulkEntry,
  type CsvColumnsSpec,
  checkEntries,
  type EntryProblem,
  entriesFromText,
  isTooMany,
  sendable,
  summarise,
} from './bulk-entries';
import { CsvFileInput, type LoadedFile } from './CsvFileInput';

export interface BulkAddResult extends BulkAnswer {
  /** More to say after a success, e.g. "2 lock calls queued". */
  note?: ReactNode;
}

export interface BulkAddModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** Title of the value column: "Member ID", "IP or range". */
  keyTitle: string;
  pastePlaceholder: string;
  /** The body field of the bulk call (`BlackMember_UDT`): the server names refused entries by index in it. */
  bodyField: string;
  /** How a CSV file names its columns. */
  csv: CsvColumnsSpec;
  /** What the file may hold, shown under the file chooser. */
  csvHint: string;
  validate: (entry: BulkEntry) => EntryProblem | undefined;
  /** The server's form of a value, to spot repeats and read its answer (`2001:DB8::1` → `2001:db8::1`). */
  canonical?: (key: string) => string;
  /** Text of a problem code the screen knows (its own checks, the server's refusal codes). */
  describeProblem?: (problem: EntryProblem) => string | undefined;
  suggestionOf?: (problem: EntryProblem) => string | undefined;
  submit: (entries: { key: string; memo: string }[]) => Promise<BulkAddResult>;
  /** Above the input: what adding does. */
  intro?: ReactNode;
}

/** Problem codes every bulk add knows (`common:bulkAdd.problems`). */
const GENERIC_PROBLEMS = ['blank', 'duplicate', 'memoTooLong', 'tooLong'];

interface Sent {
  entries: BulkEntry[];
  refused: boolean;
  note?: ReactNode;
}

/**
 * Adding one or many entries to a list: pasted, or from a CSV file through the file chooser, with a
 * common memo; a preview of what will be sent (and what is skipped, and why); then the server's
 * answer entry by entry — added, already listed, or refused (nothing changed; the others may be sent).
 */
export function BulkAddModal(props: BulkAddModalProps) {
  const { t } = useTranslation('lists');
  const [source, setSource] = useState<'paste' | 'file'>('paste');
  const [text, setText] = useState('');
  const [file, setFile] = useState<LoadedFile>();
  const [memo, setMemo] = useState('');
  const [fixes, setFixes] = useState<ReadonlyMap<string, string>>(new Map());
  const [sent, setSent] = useState<Sent>();
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const { validate, canonical } = props;

  const drafted = useMemo(() => {
    const raw = source === 'paste' ? entriesFromText(text) : (file?.entries ?? []);
    const fixed = raw.map((entry) => ({ ...entry, key: fixes.get(entry.key) ?? entry.key }));
    const check = (entry: BulkEntry): EntryProblem | undefined =>
      entry.memo.length > MEMO_MAX_LENGTH ? { code: 'memoTooLong', values: { max: MEMO_MAX_LENGTH } } : validate(entry);
    return checkEntries(fixed, check, canonical);
  }, [source, text, file, fixes, validate, canonical]);
  const entries = sent?.entries ?? drafted;
  const summary = summarise(entries);
  const tooMany = isTooMany(entries);
  const done = sent !== undefined && !sent.refused;

  const describe = (problem: EntryProblem): string => {
    const known = props.describeProblem?.(problem);
    if (known) return known;
    if (GENERIC_PROBLEMS.includes(problem.code)) return t(`bulkAdd.problems.${problem.code}`, problem.values);
    return String(problem.values?.message ?? problem.code);
  };

  const reset = () => {
    setText('');
    setFile(undefined);
    setMemo('');
    setFixes(new Map());
    setSent(undefined);
    setError(undefined);
  };

  const send = async () => {
    const batch = sendable(entries);
    setSending(true);
    setError(undefined);
    try {
      const answer = await props.submit(batch.map((e) => ({ key: e.key, memo: e.memo || memo.trim() })));
      setSent({ entries: applyAnswer(entries, batch, answer, canonical), refused: false, note: answer.note });
    } catch (failure) {
      setError((failure as Error).message);
      const refused = bulkFieldErrors(failure, props.bodyField);
      if (refused.size > 0) {
        const code = isApiError(failure) ? failure.messageCode : 'refused';
        const problems = new Map(
          [...refused].map(([index, fieldError]) => [
            index,
            { code, values: { message: fieldError.message, key: batch[index]?.key ?? '' } },
          ]),
        );
        setSent({ entries: applyRefusals(entries, batch, problems), refused: true });
      }
    } finally {
      setSending(false);
    }
  };

  const footer = done ? (
    <>
      <Button onClick={reset}>{t('bulkAdd.addMore')}</Button>
      <Button type="primary" onClick={props.onClose} data-testid="bulk-close">
        {t('bulkAdd.close')}
      </Button>
    </>
  ) : (
    <>
      {sent ? (
        <Button onClick={() => setSent(undefined)}>{t('bulkAdd.editList')}</Button>
      ) : (
        <Button onClick={props.onClose}>{t('actions.cancel')}</Button>
      )}
      <Button
        type="primary"
        loading={sending}
        disabled={summary.toSend === 0 || tooMany}
        onClick={() => void send()}
        data-testid="bulk-submit"
      >
        {sent ? t('bulkAdd.addOthers', { count: summary.toSend }) : t('bulkAdd.add', { count: summary.toSend })}
      </Button>
    </>
  );

  const locked = sent !== undefined || sending;
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={820}
      onCancel={props.onClose}
      afterClose={reset}
      footer={footer}
      mask={{ closable: false }}
      data-testid="bulk-add-modal"
    >
      <Flex vertical gap="middle">
        {props.intro && <Typography.Text type="secondary">{props.intro}</Typography.Text>}
        <Segmented
          value={source}
          disabled={locked}
          onChange={(value) => setSource(value as 'paste' | 'file')}
          options={[
            { value: 'paste', label: t('bulkAdd.paste') },
            { value: 'file', label: t('bulkAdd.file') },
          ]}
        />
        {source === 'paste' ? (
          <Input.TextArea
            value={text}
            disabled={locked}
            autoSize={{ minRows: 4, maxRows: 10 }}
            placeholder={props.pastePlaceholder}
            onChange={(event) => setText(event.target.value)}
            aria-label={props.keyTitle}
            data-testid="bulk-paste"
          />
        ) : (
          <CsvFileInput file={file} disabled={locked} spec={props.csv} hint={props.csvHint} onLoad={setFile} />
        )}
        <Input
          value={memo}
          disabled={locked}
          maxLength={MEMO_MAX_LENGTH}
          placeholder={t('bulkAdd.commonMemo')}
          aria-label={t('bulkAdd.commonMemo')}
          onChange={(event) => setMemo(event.target.value)}
          data-testid="bulk-memo"
        />
        {tooMany && (
          <Alert
            type="error"
            showIcon
            title={t('bulkAdd.tooMany', { count: summary.toSend, max: MAX_IDS_PER_REQUEST })}
          />
        )}
        {error && (
          <Alert
            type="error"
            showIcon
            title={error}
            description={sent?.refused ? t('bulkAdd.refusedHint') : undefined}
            data-testid="bulk-error"
          />
        )}
        {done && (
          <Alert
            type="success"
            showIcon
            title={t('bulkAdd.result', { added: summary.added, alreadyListed: summary.alreadyListed })}
            description={sent?.note}
            data-testid="bulk-result"
          />
        )}
        {entries.length > 0 && (
          <>
            {!sent && (
              <Typography.Text data-testid="bulk-summary">
                {t('bulkAdd.summary', { toSend: summary.toSend, skipped: summary.skipped })}
              </Typography.Text>
            )}
            <BulkPreview
              entries={entries}
              summary={summary}
              keyTitle={props.keyTitle}
              commonMemo={memo.trim()}
              describe={describe}
              suggestionOf={props.suggestionOf}
              onUseSuggestion={(key, suggestion) => setFixes((current) => new Map(current).set(key, suggestion))}
            />
          </>
        )}
      </Flex>
    </Modal>
  );
}
