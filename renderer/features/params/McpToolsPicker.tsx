import { useEffect } from 'react';
import { useStore } from '../../store/index.ts';
import type { Params } from '../../../shared/conversation.ts';
import { mcpFunctionNames } from '../../../shared/mcp.ts';
import { MAX_TOOLS, type McpToolRef } from '../../../shared/tools.ts';
import { Button } from '../../components/Button.tsx';
import { t } from '../../i18n/active.ts';

const same = (a: McpToolRef, b: McpToolRef) => a.server === b.server && a.tool === b.tool;

/**
 * The tools of the enabled servers in mcp.json, each switched on or off for this conversation: its name,
 * server, description, input schema and the function name it is sent under in every format.
 */
export function McpToolsPicker(props: { params: Params; save: (p: Params) => void }) {
  const { params, save } = props;
  const mcp = useStore((s) => s.mcp);
  const loading = useStore((s) => s.mcpLoading);
  const loadMcp = useStore((s) => s.loadMcp);
  useEffect(() => {
    if (mcp === null) void loadMcp(true);
  }, [mcp, loadMcp]);

  const chosen = params.mcpTools ?? [];
  const names = mcpFunctionNames(
    (params.tools ?? []).map((d) => d.name),
    chosen,
  );
  const nameOf = (ref: McpToolRef) => [...names].find(([, r]) => same(r, ref))?.[0];
  const toggle = (ref: McpToolRef, on: boolean) => {
    const next = on ? [...chosen, ref].slice(0, MAX_TOOLS) : chosen.filter((r) => !same(r, ref));
    const p: Params = { ...params };
    if (next.length > 0) p.mcpTools = next;
    else delete p.mcpTools;
    save(p);
  };
  const servers = (mcp?.servers ?? []).filter((s) => s.enabled);
  const unavailable = [...new Set(chosen.map((r) => r.server))].filter(
    (name) => !servers.some((s) => s.name === name && s.state === 'ready'),
  );

  return (
    <div className="mcp-tools" data-testid="mcp-tools">
      <div className="field-row params-label-row">
        <span>{t('mcp.tools.title')}</span>
        <Button
          size="s"
          icon="refresh"
          onClick={() => void loadMcp(true)}
          disabled={loading}
          data-testid="mcp-tools-load"
        >
          {t('mcp.tools.load')}
        </Button>
      </div>
      {servers.every((s) => s.tools.length === 0) ? (
        <span className="field-hint">{t('mcp.tools.empty')}</span>
      ) : null}
      {unavailable.map((server) => (
        <span key={server} className="field-error" role="note">
          {t('mcp.tools.unavailable', { server })}
        </span>
      ))}
      {servers.map((s) =>
        s.tools.map((tool) => {
          const ref = { server: s.name, tool: tool.name };
          const on = chosen.some((r) => same(r, ref));
          const sentAs = nameOf(ref);
          return (
            <details key={`${s.name}/${tool.name}`} className="mcp-tool" data-testid="mcp-tool">
              <summary className="field-row">
                <input
                  type="checkbox"
                  checked={on}
                  onChange={(e) => toggle(ref, e.target.checked)}
                  onClick={(e) => e.stopPropagation()}
                  aria-label={t('mcp.tools.use', { tool: tool.name, server: s.name })}
                  data-testid="mcp-tool-toggle"
                />
                <span className="mono" translate="no">
                  {tool.name}
                </span>
                <span className="faint" translate="no">
                  {s.name}
                </span>
                {on && sentAs ? (
                  <span className="faint mono">{t('mcp.tools.sentAs', { name: sentAs })}</span>
                ) : null}
              </summary>
              {tool.description ? (
                <p className="field-hint" translate="no">
                  {tool.description}
                </p>
              ) : null}
              <pre className="mono mcp-schema" translate="no">
                {JSON.stringify(JSON.parse(tool.inputSchema) as unknown, null, 2)}
              </pre>
            </details>
          );
        }),
      )}
    </div>
  );
}
