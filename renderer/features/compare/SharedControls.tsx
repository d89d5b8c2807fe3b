import type { Params } from '../../../shared/conversation.ts';
// formats as the narrow tabs name them: short enough for one line under a control
import { SHORT_FORMAT_NAMES, type TextFormat } from '../../../shared/formats.ts';
import { MORE_CONTROL_KEYS, formatSends, wireName, type ControlKey } from '../../../shared/controls.ts';
import { sendsOutput } from '../../store/compare-params.ts';
import { ControlInput, ExtraBodyField } from '../params/controls.tsx';
import { OUTPUT_WIRE, StructuredOutput } from '../params/StructuredOutput.tsx';
import type { Update } from '../params/edit.ts';
import { t } from '../../i18n/active.ts';

/**
 * The chat panel's "More controls" and "Structured output" for the set every column shares. The columns'
 * formats differ in what they take, so each control shows once with the union of their names and says
 * under it which columns send it and which do not (a format that lacks a control simply does not get it).
 */

/**
 * Which columns' formats send a control: "Sent in Chat, Generate · not sent in Messages" while it is set,
 * "For Chat, Generate · not Messages" while it is not.
 */
function sentWhere(formats: readonly TextFormat[], sends: (f: TextFormat) => boolean, set: boolean) {
  const sep = t('params.listSeparator');
  const yes = formats
    .filter(sends)
    .map((f) => SHORT_FORMAT_NAMES[f])
    .join(sep);
  const no = formats
    .filter((f) => !sends(f))
    .map((f) => SHORT_FORMAT_NAMES[f])
    .join(sep);
  if (yes === '') return { yes: t('params.where.notSentIn', { formats: no }), no: '' };
  return {
    yes: t(set ? 'params.where.sentIn' : 'params.where.for', { formats: yes }),
    no: no === '' ? '' : t(set ? 'params.where.notSentInOthers' : 'params.where.not', { formats: no }),
  };
}

function SentWhere(props: {
  formats: readonly TextFormat[];
  sends(f: TextFormat): boolean;
  set: boolean;
  /** why the others do not send it, in brackets with the space before them that the language wants */
  why?: string | undefined;
  /** the name it goes out under in each format */
  wire?: (f: TextFormat) => string | undefined;
}) {
  const { formats, wire } = props;
  const { yes, no } = sentWhere(formats, props.sends, props.set);
  const title = wire
    ? formats
        .map((f) => `${SHORT_FORMAT_NAMES[f]}${t('params.colon')}${wire(f) ?? t('params.notSent')}`)
        .join(' · ')
    : undefined;
  return (
    <span className="field-hint compare-where" title={title} data-testid="control-where">
      {yes}
      {no ? (
        <>
          {' · '}
          <span className="compare-where-not">
            {no}
            {props.why ?? ''}
          </span>
        </>
      ) : null}
    </span>
  );
}

/** Each distinct name a control goes out under in these formats: "top_p / topP". */
function wireNames(formats: readonly TextFormat[], key: ControlKey): string {
  const names = formats.flatMap((f) => wireName(f, key) ?? []);
  return [...new Set(names)].join(' / ');
}

/** The shared set's less common controls: every control some column's format has, collapsed. */
export function SharedMoreControls(props: {
  formats: readonly TextFormat[];
  params: Params;
  update: Update;
}) {
  const { formats, params, update } = props;
  const keys = MORE_CONTROL_KEYS.filter((k) => formats.some((f) => formatSends(f, k)));
  const sent = keys.filter((k) => params[k] !== undefined).length + (params.extraBody ? 1 : 0);
  // Which format a field reports a bad value under does not matter here: Compare keeps them per scope.
  const format = formats[0] ?? 'chat';

  return (
    <details className="params-group compare-more" data-testid="more-controls">
      <summary>
        {t('params.more')}
        {sent > 0 ? <span className="faint"> · {t('params.more.sent', { count: sent })}</span> : null}
      </summary>
      <div className="compare-more-body">
        {keys.map((k) => (
          <div key={k} className="compare-control" data-control={k}>
            <ControlInput
              format={format}
              k={k}
              wire={wireNames(formats, k)}
              params={params}
              update={update}
              hint={
                k === 'thinkingLevel' && params.thinkingBudget !== undefined
                  ? t('params.thinkingLevel.clashGenerate')
                  : undefined
              }
            />
            <SentWhere
              formats={formats}
              sends={(f) => formatSends(f, k)}
              set={params[k] !== undefined}
              wire={(f) => wireName(f, k)}
            />
          </div>
        ))}
        <div className="compare-control" data-control="extraBody">
          <ExtraBodyField format={format} value={params.extraBody} onCommit={(v) => update('extraBody', v)} />
          <SentWhere formats={formats} sends={() => true} set={params.extraBody !== undefined} />
        </div>
      </div>
    </details>
  );
}

/**
 * The chat panel's structured output for the shared set, offered as the most capable column's format has
 * it (plain JSON unless every column is messages), with which columns send the choice. The section's own
 * badge names one format's field, so here the line under it says where it goes instead (compare.css).
 */
export function SharedStructuredOutput(props: {
  formats: readonly TextFormat[];
  params: Params;
  update: Update;
}) {
  const { formats, params, update } = props;
  const format = formats.find((f) => OUTPUT_WIRE[f].json !== undefined) ?? formats[0] ?? 'chat';
  const output = params.output;
  const mixed = formats.includes('messages') && formats.some((f) => f !== 'messages');
  return (
    <div className="compare-control" data-control="output">
      <StructuredOutput format={format} params={params} update={update} />
      {output ? (
        <SentWhere
          formats={formats}
          sends={(f) => sendsOutput(f, output)}
          set
          why={output.mode === 'json' ? t('params.where.noJsonMode') : undefined}
          wire={(f) => (output.mode === 'json' ? OUTPUT_WIRE[f].json : OUTPUT_WIRE[f].schema)}
        />
      ) : mixed ? (
        <span className="field-hint compare-where" data-testid="control-where">
          {t('params.where.messagesSchemaOnly')}
        </span>
      ) : null}
    </div>
  );
}
