import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useStore } from '../../store/index.ts';
import {
  COMPARE_FILES,
  MAX_COLUMNS,
  selectColumnParams,
  selectCompareFiles,
  selectCompareInvalid,
  selectCompareBusy,
} from '../../store/compare-slice.ts';
import { AttachButton, ComposerFiles, usePasteFiles } from '../../components/turn/Attachments.tsx';
import { useSendWhenReady } from '../../components/turn/useSendWhenReady.ts';
import { SendQueued } from '../../components/turn/SendQueued.tsx';
import { FORMAT_LABELS } from '../../../shared/formats.ts';
import { Button } from '../../components/Button.tsx';
import { useElementSize } from './useElementSize.ts';
import { PARAMS_W } from '../../components/layout.ts';
import { paramsProblem } from '../params/params-problem.ts';
import { ColumnHeader, ColumnBody } from './CompareColumn.tsx';
import type { ColumnPresetsSlot } from '../../components/slots.ts';
import { FiguresRow } from './FiguresRow.tsx';
import { ColumnSwitcher, columnPanelId, columnTabId } from './ColumnSwitcher.tsx';
import { selectCallsWaiting } from './ColumnTools.tsx';
import { CompareParamsPanel, SameParamsSwitch } from './CompareParams.tsx';
import { ComparisonsButton } from './ComparisonsList.tsx';
import { ImageCompareGrid, ImageCompareSettings } from './ImageCompare.tsx';
import type { StoreState } from '../../store/types.ts';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';
import './compare.css';

/** Below this width a column would squeeze its reply: the columns are then shown one at a time. */
const COLUMN_MIN_W = 220;
/**
 * Below this height the rows of choices and figures leave side-by-side replies a few lines: the columns
 * are then shown one at a time too (at 720x480 three columns left 60 px for their replies).
 */
const SIDE_BY_SIDE_MIN_H = 600;
/** The parameters panel sits beside the columns when each keeps this much room; otherwise it floats. */
const COLUMN_ROOM_W = 260;

/** Why the columns cannot be sent as they are, files aside: a field being typed, or a set a format refuses. */
function selectColumnsProblem(s: StoreState): string | null {
  // image mode sends no text column: its settings are choices from the table, always valid
  if (s.compareImageMode) return null;
  const invalid = selectCompareInvalid(s);
  if (invalid) return invalid;
  const waiting = selectCallsWaiting(s);
  if (waiting) return waiting;
  for (const [i, col] of s.compareColumns.entries()) {
    const problem = paramsProblem(col.format, selectColumnParams(s, col));
    if (problem)
      return t('compare.columnProblem', {
        n: i + 1,
        format: FORMAT_LABELS[col.format],
        problem: problem.message,
      });
  }
  return null;
}

/** Why the files cannot go with the prompt: one still being added or refused, or a column's limits. */
function selectFilesProblem(s: StoreState): string | null {
  if (s.compareImageMode || (s.composerFiles[COMPARE_FILES] ?? []).length === 0) return null;
  const files = selectCompareFiles(s);
  return 'problem' in files ? files.problem : null;
}

/** Compare: one prompt, two to four (format, model) columns answering at once, figures side by side. */
/** `presets` is each column's Presets menu (features/presets, passed in by App.tsx). */
export function CompareTab(props: { presets: ColumnPresetsSlot }) {
  const settings = useStore((s) => s.settings);
  const hydrated = useStore((s) => s.compareHydrated);
  const hydrate = useStore((s) => s.hydrateCompare);
  const keys = useStore(useShallow((s) => s.compareColumns.map((c) => c.key)));
  const imageMode = useStore((s) => s.compareImageMode);
  const paramsOpen = useStore((s) => s.compareParamsOpen !== null && !s.compareImageMode);
  const [ref, size] = useElementSize<HTMLDivElement>();
  const width = size.width;
  const floating = width - PARAMS_W < keys.length * COLUMN_ROOM_W;
  // Before the first measure (0 x 0) the columns stay side by side, as they were.
  const room = paramsOpen && !floating ? width - PARAMS_W : width;
  const stacked = size.width > 0 && (room < keys.length * COLUMN_MIN_W || size.height < SIDE_BY_SIDE_MIN_H);
  const [picked, setPicked] = useState<string | null>(null);
  const shown = picked !== null && keys.includes(picked) ? picked : (keys[0] ?? null);

  useEffect(() => {
    if (settings && !hydrated) hydrate(settings);
  }, [settings, hydrated, hydrate]);

  const classes = ['compare', paramsOpen && 'has-params', paramsOpen && floating && 'is-floating'];
  return (
    <div ref={ref} className={classes.filter(Boolean).join(' ')} data-testid="compare">
      <div className="compare-main">
        <CompareComposer />
        {imageMode ? (
          <ImageCompareGrid />
        ) : keys.length > 0 && stacked && shown !== null ? (
          <>
            <ColumnSwitcher keys={keys} value={shown} onChange={setPicked} />
            <div className="compare-grid is-stacked" data-columns={1} data-testid="compare-stacked">
              {keys.map((k, i) => (
                <ColumnHeader
                  key={`h-${k}`}
                  columnKey={k}
                  index={i}
                  hidden={k !== shown}
                  presets={props.presets}
                />
              ))}
              {keys.map((k) => (
                <ColumnBody
                  key={`b-${k}`}
                  columnKey={k}
                  hidden={k !== shown}
                  panel={{ id: columnPanelId(k), labelledBy: columnTabId(k) }}
                />
              ))}
              <FiguresRow only={shown} />
            </div>
          </>
        ) : keys.length > 0 ? (
          <div
            className="compare-grid"
            style={{ gridTemplateColumns: `repeat(${keys.length}, minmax(${COLUMN_MIN_W}px, 1fr))` }}
            data-columns={keys.length}
          >
            {keys.map((k, i) => (
              <ColumnHeader key={`h-${k}`} columnKey={k} index={i} presets={props.presets} />
            ))}
            {keys.map((k) => (
              <ColumnBody key={`b-${k}`} columnKey={k} />
            ))}
            <FiguresRow />
          </div>
        ) : null}
      </div>
      {paramsOpen ? <CompareParamsPanel floating={floating} /> : null}
    </div>
  );
}

function CompareComposer() {
  const prompt = useStore((s) => s.comparePrompt);
  const setPrompt = useStore((s) => s.setComparePrompt);
  const imageMode = useStore((s) => s.compareImageMode);
  const send = useStore((s) => (s.compareImageMode ? s.sendImageCompare : s.sendCompare));
  const stop = useStore((s) => (s.compareImageMode ? s.stopImageCompare : s.stopCompare));
  const reset = useStore((s) => (s.compareImageMode ? s.newImageComparison : s.newComparison));
  const add = useStore((s) => s.addCompareColumn);
  // the runs of the mode on screen: image mode's columns, or the text columns
  const runIds = useStore(
    useShallow((s) =>
      (s.compareImageMode ? s.imageColumns : s.compareColumns).flatMap((c) =>
        c.run ? [c.run.requestId] : [],
      ),
    ),
  );
  // a server tool a text column's reply called runs too: Stop ends it with the requests
  const toolsRunning = useStore((s) => !s.compareImageMode && selectCompareBusy(s));
  const running = runIds.length > 0 || toolsRunning;
  const stopping = useStore((s) => runIds.some((id) => s.runs[id]?.stopping === true));
  const started = useStore(
    (s) =>
      running ||
      (s.compareImageMode
        ? s.imageColumns.some((c) => c.rounds.length > 0)
        : s.compareColumns.some((c) => c.turns.length > 0)),
  );
  const count = useStore((s) => s.compareColumns.length);
  const columnsProblem = useStore(selectColumnsProblem);
  const problem = useStore((s) => columnsProblem ?? selectFilesProblem(s));
  const hasFiles = useStore((s) => (s.composerFiles[COMPARE_FILES]?.length ?? 0) > 0);
  const hasSomething = prompt.trim() !== '' || hasFiles;
  // as in Chat: Enter while a file is still being added waits for it, then sends to every column
  const waiter = useSendWhenReady(COMPARE_FILES, () => {
    if (hasSomething) void send();
  });
  // another comparison or the image mode ends the wait, as another conversation does in Chat: the send
  // was for these columns
  const comparisonId = useStore((s) => s.comparisonId);
  const { cancel } = waiter;
  useEffect(() => cancel(), [comparisonId, imageMode, cancel]);
  const canQueue = !imageMode && !running && columnsProblem === null && waiter.coming && hasSomething;
  // the files go to every column: an image is fitted to the limits of all their formats at once
  const formats = useStore(useShallow((s) => [...new Set(s.compareColumns.map((c) => c.format))]));
  const uid = useId();
  const onPaste = usePasteFiles(COMPARE_FILES);

  const submit = () => {
    if (canQueue) waiter.queue();
    else if (!running && problem === null) void send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <div className="compare-composer">
      <label htmlFor={`${uid}-prompt`} className="visually-hidden">
        {t('compare.prompt.label')}
      </label>
      <textarea
        id={`${uid}-prompt`}
        className="textarea compare-input"
        rows={2}
        value={prompt}
        placeholder={
          imageMode
            ? t('compare.images.prompt')
            : started
              ? t('compare.prompt.followUp')
              : t('compare.prompt.placeholder')
        }
        data-testid="compare-input"
        onChange={(e) => setPrompt(e.target.value)}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
      />
      <div className="compare-composer-actions">
        {running ? (
          <Button icon="stop" busy={stopping} onClick={() => void stop()} data-testid="compare-stop">
            {t('compare.stopAll')}
          </Button>
        ) : (
          <Button
            variant="primary"
            icon="send"
            disabled={!canQueue && (!hasSomething || problem !== null)}
            title={(canQueue ? t('compare.sendWhenIn') : problem) ?? undefined}
            onClick={submit}
            data-testid="compare-send"
          >
            {t('compare.sendAll')}
          </Button>
        )}
        <div className="compare-composer-secondary">
          {imageMode ? null : (
            <AttachButton
              draftKey={COMPARE_FILES}
              size="s"
              label={t('compare.attach')}
              testId="compare-attach"
            />
          )}
          {imageMode ? null : (
            <Button
              size="s"
              variant="ghost"
              icon="plus"
              disabled={count >= MAX_COLUMNS || running}
              onClick={add}
              data-testid="compare-add-column"
              title={
                count >= MAX_COLUMNS
                  ? t('compare.column.atMost', { count: MAX_COLUMNS })
                  : t('compare.column.add.title')
              }
            >
              {t('compare.column.add')}
            </Button>
          )}
          <Button
            size="s"
            variant="ghost"
            icon="refresh"
            disabled={!started}
            onClick={() => void reset()}
            data-testid="compare-new"
          >
            {t('compare.new')}
          </Button>
        </div>
      </div>
      {imageMode ? (
        <ImageCompareSettings />
      ) : (
        <div className="compare-files">
          <ComposerFiles draftKey={COMPARE_FILES} formats={formats} />
        </div>
      )}
      <div className="compare-bar">
        <ModeSwitch disabled={running} />
        {imageMode ? null : <SameParamsSwitch />}
        {imageMode ? (
          <p className="compare-hint faint">{t('compare.images.hint')}</p>
        ) : waiter.queued ? (
          <SendQueued
            text={t('compare.sendingWhenIn')}
            onCancel={waiter.cancel}
            className="compare-problem"
          />
        ) : problem ? (
          <span className="field-error compare-problem" role="alert" data-testid="compare-params-problem">
            {problem}
          </span>
        ) : (
          <p className="compare-hint faint">
            {rich(t('compare.hint'), {
              enter: <kbd className="kbd">Enter</kbd>,
              shift: <kbd className="kbd">Shift</kbd>,
            })}
          </p>
        )}
        <ComparisonsButton />
      </div>
    </div>
  );
}

/** Text columns or image columns: switching leaves the comparison on screen (it stays stored). */
function ModeSwitch(props: { disabled: boolean }) {
  const imageMode = useStore((s) => s.compareImageMode);
  const setMode = useStore((s) => s.setCompareImageMode);
  return (
    <div className="segmented compare-mode" role="group" aria-label={t('compare.mode.label')}>
      {([false, true] as const).map((images) => (
        <button
          key={String(images)}
          type="button"
          className={`segmented-item${imageMode === images ? ' is-on' : ''}`}
          aria-pressed={imageMode === images}
          disabled={props.disabled}
          onClick={() => void setMode(images)}
          data-testid={images ? 'compare-mode-images' : 'compare-mode-text'}
        >
          {t(images ? 'compare.mode.images' : 'compare.mode.text')}
        </button>
      ))}
    </div>
  );
}
