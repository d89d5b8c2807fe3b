import { useEffect, useId } from 'react';
import { useStore } from '../../store/index.ts';
import {
  IMAGE_COLUMN_KINDS,
  type ImageColumn,
  type ImageColumnKind,
  type ImageRound,
} from '../../store/image-compare-slice.ts';
import { selectModelList } from '../../store/chat-helpers.ts';
import { firstSuitedModel } from '../../store/models-slice.ts';
import { getBridge } from '../../bridge/index.ts';
import { ModelPicker } from '../../components/ModelPicker.tsx';
import { ConnectionSelect } from '../../components/ConnectionSelect.tsx';
import { Icon } from '../../components/Icon.tsx';
import { IconButton } from '../../components/IconButton.tsx';
import { ElapsedTime } from '../../components/ElapsedTime.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { PartialImage } from '../../components/PartialImage.tsx';
import { formatBytes, formatMs } from '../../components/format.ts';
import { selectPrices } from '../../components/cost/Cost.tsx';
import { describeError } from '../../../shared/errors.ts';
import { displayModelId } from '../../../shared/display.ts';
import { replyCost, type Cost } from '../../../shared/pricing.ts';
import { familyOf, type TextFormat } from '../../../shared/formats.ts';
import { formatSends, wireName, IMAGE_CONTROL_KEYS, type ControlKey } from '../../../shared/controls.ts';
import type { Params } from '../../../shared/conversation.ts';
import type { ModelPurpose } from '../../../shared/model-kinds.ts';
import { ControlInput } from '../params/controls.tsx';
import { withParam } from '../params/edit.ts';
import { CostFigure, Figure, InspectButton } from './FiguresRow.tsx';
import { rankLowest } from '../../store/compare-slice.ts';
import { useT } from '../../i18n/useT.ts';
import { t } from '../../i18n/active.ts';
import { rich } from '../../i18n/rich.tsx';
import '../../styles/reply-images.css';

/** How each column makes its image: the format (or the images endpoint) it goes through. */
const KIND: Record<ImageColumnKind, { purpose: ModelPurpose; format: TextFormat; label: () => string }> = {
  responses: { purpose: 'responses', format: 'responses', label: () => t('compare.images.responses') },
  generate: { purpose: 'generate', format: 'generate', label: () => t('compare.images.generate') },
  // the images endpoint is billed as input and output tokens, as the responses format splits them
  images: { purpose: 'images', format: 'responses', label: () => t('compare.images.endpoint') },
};

/** The image settings of the control table: the responses tool's rows (the images endpoint takes the same), then generate's. */
const SETTING_ROWS: { format: TextFormat; keys: ControlKey[] }[] = (['responses', 'generate'] as const).map(
  (format) => ({
    format,
    // each format's switch is on in image mode: only its settings are shown
    keys: IMAGE_CONTROL_KEYS.filter((k) => formatSends(format, k)).slice(1),
  }),
);

/** Image mode's settings, once for every column: each control drawn from the table. */
export function ImageCompareSettings() {
  const params = useStore((s) => s.imageParams);
  const save = useStore((s) => s.setImageParams);
  const busy = useStore((s) => s.imageColumns.some((c) => c.run !== null));
  const update = <K extends keyof Params>(key: K, value: Params[K] | undefined) =>
    save(withParam(params, key, value));
  return (
    <fieldset className="image-compare-settings" disabled={busy} data-testid="image-compare-settings">
      <legend className="visually-hidden">{t('compare.images.settings')}</legend>
      {SETTING_ROWS.flatMap(({ format, keys }) =>
        keys.map((k) => (
          <ControlInput
            key={`${format}-${k}`}
            format={format}
            k={k}
            wire={wireName(format, k) ?? ''}
            params={params}
            update={update}
          />
        )),
      )}
    </fieldset>
  );
}

/** The three image columns side by side: what each made of every prompt, and the figures of the last. */
export function ImageCompareGrid() {
  return (
    <div
      className="compare-grid image-compare"
      style={{ gridTemplateColumns: 'repeat(3, minmax(220px, 1fr))' }}
      data-columns={3}
      data-testid="image-compare"
    >
      {IMAGE_COLUMN_KINDS.map((k) => (
        <ImageColumnHead key={`h-${k}`} kind={k} />
      ))}
      {IMAGE_COLUMN_KINDS.map((k) => (
        <ImageColumnBody key={`b-${k}`} kind={k} />
      ))}
      <ImageFiguresRow />
    </div>
  );
}

function useImageColumn(kind: ImageColumnKind): ImageColumn | undefined {
  return useStore((s) => s.imageColumns.find((c) => c.kind === kind));
}

function ImageColumnHead(props: { kind: ImageColumnKind }) {
  const col = useImageColumn(props.kind);
  const setColumn = useStore((s) => s.setImageColumn);
  const activeConnectionId = useStore((s) => s.activeConnectionId);
  const { purpose, label } = KIND[props.kind];
  const family = props.kind === 'images' ? 'bearer' : familyOf(KIND[props.kind].format);
  const list = useStore((s) => selectModelList(s, col?.connectionId ?? s.activeConnectionId, family));
  const uid = useId();
  // a column without a model takes the first its list suggests for its purpose, once the list is in
  const fill =
    col !== undefined && col.model === '' && col.run === null && list?.status === 'ready'
      ? firstSuitedModel(list.items, purpose)
      : '';
  useEffect(() => {
    if (fill !== '') setColumn(props.kind, { model: fill });
  }, [fill, props.kind, setColumn]);
  if (!col) return null;
  return (
    <div className="compare-head image-compare-head" data-testid="image-column-head" data-kind={col.kind}>
      <strong className="image-compare-kind">{label()}</strong>
      <ConnectionSelect
        value={col.connectionId ?? activeConnectionId}
        onChange={(connectionId) => setColumn(col.kind, { connectionId })}
        label={t('compare.images.connection', { column: label() })}
        id={`${uid}-connection`}
        testId="image-column-connection"
      />
      <div className="compare-model">
        <ModelPicker
          family={family}
          purpose={purpose}
          value={col.model}
          connectionId={col.connectionId ?? activeConnectionId}
          onChange={(model) => setColumn(col.kind, { model })}
          label={t('compare.images.model', { column: label() })}
          id={`${uid}-model`}
        />
      </div>
    </div>
  );
}

function ImageColumnBody(props: { kind: ImageColumnKind }) {
  const col = useImageColumn(props.kind);
  if (!col) return null;
  return (
    <div
      className="compare-body"
      data-testid="image-column"
      data-kind={col.kind}
      role="region"
      // it scrolls: a keyboard reaches it to scroll it
      tabIndex={0}
      aria-label={`${KIND[col.kind].label()} · ${col.model ? displayModelId(col.model) : t('compare.column.noModel')}`}
      aria-busy={col.run !== null}
    >
      {col.rounds.length === 0 && !col.run ? (
        <p className="compare-empty faint">
          {rich(t(`compare.images.empty.${col.kind}`), {
            endpoint: <code translate="no">POST /v1/images/generations</code>,
          })}
        </p>
      ) : null}
      {col.rounds.map((round, i) => (
        <RoundView key={i} round={round} />
      ))}
      {col.run ? (
        <>
          <div className="compare-user" translate="no">
            {col.run.prompt}
          </div>
          <ColumnPartialImage requestId={col.run.requestId} />
        </>
      ) : null}
    </div>
  );
}

function RoundView(props: { round: ImageRound }) {
  const { round } = props;
  const inspect = useStore((s) => s.openInspector);
  return (
    <>
      <div className="compare-user" translate="no">
        {round.prompt}
      </div>
      {round.error ? (
        <div className="callout callout--error compare-error" role="alert" data-testid="image-column-error">
          <Icon name="alert-circle" />
          <div className="compare-error-body">
            <span>
              {round.error.kind === 'invalid-input' ? round.error.message : describeError(round.error)}
            </span>
            {round.error.exchangeId ? (
              <IconButton
                icon="code"
                size="s"
                label={t('inspector.inspect')}
                onClick={() => inspect(round.error?.exchangeId ?? '')}
              />
            ) : null}
          </div>
        </div>
      ) : round.images.length === 0 ? (
        <p className="faint" data-testid="image-column-none">
          {t('compare.images.noImage')}
        </p>
      ) : (
        <div className="reply-images">
          {round.images.map((img) => (
            <figure
              key={img.id}
              className="reply-image"
              data-testid="image-column-image"
              data-image-id={img.id}
            >
              <img
                src={getBridge().imageUrl(img.id, 'full')}
                width={img.width}
                height={img.height}
                alt={round.prompt}
                loading="lazy"
                decoding="async"
              />
            </figure>
          ))}
        </div>
      )}
    </>
  );
}

/** The run's latest partial image, blurred and marked, or a wait until one (or the final image) comes. */
function ColumnPartialImage(props: { requestId: string }) {
  const partial = useStore((s) => s.runTexts[props.requestId]?.partialImage);
  if (!partial)
    return (
      <p className="faint image-compare-wait" data-testid="image-column-waiting">
        <Spinner /> {t('compare.images.waiting')}
      </p>
    );
  return <PartialImage src={partial.src} partial={partial.partial} testId="image-column-partial" />;
}

interface FigureCell {
  kind: ImageColumnKind;
  round: ImageRound | undefined;
  cost: Cost | undefined;
  run: { startedAt: number; firstImageAt?: number | undefined } | null;
}

/** Time to the first partial image, to the final one, the image's size, and its cost where priced. */
function ImageFiguresRow() {
  const columns = useStore((s) => s.imageColumns);
  const runs = useStore((s) => s.runs);
  const prices = useStore(selectPrices);
  const tr = useT();
  const cells = columns.map((c): FigureCell => {
    const round = c.run ? undefined : c.rounds.at(-1);
    const run = c.run ? runs[c.run.requestId] : undefined;
    return {
      kind: c.kind,
      round,
      cost: round?.usage
        ? replyCost(prices, KIND[c.kind].format, { model: round.model, usage: round.usage }, c.model)
        : undefined,
      run: run ? { startedAt: run.startedAt, firstImageAt: run.firstImageAt } : null,
    };
  });
  const firstRank = rankLowest(cells.map((c) => c.round?.firstImageMs));
  const finalRank = rankLowest(cells.map((c) => c.round?.totalMs));
  const costRank = rankLowest(cells.map((c) => c.cost?.amount));
  return (
    <>
      {cells.map((c, i) => {
        const image = c.round?.images[0];
        return (
          <div key={c.kind} className="compare-figures" data-testid="image-figures" data-kind={c.kind}>
            {c.run ? (
              <dl className="figures-list">
                <Figure
                  label={tr('compare.images.firstImage')}
                  value={
                    c.run.firstImageAt !== undefined ? formatMs(c.run.firstImageAt - c.run.startedAt) : '…'
                  }
                />
                <Figure label={tr('compare.images.final')} value={<ElapsedTime since={c.run.startedAt} />} />
              </dl>
            ) : c.round ? (
              <>
                <dl className="figures-list">
                  <Figure
                    label={tr('compare.images.firstImage')}
                    value={formatMs(c.round.firstImageMs)}
                    rank={firstRank[i]}
                    testId="figure-first-image"
                  />
                  <Figure
                    label={tr('compare.images.final')}
                    value={formatMs(c.round.totalMs)}
                    rank={finalRank[i]}
                    testId="figure-final-image"
                  />
                  <Figure
                    label={tr('compare.images.size')}
                    value={
                      image ? (
                        <span translate="no">
                          {image.width}×{image.height}
                          {image.bytes !== undefined ? ` · ${formatBytes(image.bytes)}` : ''}
                        </span>
                      ) : (
                        '–'
                      )
                    }
                    testId="figure-image-size"
                    warn={!image}
                  />
                  {c.cost ? <CostFigure cost={c.cost} rank={costRank[i]} /> : null}
                </dl>
                <InspectButton exchangeId={c.round.exchangeId} testId="image-inspect" />
              </>
            ) : (
              <span className="faint figures-none">{tr('compare.images.none')}</span>
            )}
          </div>
        );
      })}
    </>
  );
}
