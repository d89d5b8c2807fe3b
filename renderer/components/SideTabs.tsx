import { useStore } from '../store/index.ts';
import type { SideTab } from '../store/app-slice.ts';
import { Tabs, tabId, tabPanelId } from './Tabs.tsx';
import { IconButton } from './IconButton.tsx';
import { t } from '../i18n/active.ts';

const PREFIX = 'side';
export const SIDE_PARAMS_PANEL = tabPanelId(PREFIX, 'params');
export const SIDE_INSPECTOR_PANEL = tabPanelId(PREFIX, 'inspector');
export const sideTabId = (id: SideTab) => tabId(PREFIX, id);

/**
 * The side column's two tabs, Parameters and Inspector, when both are open beside a text tab: one column
 * beside the conversation instead of two (or one floating over the message box).
 */
export function SideTabs(props: { value: SideTab; onChange(tab: SideTab): void }) {
  return (
    <Tabs
      items={[
        { id: 'params', label: t('params.title'), testId: 'side-tab-params' },
        { id: 'inspector', label: t('inspector.title'), testId: 'side-tab-inspector' },
      ]}
      value={props.value}
      onChange={props.onChange}
      label={t('app.side.tabs')}
      idPrefix={PREFIX}
      className="tabs side-tabs"
    />
  );
}

/** The side column's close button while it shows the parameters: it hides them, the inspector stays. */
export function SideParamsClose() {
  const setParamsOpen = useStore((s) => s.setParamsOpen);
  return (
    <IconButton
      icon="x"
      size="s"
      label={t('params.hide')}
      onClick={() => setParamsOpen(false)}
      data-testid="side-params-close"
    />
  );
}
