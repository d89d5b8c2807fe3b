import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
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
export function McpToolsPicker(props: {
  params: Params;
  save: (p: Params) => void;
  /** the stored conversation these parameters are of: its "always run" tools are shown */
  conversationId?: string | undefined;
  /**
   * Compare: the columns' conversations these parameters go to, whose "always run" tools are shown (the
   * store forgets them itself when the tools change), and where it applies to them
   */
  alwaysIn?: { conversationIds: readonly string[]; where: 'column' | 'columns' } | undefined;
}) {
  const { params, save, conversationId, alwaysIn } = props;
  const toolsChanged = useStore((s) => s.mcpToolsChanged);
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
    // the host forgets the conversation's "always run" tools when its tools change; so does the page
    if (conversationId !== undefined) toolsChanged(conversationId);
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
      {chosen.length === 0 ? null : alwaysIn !== undefined ? (
        <AlwaysRun conversationIds={alwaysIn.conversationIds} where={alwaysIn.where} />
      ) : conversationId !== undefined ? (
        <AlwaysRun conversationIds={[conversationId]} where="conversation" />
      ) : null}
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
            // the switch beside the summary, never inside it: a control within a summary is two
            // controls in one for a screen reader (axe: nested-interactive)
            <div key={`${s.name}/${tool.name}`} className="mcp-tool" data-testid="mcp-tool">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) => toggle(ref, e.target.checked)}
                aria-label={t('mcp.tools.use', { tool: tool.name, server: s.name })}
                data-testid="mcp-tool-toggle"
              />
              <details>
                <summary className="field-row">
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
            </div>
          );
        }),
      )}
    </div>
  );
}

const ALWAYS_LABEL = {
  conversation: 'mcp.tools.always',
  column: 'mcp.tools.alwaysColumn',
  columns: 'mcp.tools.alwaysColumns',
} as const;

/**
 * The tools these conversations run without asking (one conversation, or Compare's columns), and the
 * user's way to be asked again.
 */
function AlwaysRun(props: { conversationIds: readonly string[]; where: keyof typeof ALWAYS_LABEL }) {
  const { conversationIds, where } = props;
  const lists = useStore(useShallow((s) => conversationIds.map((id) => s.mcpAlways[id])));
  const load = useStore((s) => s.loadMcpAlways);
  const clear = useStore((s) => s.clearMcpAlways);
  const missing = conversationIds.filter((_, i) => lists[i] === undefined).join('\n');
  useEffect(() => {
    // keyed by the ids as text: a new array of the same ids asks nothing again
    for (const id of missing === '' ? [] : missing.split('\n')) void load(id);
  }, [missing, load]);
  const refs: McpToolRef[] = [];
  for (const ref of lists.flatMap((l) => l ?? [])) if (!refs.some((r) => same(r, ref))) refs.push(ref);
  if (refs.length === 0) return null;
  return (
    <div className="field-row mcp-always" data-testid="mcp-always-list">
      <span className="field-hint">
        {t(ALWAYS_LABEL[where])}{' '}
        <span className="mono" translate="no">
          {refs.map((r) => `${r.tool} (${r.server})`).join(', ')}
        </span>
      </span>
      <Button
        size="s"
        onClick={() => {
          for (const [i, id] of conversationIds.entries()) if (lists[i]?.length) void clear(id);
        }}
        data-testid="mcp-always-clear"
      >
        {t('mcp.tools.askAgain')}
      </Button>
    </div>
  );
}
