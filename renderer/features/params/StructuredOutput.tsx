import { useId, useState } from 'react';
import { OutputSchema, type Output, type Params } from '../../../shared/conversation.ts';
import { CHECKED_KEYWORDS, schemaTextProblem } from '../../../shared/json-schema.ts';
import type { TextFormat } from '../../../shared/formats.ts';
import { t } from '../../i18n/active.ts';
import { sharedProblemText } from '../../i18n/problem-text.ts';
import type { Update } from './edit.ts';
import { useReportInvalid } from './invalid.ts';
import { SentBadge } from './controls.tsx';

/** Where each format sends structured output; messages has only a schema (no plain JSON mode). */
export const OUTPUT_WIRE: Record<TextFormat, { json?: string; schema: string }> = {
  chat: { json: 'response_format', schema: 'response_format' },
  responses: { json: 'text.format', schema: 'text.format' },
  generate: { json: 'generationConfig.responseMimeType', schema: 'generationConfig.responseJsonSchema' },
  messages: { schema: 'output_config.format' },
};

const STARTER_SCHEMA = JSON.stringify(
  {
    type: 'object',
    properties: { answer: { type: 'string' } },
    required: ['answer'],
    additionalProperties: false,
  },
  null,
  2,
);

/**
 * Structured output: off, plain JSON or a JSON Schema. The name and schema are checked as typed (line and
 * column, the host's words); only a valid pair is saved, so Send waits while either is broken.
 */
export function StructuredOutput(props: { format: TextFormat; params: Params; update: Update }) {
  const { format, params, update } = props;
  const wire = OUTPUT_WIRE[format];
  const saved = params.output;
  const [mode, setMode] = useState<'off' | 'json' | 'schema'>(saved?.mode ?? 'off');
  const [name, setName] = useState(saved?.mode === 'schema' ? saved.name : 'answer');
  const [schema, setSchema] = useState(saved?.mode === 'schema' ? saved.schema : STARTER_SCHEMA);
  const id = useId();
  const schemaProblem = mode === 'schema' ? schemaTextProblem(schema) : undefined;
  const nameProblem =
    mode === 'schema' && !/^[A-Za-z0-9_-]{1,64}$/.test(name) ? t('params.output.nameProblem') : undefined;
  const problem = nameProblem ?? (schemaProblem ? sharedProblemText(schemaProblem.message) : undefined);
  useReportInvalid(format, 'output', problem ?? null);

  const commit = (m: typeof mode, n: string, text: string) => {
    if (m === 'off') return update('output', undefined);
    const next: Output = m === 'json' ? { mode: 'json' } : { mode: 'schema', name: n, schema: text };
    if (OutputSchema.safeParse(next).success) update('output', next);
  };
  const jsonNote = wire.json === undefined ? t('params.output.noJsonMode') : undefined;

  return (
    <fieldset className="params-group" data-testid="param-output">
      <legend className="field-row params-label-row" style={{ width: '100%' }}>
        <span>{t('params.output')}</span>
        <SentBadge
          sent={saved !== undefined && (saved.mode === 'schema' || wire.json !== undefined)}
          wire={saved?.mode === 'json' ? (wire.json ?? '') : wire.schema}
        />
      </legend>
      <select
        className="select select--s"
        aria-label={t('params.output')}
        value={mode}
        onChange={(e) => {
          const m = e.target.value as typeof mode;
          setMode(m);
          commit(m, name, schema);
        }}
        data-testid="param-output-mode"
      >
        <option value="off">{t('params.output.off')}</option>
        <option value="json" disabled={wire.json === undefined}>
          {wire.json === undefined ? t('params.output.jsonNotInMessages') : 'JSON'}
        </option>
        <option value="schema">JSON Schema</option>
      </select>
      {jsonNote ? <span className="field-hint">{jsonNote}</span> : null}
      {mode === 'schema' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-name`}>{t('params.output.name')}</label>
            <input
              id={`${id}-name`}
              className="input input--s"
              value={name}
              aria-invalid={nameProblem ? true : undefined}
              onChange={(e) => {
                setName(e.target.value);
                commit('schema', e.target.value, schema);
              }}
              data-testid="param-output-name"
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-schema`}>JSON Schema</label>
            <textarea
              id={`${id}-schema`}
              className="textarea mono"
              rows={6}
              spellCheck={false}
              value={schema}
              aria-invalid={schemaProblem ? true : undefined}
              aria-describedby={`${id}-msg`}
              style={{ fontSize: 'var(--fs-xs)' }}
              onChange={(e) => {
                setSchema(e.target.value);
                commit('schema', name, e.target.value);
              }}
              data-testid="param-output-schema"
            />
          </div>
        </>
      ) : null}
      <span
        id={`${id}-msg`}
        className={problem ? 'field-error' : 'field-hint'}
        role={problem ? 'alert' : undefined}
        data-testid={problem ? 'param-output-error' : undefined}
      >
        {problem ??
          (mode === 'off'
            ? t('params.output.hint.off')
            : mode === 'json'
              ? t('params.output.hint.json')
              : t('params.output.hint.schema', { keywords: CHECKED_KEYWORDS.join(', ') }))}
      </span>
    </fieldset>
  );
}
